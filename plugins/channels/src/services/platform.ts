import {
  type JobLane,
  TAB_MEDIA_TYPE,
  TAB_TYPES,
  type SourceClient,
  type SourceFailure,
  type SourceInfo,
  type TabType,
} from '@vidkeep/contracts';
import { parseEntry, type ListedVideo } from './entries.js';

const BASE = 'https://www.youtube.com';
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const HANDLE = /^@[A-Za-z0-9._\u00B7-]{1,100}$/u;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/** The platform's playlist of one tab: `UULF` videos, `UUSH` shorts, `UULV` streams. */
export const TAB_PLAYLIST_PREFIX: Readonly<Record<TabType, string>> = {
  videos: 'UULF',
  shorts: 'UUSH',
  streams: 'UULV',
};
export const tabPlaylistId = (channelId: string, tab: TabType) => `${TAB_PLAYLIST_PREFIX[tab]}${channelId.slice(2)}`;

export const channelUrl = (channelId: string) => `${BASE}/channel/${channelId}`;

/**
 * A channel reference (URL, `@handle`, channel id) as the platform's canonical channel page URL;
 * null when it is none of those. A trailing tab (`/videos`) or query is dropped.
 */
export function normalizeChannelRef(
  input: string,
): { url: string; channelId: string | null; handle: string | null } | null {
  const text = input.trim();
  if (CHANNEL_ID.test(text)) return { url: channelUrl(text), channelId: text, handle: null };
  if (HANDLE.test(text)) return { url: `${BASE}/${text}`, channelId: null, handle: text };
  let u: URL;
  try {
    u = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!HOSTS.has(u.hostname.toLowerCase())) return null;
  const parts = u.pathname
    .split('/')
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  const [first, second] = parts;
  if (!first) return null;
  if (first === 'channel' && second && CHANNEL_ID.test(second))
    return { url: channelUrl(second), channelId: second, handle: null };
  if (HANDLE.test(first)) return { url: `${BASE}/${first}`, channelId: null, handle: first };
  if ((first === 'c' || first === 'user') && second && /^[A-Za-z0-9._-]{1,100}$/.test(second)) {
    return { url: `${BASE}/${first}/${second}`, channelId: null, handle: null };
  }
  return null;
}

export interface ChannelMetadata {
  channelId: string;
  title: string;
  description: string;
  uploader: string | null;
  handle: string | null;
  url: string;
  thumbnailUrl: string | null;
  /** The page listed at least one video or tab. */
  hasVideos: boolean;
}

