import type { ServerResponse } from 'node:http';
import { DEFAULT_HEIGHTS, DEFAULT_MEDIA_DURATION_SECONDS, ensureMedia, type MediaSet } from './media.js';
import type { IncomingMessage } from 'node:http';
import {
  COOKIE_HEADER,
  type FakeAccount,
  type FakeApiFailure,
  type FakeChannel,
  type FakeFailure,
  type FakeMediaFailures,
  type FakePlatformInit,
  type FakePlaylist,
  type FakeSearchBehavior,
  type FakeSearchFailure,
  type FakeTab,
  type FakeThrottle,
  type FakeVideo,
  type StoredChannel,
  type StoredPlaylist,
  type StoredVideo,
} from './types.js';
import {
  dateOf,
  DEFAULT_TIMESTAMP,
  fakeVideoId,
  GENERATED_NEWEST,
  handleOf,
  numberFrom,
  timestampOf,
} from './values.js';

const tabLabel = (tab: FakeTab | null) => (tab === 'shorts' ? 'Short' : tab === 'streams' ? 'Stream' : 'Video');

/**
 * What every route module shares: the videos, channels and playlists of the platform, the
 * failures tests switch on, and the Data API's keys and quota.
 */
export class PlatformState {
  readonly videos = new Map<string, StoredVideo>();
  readonly channels = new Map<string, StoredChannel>();
  readonly playlists = new Map<string, StoredPlaylist>();
  /** Media responses held open by the `stall` failure. */
  readonly stalled = new Set<ServerResponse>();
  /** The server's own URL, for the media and image URLs in answers (set once it listens). */
  base = '';
  searchBehavior: { failure: FakeSearchFailure | null; delayMs: number } = { failure: null, delayMs: 0 };
  readonly api: { keys: Set<string>; quota: number; used: number; failure: FakeApiFailure | null };
  account: FakeAccount | null = null;
  readonly defaultDuration: number;
  readonly defaultMediaSpec: { durationSeconds: number; heights: number[] };

  constructor(init: FakePlatformInit) {
    this.defaultDuration = init.mediaDurationSeconds ?? DEFAULT_MEDIA_DURATION_SECONDS;
    this.defaultMediaSpec = { durationSeconds: this.defaultDuration, heights: [...DEFAULT_HEIGHTS] };
    this.api = {
      keys: new Set(init.apiKeys ?? ['test-data-api-key']),
      quota: init.apiQuota ?? 10000,
      used: 0,
      failure: null,
    };
  }

  /** The media files of a video (built by ffmpeg once per duration and heights, then cached). */
  mediaFor(v: StoredVideo): Promise<MediaSet> {
    return ensureMedia({ durationSeconds: v.duration, heights: v.heights });
  }

  /** The default media set, whose thumbnails and channel art every video and channel shares. */
  defaultMedia(): Promise<MediaSet> {
    return ensureMedia(this.defaultMediaSpec);
  }

  private fillVideo(v: FakeVideo): StoredVideo {
    if (!/^[\w-]{11}$/.test(v.id)) throw new Error(`Video id must be 11 characters of [A-Za-z0-9_-]: ${v.id}`);
    const timestamp = v.timestamp ?? (v.uploadDate ? timestampOf(v.uploadDate) : DEFAULT_TIMESTAMP);
    const mediaType = v.mediaType ?? (v.liveStatus && v.liveStatus !== 'not_live' ? 'livestream' : 'video');
    return {
      id: v.id,
      title: v.title,
      channelId: v.channelId,
      channel: v.channel,
      handle: handleOf(v.handle),
      duration: v.duration ?? this.defaultDuration,
      heights: [...new Set(v.heights ?? DEFAULT_HEIGHTS)].sort((a, b) => a - b),
      uploadDate: v.uploadDate ?? dateOf(timestamp),
      timestamp,
      description: v.description ?? `${v.title}\n\nA fixture video of ${v.channel}.`,
      tags: v.tags ?? [],
      liveStatus: v.liveStatus ?? (mediaType === 'livestream' ? 'was_live' : 'not_live'),
      availability: v.availability ?? 'public',
      mediaType,
      failure: v.failure ?? null,
      throttle: v.throttle ?? null,
      ageLimit: v.ageLimit ?? 0,
      chapters: v.chapters ?? null,
      subtitles: v.subtitles ?? {},
      requiresSignIn: v.requiresSignIn ?? false,
      mediaFailures: v.mediaFailures ? { ...v.mediaFailures } : null,
    };
  }