function avatarOf(info: SourceInfo): string | null {
  const list = Array.isArray(info.thumbnails)
    ? (info.thumbnails as { id?: unknown; url?: unknown; width?: unknown; height?: unknown }[])
    : [];
  const pick =
    list.find((t) => t.id === 'avatar_uncropped') ??
    list.find((t) => t.width === 900 && t.height === 900) ??
    list.find((t) => typeof t.width === 'number' && t.width === t.height);
  return pick && typeof pick.url === 'string' ? pick.url : null;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The channel's own name: the page title without a tab suffix (`X - Videos`). */
function channelName(info: SourceInfo): string {
  return (
    str(info.channel) ??
    str(info.uploader) ??
    String(info.title ?? '').replace(/ - (Videos|Shorts|Live)$/, '') ??
    String(info.id)
  );
}

export type PlatformResult<T> = { ok: true; value: T } | { ok: false; failure: SourceFailure };

export interface TabListing {
  videos: ListedVideo[];
  /** Entries read (progress). */
  read: number;
}

/** A listing's outcome; a failed or stopped one keeps what was read until then (`partial`). */
export type TabListResult =
  { ok: true; value: TabListing } | { ok: false; failure: SourceFailure; partial: TabListing };

export interface ListTabOptions {
  signal?: AbortSignal;
  /** Entries read so far, called for each entry as it arrives (page by page). */
  onProgress?: (read: number) => void;
  /** The listing asks for its next page (1 = the first after the tab's own page); see `SourceQueryOptions.onPage`. */
  onPage?: (page: number) => void;
  /** Who asked: a sweep (`automatic`) waits for the platform budget and cool-down. */
  lane?: JobLane;
}

/** What vidkeep asks the platform about channels, through the downloader's yt-dlp client. */
export class ChannelPlatform {
  constructor(private readonly client: () => SourceClient) {}

  /** Channel page metadata (`--playlist-end 1`); `hasVideos` false means no downloadable videos. */
  async channelInfo(url: string, signal?: AbortSignal): Promise<PlatformResult<ChannelMetadata>> {
    const r = await this.client().playlistInfo(url, { playlistEnd: 1, timeoutMs: 60_000, signal });
    if (!r.ok) return r;
    const info = r.value;
    const channelId =
      str(info.channel_id) ?? (typeof info.id === 'string' && CHANNEL_ID.test(info.id) ? info.id : null);
    if (!channelId) return { ok: false, failure: notFound(`The page ${url} is not a channel`) };
    const handle = str(info.uploader_id)?.startsWith('@') ? str(info.uploader_id) : null;
    const entries = Array.isArray(info.entries) ? info.entries : [];
    return {
      ok: true,
      value: {
        channelId,
        title: channelName(info),
        description: str(info.description) ?? '',
        uploader: str(info.uploader) ?? str(info.channel),
        handle,
        url: handle ? `${BASE}/${handle}` : channelUrl(channelId),
        thumbnailUrl: avatarOf(info),
        hasVideos: entries.length > 0,
      },
    };
  }

  /** Which tabs exist: a tab exists when its first entry can be listed. */
  async detectTabs(channelId: string, signal?: AbortSignal): Promise<PlatformResult<TabType[]>> {
    const results = await Promise.all(
      TAB_TYPES.map(async (tab) => ({
        tab,
        r: await this.client().playlistInfo(`${channelUrl(channelId)}/${tab}`, {
          playlistEnd: 1,
          timeoutMs: 60_000,
          signal,
        }),
      })),
    );
    const found: TabType[] = [];
    for (const { tab, r } of results) {
      if (r.ok) {
        if (Array.isArray(r.value.entries) && r.value.entries.length > 0) found.push(tab);
      } else if (!r.failure.notFound) {
        return r;
      }
    }
    return { ok: true, value: found };
  }

  /**
   * Lists a tab newest first: `limit` entries (the newest ones), page by page as yt-dlp reads them
   * (`--lazy-playlist`), so `onProgress` sees the entries read so far while the listing runs.
   * Long listings (over 100) are paced by `sleepRequests`.
   */
  async listTab(channelId: string, tab: TabType, limit: number, options: ListTabOptions = {}): Promise<TabListResult> {
    const videos: ListedVideo[] = [];
    let read = 0;
    const r = await this.client().streamEntries(
      `${channelUrl(channelId)}/${tab}`,
      (entry) => {
        read += 1;
        const v = parseEntry(entry, TAB_MEDIA_TYPE[tab]);
        if (v) videos.push(v);
        options.onProgress?.(read);
      },
      {
        playlistEnd: limit,
        approximateDate: true,
        sleep: limit > 100,
        lazy: true,
        ...(options.onPage ? { onPage: options.onPage } : {}),
        timeoutMs: limit > 100 ? 30 * 60_000 : 120_000,
        signal: options.signal,
        lane: options.lane ?? 'manual',
      },
    );
    if (!r.ok) {
      // A tab the channel does not have is an empty listing, not an error.
      if (r.failure.notFound && /does not have an? [a-z]+ tab/i.test(r.failure.stderr))
        return { ok: true, value: { videos: [], read: 0 } };
      return { ok: false, failure: r.failure, partial: { videos, read } };
    }
    return { ok: true, value: { videos, read } };
  }

  /** Public videos of a tab from the tab's own playlist; null when the tab does not exist. */
  async tabTotal(channelId: string, tab: TabType, signal?: AbortSignal): Promise<PlatformResult<number | null>> {
    const r = await this.client().playlistInfo(`${BASE}/playlist?list=${tabPlaylistId(channelId, tab)}`, {
      playlistItems: '0',
      timeoutMs: 60_000,
      signal,
    });
    if (!r.ok) return r.failure.notFound ? { ok: true, value: null } : r;
    const n = r.value.playlist_count;
    return { ok: true, value: typeof n === 'number' && Number.isFinite(n) ? n : null };
  }

  /** Channel search through the platform's results page with the channels-only filter. */
  async searchChannels(
    query: string,
    count: number,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<PlatformResult<SourceInfo[]>> {
    const results: SourceInfo[] = [];
    const url = `${BASE}/results?search_query=${encodeURIComponent(query)}&sp=EgIQAg%3D%3D`;
    const r = await this.client().streamEntries(url, (e) => results.push(e), {
      playlistItems: `1-${count}`,
      timeoutMs,
      signal,
    });
    return r.ok ? { ok: true, value: results } : r;
  }
}

function notFound(message: string): SourceFailure {
  return {
    diagnosis: {
      kind: 'unavailable',
      cause: message,
      fix: 'Check the address of the channel page.',
      sourceId: null,
      detail: null,
    },
    timedOut: false,
    aborted: false,
    notFound: true,
    stderr: message,
  };
}