  addVideo(v: FakeVideo): FakeVideo {
    const stored = this.fillVideo(v);
    this.videos.set(stored.id, stored);
    // Warm up media other than the default set in the background (watch requests await it anyway).
    const spec = this.defaultMediaSpec;
    if (stored.duration !== spec.durationSeconds || stored.heights.join() !== spec.heights.join()) {
      this.mediaFor(stored).catch(() => undefined);
    }
    return stored;
  }

  private defaultVideo(id: string, c: StoredChannel, tab: FakeTab | null, index: number): FakeVideo {
    return {
      id,
      title: `${c.name} ${tabLabel(tab)} ${id}`,
      channelId: c.channelId,
      channel: c.name,
      handle: c.handle,
      timestamp: GENERATED_NEWEST - index * 86400 - (tab === 'shorts' ? 3600 : tab === 'streams' ? 7200 : 0),
      mediaType: tab === 'shorts' ? 'short' : tab === 'streams' ? 'livestream' : 'video',
      liveStatus: tab === 'streams' ? 'was_live' : 'not_live',
    };
  }

  addChannel(c: FakeChannel): FakeChannel {
    if (!/^UC[\w-]{22}$/.test(c.channelId)) throw new Error(`Channel id must be UC + 22 characters: ${c.channelId}`);
    const stored: StoredChannel = {
      channelId: c.channelId,
      handle: handleOf(c.handle),
      name: c.name,
      description: c.description ?? `${c.name} is a fixture channel.`,
      tabs: Object.fromEntries(Object.entries(c.tabs).map(([k, ids]) => [k, [...(ids ?? [])]])),
      terminated: c.terminated ?? false,
      followerCount: c.followerCount === undefined ? 1000 + numberFrom(c.channelId, 100000) : c.followerCount,
      tabPlaylists: c.tabPlaylists ?? true,
    };
    this.channels.set(stored.channelId, stored);
    for (const [tab, ids] of Object.entries(stored.tabs) as [FakeTab, string[]][]) {
      ids.forEach((id, i) => {
        if (!this.videos.has(id)) this.addVideo(this.defaultVideo(id, stored, tab, i));
      });
    }
    return stored;
  }

  addPlaylist(p: FakePlaylist): FakePlaylist {
    const stored: StoredPlaylist = {
      ...p,
      videoIds: [...p.videoIds],
      availability: p.availability ?? 'public',
      failAfter: p.failAfter ?? null,
    };
    this.playlists.set(stored.id, stored);
    const owner = this.channels.get(p.channelId);
    stored.videoIds.forEach((id, i) => {
      if (this.videos.has(id)) return;
      if (!owner)
        throw new Error(`Playlist ${p.id} lists unknown video ${id} and its channel ${p.channelId} is unknown`);
      this.addVideo(this.defaultVideo(id, owner, null, i));
    });
    return stored;
  }

  generateTab(channelId: string, tab: FakeTab, n: number): string[] {
    const c = this.channels.get(channelId);
    if (!c) throw new Error(`generateTab: unknown channel ${channelId} (addChannel first)`);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = fakeVideoId(`${channelId}/${tab}/${i}`);
      ids.push(id);
      const v = this.defaultVideo(id, c, tab, i);
      v.title = `${c.name} ${tabLabel(tab)} #${n - i}`;
      this.videos.set(id, this.fillVideo(v));
    }
    c.tabs[tab] = ids;
    return ids;
  }

  setFailure(videoId: string, failure: FakeFailure | null): void {
    const v = this.videos.get(videoId);
    if (!v) throw new Error(`setFailure: unknown video ${videoId}`);
    v.failure = failure;
  }

  setThrottle(videoId: string, throttle: FakeThrottle | null): void {
    const v = this.videos.get(videoId);
    if (!v) throw new Error(`setThrottle: unknown video ${videoId}`);
    v.throttle = throttle;
  }

  setMediaFailures(videoId: string, failures: FakeMediaFailures | null): void {
    const v = this.videos.get(videoId);
    if (!v) throw new Error(`setMediaFailures: unknown video ${videoId}`);
    v.mediaFailures = failures ? { ...failures } : null;
  }

  /** Media requests answered per video (failed ones included). */
  readonly mediaRequestCounts = new Map<string, number>();
  /** The `Range` header of each media request per video (`''` without one), in order. */
  readonly mediaRangeHeaders = new Map<string, string[]>();

  /**
   * Counts one media request of a video and says whether it must fail: the failure's status (or
   * `'reset'`) while the video's `mediaFailures` has times left, else null.
   */
  takeMediaFailure(v: StoredVideo): FakeMediaFailures['status'] | null {
    return countAndTake(this.mediaRequestCounts, v.id, v.mediaFailures);
  }

  private readonly channelPageFailures = new Map<string, FakeMediaFailures>();
  /** Channel page requests answered per channel (failed ones included). */
  readonly channelPageRequestCounts = new Map<string, number>();

  setChannelPageFailures(channelId: string, failures: FakeMediaFailures | null): void {
    if (!this.channels.has(channelId)) throw new Error(`setChannelPageFailures: unknown channel ${channelId}`);
    if (failures) this.channelPageFailures.set(channelId, { ...failures });
    else this.channelPageFailures.delete(channelId);
  }

  /** Counts one request of a channel's pages and says whether it must fail, as `takeMediaFailure`. */
  takeChannelPageFailure(channelId: string): FakeMediaFailures['status'] | null {
    return countAndTake(this.channelPageRequestCounts, channelId, this.channelPageFailures.get(channelId));
  }

  releaseStalls(): void {
    for (const res of this.stalled) res.destroy();
    this.stalled.clear();
  }

  setAccount(account: FakeAccount | null): void {
    for (const id of account?.subscriptions ?? []) {
      if (!this.channels.has(id)) throw new Error(`setAccount: unknown channel ${id} (addChannel first)`);
    }
    this.account = account ? { cookie: { ...account.cookie }, subscriptions: [...account.subscriptions] } : null;
  }

  /** Whether a request carries the signed-in account's cookie (forwarded by the yt-dlp plugin). */
  signedIn(req: IncomingMessage): boolean {
    const a = this.account;
    return a !== null && cookiesOf(req).get(a.cookie.name) === a.cookie.value;
  }

  setSearchBehavior(behavior: FakeSearchBehavior): void {
    this.searchBehavior = { failure: behavior.failure ?? null, delayMs: Math.max(0, behavior.delayMs ?? 0) };
  }
}

/** The platform cookies yt-dlp sent with a request, as the plugin forwards them. */
export function cookiesOf(req: IncomingMessage): Map<string, string> {
  const header = req.headers[COOKIE_HEADER];
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  const out = new Map<string, string>();
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) out.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return out;
}

/** Counts one request under `key` and uses up one of `failures`: its status while times are left, else null. */
function countAndTake(
  counts: Map<string, number>,
  key: string,
  failures: FakeMediaFailures | null | undefined,
): FakeMediaFailures['status'] | null {
  counts.set(key, (counts.get(key) ?? 0) + 1);
  if (!failures || failures.times <= 0) return null;
  failures.times -= 1;
  return failures.status;
}
