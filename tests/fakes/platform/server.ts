/**
 * Fixture HTTP server of the fake video platform, plus its state.
 *
 * The yt-dlp plugin in ./python asks this server for JSON (`/api/...`) and downloads the media and
 * images it points at (`/media/...`, `/vi/...`, `/ca/...`). Everything the service sees keeps the
 * platform's real URLs; only yt-dlp's plugin knows about this server.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_HEIGHTS,
  DEFAULT_MEDIA_DURATION_SECONDS,
  FPS,
  AUDIO_SAMPLE_RATE,
  AVATAR,
  BANNER,
  THUMBNAIL,
  THUMBNAIL_SMALL,
  ensureMedia,
  widthFor,
  type MediaFile,
  type MediaSet,
} from './media.js';

export type FakeFailure = 'private' | 'members-only' | 'removed' | 'bot-check' | 'http-403' | 'http-429' | 'stall';
export type FakeTab = 'videos' | 'shorts' | 'streams';
export type FakeLiveStatus = 'not_live' | 'is_live' | 'is_upcoming' | 'was_live' | 'post_live';
export type FakeAvailability = 'public' | 'unlisted' | 'subscriber_only' | 'needs_auth' | 'private';
/** Failures of the search results page and ytsearch (the whole search, not one video). */
export type FakeSearchFailure = 'bot-check' | 'http-429';
/** Failures forced on every Data API request (external-apis.md 6.1, youtarr-internals.md 4). */
export type FakeApiFailure = 'quotaExceeded' | 'keyInvalid' | 'backendError';

export interface FakeSearchBehavior {
  failure?: FakeSearchFailure | null;
  /** Delays every search answer of the fixture server by this many milliseconds. */
  delayMs?: number;
}

export interface FakeVideo {
  id: string;
  title: string;
  channelId: string;
  channel: string;
  /** Like '@fixturechan'. */
  handle: string;
  duration?: number;
  heights?: number[];
  /** YYYYMMDD (UTC). */
  uploadDate?: string;
  timestamp?: number;
  description?: string;
  tags?: string[];
  liveStatus?: FakeLiveStatus;
  availability?: FakeAvailability;
  mediaType?: 'video' | 'short' | 'livestream';
  failure?: FakeFailure | null;
}

export interface FakeChannel {
  channelId: string;
  /** Like '@fixturechan'. */
  handle: string;
  name: string;
  description?: string;
  /** Video ids per tab, newest first. */
  tabs: Partial<Record<FakeTab, string[]>>;
  terminated?: boolean;
  /** Subscribers; null = the channel hides its subscriber count. Default: deterministic from the id. */
  followerCount?: number | null;
}

export interface FakePlaylist {
  id: string;
  title: string;
  channelId: string;
  videoIds: string[];
  availability?: 'public' | 'unlisted' | 'private';
}

export interface FakePlatform {
  /** Base URL of the fixture server, e.g. http://127.0.0.1:41234 */
  url: string;
  /**
   * { PYTHONPATH: <python dir>[:<existing PYTHONPATH>], VIDKEEP_FAKE_PLATFORM_URL: url,
   *   VIDKEEP_SOURCE_API_URL: <url>/youtube/v3 } - spread over process.env for yt-dlp and the service.
   */
  env: Record<string, string>;
  /** Adds (or replaces) a video; fills the defaults and returns the stored record. */
  addVideo(v: FakeVideo): FakeVideo;
  addChannel(c: FakeChannel): FakeChannel;
  addPlaylist(p: FakePlaylist): FakePlaylist;
  /** Makes a channel tab with n generated videos (ids deterministic from channel + tab + index), newest first; returns ids. */
  generateTab(channelId: string, tab: FakeTab, n: number): string[];
  setFailure(videoId: string, failure: FakeFailure | null): void;
  /** Ends every stalled media response (destroys its connection) so processes can exit. */
  releaseStalls(): void;
  /** Failure and delay of the search results page and ytsearch; replaces the previous behavior (`{}` resets). */
  setSearchBehavior(behavior: FakeSearchBehavior): void;
  /** Data API units spent today (writable, e.g. `p.apiQuotaUsed = 0` for a new day). */
  apiQuotaUsed: number;
  /** Sets the Data API daily quota in units. */
  setApiQuota(units: number): void;
  /** Makes every Data API request fail with this reason until set back to null. */
  setApiFailure(reason: FakeApiFailure | null): void;
  /** Every request served, in arrival order. `path` includes the query string. */
  requests: { method: string; path: string; at: number }[];
  close(): Promise<void>;
}

export interface FakePlatformInit {
  videos?: FakeVideo[];
  channels?: FakeChannel[];
  playlists?: FakePlaylist[];
  /** Duration of every video that does not set one (default 5). */
  mediaDurationSeconds?: number;
  /** Data API keys accepted in `key=` (default ['test-data-api-key']). */
  apiKeys?: string[];
  /** Data API units per day (default 10,000). */
  apiQuota?: number;
}

/** Absolute path of the directory to put on PYTHONPATH (it holds `yt_dlp_plugins/`). */
export const FAKE_PLATFORM_PYTHON_DIR = fileURLToPath(new URL('./python', import.meta.url));

// ---------------------------------------------------------------------------------------------
// Ids

function digest(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

/** An 11-character video id made deterministically from a seed (same alphabet and shape as real ids). */
export function fakeVideoId(seed: string): string {
  return digest(`video:${seed}`).subarray(0, 8).toString('base64url');
}

/** A 24-character `UC...` channel id made deterministically from a seed. */
export function fakeChannelId(seed: string): string {
  return `UC${digest(`channel:${seed}`).subarray(0, 16).toString('base64url')}`;
}

function numberFrom(seed: string, modulo: number): number {
  return digest(`n:${seed}`).readUInt32BE(0) % modulo;
}

// ---------------------------------------------------------------------------------------------
// Platform texts (external-apis.md 5.7; the plugin appends yt-dlp's cookie hint to "sign in" reasons)

const REASONS = {
  private: "Private video. Sign in if you've been granted access to this video",
  'members-only': 'Join this channel to get access to members-only content like this video, and other exclusive perks.',
  removed: 'Video unavailable. This video has been removed by the uploader',
  'bot-check': 'Sign in to confirm you’re not a bot',
  unavailable: 'Video unavailable',
  upcoming: 'This live event will begin in a few moments.',
  terminated: "YouTube said: This account has been terminated for a violation of YouTube's Terms of Service.",
  playlistMissing: 'YouTube said: The playlist does not exist.',
} as const;

const YT = 'https://www.youtube.com';
const ITAGS: Record<number, string> = { 144: '160', 240: '133', 360: '134', 480: '135', 720: '136', 1080: '137' };
const AVC: Record<number, string> = {
  144: 'avc1.4d400c',
  240: 'avc1.4d4015',
  360: 'avc1.4d401e',
  480: 'avc1.4d401f',
  720: 'avc1.4d401f',
  1080: 'avc1.640028',
};
const HTTP_CHUNK_SIZE = 10485760;
/** 2025-01-01T12:00:00Z: upload time of videos that give neither timestamp nor uploadDate. */
const DEFAULT_TIMESTAMP = 1735732800;
/** Generated tabs: the newest video is from 2026-01-01T12:00:00Z, one per day before that. */
const GENERATED_NEWEST = 1767268800;

type StoredVideo = Required<FakeVideo>;
type StoredChannel = Required<FakeChannel>;
type StoredPlaylist = Required<FakePlaylist>;
type Json = Record<string, unknown>;

function dateOf(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

function timestampOf(uploadDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(uploadDate);
  if (!m) throw new Error(`uploadDate must be YYYYMMDD, got ${uploadDate}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) / 1000;
}

const handleOf = (h: string) => (h.startsWith('@') ? h : `@${h}`);
const kbps = (bytes: number, seconds: number) => Math.round((bytes * 8) / seconds / 10) / 100;

/** Subscriber counts as YouTube shows them ("4.32K subscribers") and the Data API gives them: 3 significant figures, rounded down. */
function roundCount(n: number): number {
  if (n < 1000) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.floor(n / unit) * unit;
}

// ---------------------------------------------------------------------------------------------
// YouTube Data API v3 texts and formats (external-apis.md section 6)

const API_COSTS: Record<string, number> = { search: 100, channels: 1, playlistItems: 1, videos: 1 };
const API_PARTS: Record<string, string[]> = {
  search: ['id', 'snippet'],
  channels: [
    'id',
    'snippet',
    'contentDetails',
    'statistics',
    'status',
    'brandingSettings',
    'topicDetails',
    'localizations',
  ],
  playlistItems: ['id', 'snippet', 'contentDetails', 'status'],
  videos: [
    'id',
    'snippet',
    'contentDetails',
    'statistics',
    'status',
    'liveStreamingDetails',
    'player',
    'topicDetails',
    'localizations',
  ],
};
const API_TEXTS = {
  quotaExceeded:
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  keyInvalid: 'API key not valid. Please pass a valid API key.',
  backendError: 'Backend Error',
  playlistNotFound: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
  invalidPageToken: 'The request specifies an invalid page token.',
} as const;

/** RFC 3339 as the API writes it: 2024-03-15T12:00:00Z. */
const rfc3339 = (timestamp: number) => new Date(timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** ISO 8601 duration as contentDetails.duration: PT1H2M3S, PT5S; P0D for live and upcoming. */
function isoDuration(seconds: number): string {
  if (seconds <= 0) return 'P0D';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

/** search.list escapes titles and descriptions as HTML (a well-known quirk); the other endpoints do not. */
const htmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Page tokens shaped like the real ones: protobuf {1: offset, 2: 0 next | 1 previous}, base64 without padding ("CAUQAA"). */
function pageToken(offset: number, previous: boolean): string {
  const bytes = [0x08];
  let n = offset;
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    bytes.push(b);
  } while (n);
  bytes.push(0x10, previous ? 1 : 0);
  return Buffer.from(bytes).toString('base64').replace(/=+$/, '');
}

function pageOffset(token: string): number | null {
  const b = Buffer.from(token, 'base64');
  if (b.length < 4 || b[0] !== 0x08) return null;
  let n = 0;
  let i = 1;
  for (let shift = 0; i < b.length; i++, shift += 7) {
    n += (b[i]! & 0x7f) * 2 ** shift;
    if (!(b[i]! & 0x80)) break;
  }
  if (b[i + 1] !== 0x10 || b.length !== i + 3 || pageToken(n, b[i + 2] === 1) !== token.replace(/=+$/, '')) return null;
  return n;
}

// ---------------------------------------------------------------------------------------------

export async function startFakePlatform(init: FakePlatformInit = {}): Promise<FakePlatform> {
  const defaultDuration = init.mediaDurationSeconds ?? DEFAULT_MEDIA_DURATION_SECONDS;
  const videos = new Map<string, StoredVideo>();
  const channels = new Map<string, StoredChannel>();
  const playlists = new Map<string, StoredPlaylist>();
  const requests: FakePlatform['requests'] = [];
  const sockets = new Set<Socket>();
  const stalled = new Set<ServerResponse>();
  const defaultMediaSpec = { durationSeconds: defaultDuration, heights: [...DEFAULT_HEIGHTS] };
  let searchBehavior: { failure: FakeSearchFailure | null; delayMs: number } = { failure: null, delayMs: 0 };
  const apiKeys = new Set(init.apiKeys ?? ['test-data-api-key']);
  let apiQuota = init.apiQuota ?? 10000;
  let apiQuotaUsed = 0;
  let apiFailure: FakeApiFailure | null = null;

  const mediaFor = (v: StoredVideo) => ensureMedia({ durationSeconds: v.duration, heights: v.heights });

  // ---- state

  function fillVideo(v: FakeVideo): StoredVideo {
    if (!/^[\w-]{11}$/.test(v.id)) throw new Error(`Video id must be 11 characters of [A-Za-z0-9_-]: ${v.id}`);
    const timestamp = v.timestamp ?? (v.uploadDate ? timestampOf(v.uploadDate) : DEFAULT_TIMESTAMP);
    const mediaType = v.mediaType ?? (v.liveStatus && v.liveStatus !== 'not_live' ? 'livestream' : 'video');
    return {
      id: v.id,
      title: v.title,
      channelId: v.channelId,
      channel: v.channel,
      handle: handleOf(v.handle),
      duration: v.duration ?? defaultDuration,
      heights: [...new Set(v.heights ?? DEFAULT_HEIGHTS)].sort((a, b) => a - b),
      uploadDate: v.uploadDate ?? dateOf(timestamp),
      timestamp,
      description: v.description ?? `${v.title}\n\nA fixture video of ${v.channel}.`,
      tags: v.tags ?? [],
      liveStatus: v.liveStatus ?? (mediaType === 'livestream' ? 'was_live' : 'not_live'),
      availability: v.availability ?? 'public',
      mediaType,
      failure: v.failure ?? null,
    };
  }

  function addVideo(v: FakeVideo): FakeVideo {
    const stored = fillVideo(v);
    videos.set(stored.id, stored);
    // Warm up media other than the default set in the background (watch requests await it anyway).
    if (stored.duration !== defaultDuration || stored.heights.join() !== defaultMediaSpec.heights.join()) {
      mediaFor(stored).catch(() => undefined);
    }
    return stored;
  }

  function defaultVideo(id: string, c: StoredChannel, tab: FakeTab | null, index: number): FakeVideo {
    const label = tab === 'shorts' ? 'Short' : tab === 'streams' ? 'Stream' : 'Video';
    return {
      id,
      title: `${c.name} ${label} ${id}`,
      channelId: c.channelId,
      channel: c.name,
      handle: c.handle,
      timestamp: GENERATED_NEWEST - index * 86400 - (tab === 'shorts' ? 3600 : tab === 'streams' ? 7200 : 0),
      mediaType: tab === 'shorts' ? 'short' : tab === 'streams' ? 'livestream' : 'video',
      liveStatus: tab === 'streams' ? 'was_live' : 'not_live',
    };
  }

  function addChannel(c: FakeChannel): FakeChannel {
    if (!/^UC[\w-]{22}$/.test(c.channelId)) throw new Error(`Channel id must be UC + 22 characters: ${c.channelId}`);
    const stored: StoredChannel = {
      channelId: c.channelId,
      handle: handleOf(c.handle),
      name: c.name,
      description: c.description ?? `${c.name} is a fixture channel.`,
      tabs: Object.fromEntries(Object.entries(c.tabs).map(([k, ids]) => [k, [...(ids ?? [])]])),
      terminated: c.terminated ?? false,
      followerCount: c.followerCount === undefined ? 1000 + numberFrom(c.channelId, 100000) : c.followerCount,
    };
    channels.set(stored.channelId, stored);
    for (const [tab, ids] of Object.entries(stored.tabs) as [FakeTab, string[]][]) {
      ids.forEach((id, i) => {
        if (!videos.has(id)) addVideo(defaultVideo(id, stored, tab, i));
      });
    }
    return stored;
  }

  function addPlaylist(p: FakePlaylist): FakePlaylist {
    const stored: StoredPlaylist = { ...p, videoIds: [...p.videoIds], availability: p.availability ?? 'public' };
    playlists.set(stored.id, stored);
    const owner = channels.get(p.channelId);
    stored.videoIds.forEach((id, i) => {
      if (videos.has(id)) return;
      if (!owner)
        throw new Error(`Playlist ${p.id} lists unknown video ${id} and its channel ${p.channelId} is unknown`);
      addVideo(defaultVideo(id, owner, null, i));
    });
    return stored;
  }

  function generateTab(channelId: string, tab: FakeTab, n: number): string[] {
    const c = channels.get(channelId);
    if (!c) throw new Error(`generateTab: unknown channel ${channelId} (addChannel first)`);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = fakeVideoId(`${channelId}/${tab}/${i}`);
      ids.push(id);
      const v = defaultVideo(id, c, tab, i);
      v.title = `${c.name} ${tab === 'shorts' ? 'Short' : tab === 'streams' ? 'Stream' : 'Video'} #${n - i}`;
      videos.set(id, fillVideo(v));
    }
    c.tabs[tab] = ids;
    return ids;
  }

  function setFailure(videoId: string, failure: FakeFailure | null): void {
    const v = videos.get(videoId);
    if (!v) throw new Error(`setFailure: unknown video ${videoId}`);
    v.failure = failure;
  }

  function releaseStalls(): void {
    for (const res of stalled) res.destroy();
    stalled.clear();
  }

  function setSearchBehavior(behavior: FakeSearchBehavior): void {
    searchBehavior = { failure: behavior.failure ?? null, delayMs: Math.max(0, behavior.delayMs ?? 0) };
  }

  function findChannel(key: string): StoredChannel | undefined {
    const direct = channels.get(key);
    if (direct) return direct;
    const k = key.toLowerCase();
    const bare = k.replace(/^@/, '');
    for (const c of channels.values()) {
      if (c.handle.toLowerCase() === `@${bare}`) return c;
    }
    if (!k.startsWith('@')) {
      for (const c of channels.values()) if (c.name.toLowerCase() === k) return c;
    }
    return undefined;
  }

  // ---- JSON shapes (what the real extractors return)

  let base = '';

  const thumbnailsOf = (id: string) => [
    {
      url: `${base}/vi/${id}/hqdefault.jpg`,
      preference: -7,
      id: '0',
      width: THUMBNAIL_SMALL.width,
      height: THUMBNAIL_SMALL.height,
      resolution: `${THUMBNAIL_SMALL.width}x${THUMBNAIL_SMALL.height}`,
    },
    {
      url: `${base}/vi/${id}/maxresdefault.jpg`,
      preference: -1,
      id: '1',
      width: THUMBNAIL.width,
      height: THUMBNAIL.height,
      resolution: `${THUMBNAIL.width}x${THUMBNAIL.height}`,
    },
  ];

  const listingThumbnails = (id: string) => [
    { url: `${base}/vi/${id}/hqdefault.jpg`, width: THUMBNAIL_SMALL.width, height: THUMBNAIL_SMALL.height },
    { url: `${base}/vi/${id}/maxresdefault.jpg`, width: THUMBNAIL.width, height: THUMBNAIL.height },
  ];

  const availabilityOf = (v: StoredVideo): FakeAvailability =>
    v.failure === 'members-only' ? 'subscriber_only' : v.failure === 'private' ? 'private' : v.availability;

  const viewsOf = (v: StoredVideo) => 10 + numberFrom(v.id, 250000);

  function channelFields(v: StoredVideo): Json {
    return {
      channel: v.channel,
      channel_id: v.channelId,
      channel_url: `${YT}/channel/${v.channelId}`,
      uploader: v.channel,
      uploader_id: v.handle,
      uploader_url: `${YT}/${v.handle}`,
    };
  }

  function formatsOf(v: StoredVideo, media: MediaSet): Json[] {
    const url = (name: string) => `${base}/media/${v.id}/${name}`;
    const common = { protocol: 'https', downloader_options: { http_chunk_size: HTTP_CHUNK_SIZE } };
    const audioKbps = kbps(media.audio.size, v.duration);
    const formats: Json[] = [
      {
        format_id: '140',
        format_note: 'medium',
        url: url('audio.m4a'),
        ext: 'm4a',
        container: 'm4a_dash',
        vcodec: 'none',
        acodec: 'mp4a.40.2',
        asr: AUDIO_SAMPLE_RATE,
        audio_channels: 2,
        abr: audioKbps,
        tbr: audioKbps,
        filesize: media.audio.size,
        audio_ext: 'm4a',
        video_ext: 'none',
        resolution: 'audio only',
        ...common,
      },
    ];
    for (const h of v.heights) {
      const file = media.video.get(h)!;
      const rate = kbps(file.size, v.duration);
      formats.push({
        format_id: ITAGS[h] ?? `v${h}`,
        format_note: `${h}p`,
        url: url(`v${h}.mp4`),
        ext: 'mp4',
        container: 'mp4_dash',
        width: widthFor(h),
        height: h,
        fps: FPS,
        vcodec: AVC[h] ?? 'avc1.4d401f',
        acodec: 'none',
        vbr: rate,
        tbr: rate,
        filesize: file.size,
        dynamic_range: 'SDR',
        video_ext: 'mp4',
        audio_ext: 'none',
        resolution: `${widthFor(h)}x${h}`,
        ...common,
      });
    }
    formats.push({
      format_id: '18',
      format_note: '360p',
      url: url('muxed.mp4'),
      ext: 'mp4',
      width: 640,
      height: 360,
      fps: FPS,
      vcodec: 'avc1.42001E',
      acodec: 'mp4a.40.2',
      asr: AUDIO_SAMPLE_RATE,
      audio_channels: 2,
      tbr: kbps(media.muxed.size, v.duration),
      filesize: media.muxed.size,
      dynamic_range: 'SDR',
      video_ext: 'mp4',
      audio_ext: 'none',
      resolution: '640x360',
      protocol: 'https',
    });
    return formats;
  }

  function metadataOf(v: StoredVideo): Json {
    const c = channels.get(v.channelId);
    const live = v.liveStatus !== 'not_live';
    return {
      id: v.id,
      title: v.title,
      fulltitle: v.title,
      description: v.description,
      ...channelFields(v),
      channel_follower_count: c?.followerCount ?? null,
      upload_date: v.uploadDate,
      timestamp: v.timestamp,
      ...(live ? { release_timestamp: v.timestamp } : {}),
      duration: v.liveStatus === 'is_live' || v.liveStatus === 'is_upcoming' ? null : v.duration,
      view_count: viewsOf(v),
      like_count: Math.floor(viewsOf(v) / 20),
      comment_count: Math.floor(viewsOf(v) / 200),
      age_limit: 0,
      live_status: v.liveStatus,
      availability: availabilityOf(v),
      media_type: v.mediaType,
      tags: v.tags,
      categories: ['People & Blogs'],
      playable_in_embed: true,
      webpage_url: `${YT}/watch?v=${v.id}`,
      thumbnails: thumbnailsOf(v.id),
      thumbnail: `${base}/vi/${v.id}/maxresdefault.jpg`,
      subtitles: {},
      automatic_captions: {},
    };
  }

  /** A row of a videos/streams tab, a playlist or search results (youtube:tab `_extract_video`). */
  function videoEntry(v: StoredVideo): Json {
    const liveStatus = v.liveStatus === 'not_live' ? null : v.liveStatus === 'post_live' ? 'was_live' : v.liveStatus;
    const live = liveStatus === 'is_live' || liveStatus === 'is_upcoming';
    return {
      id: v.id,
      url: v.mediaType === 'short' ? `${YT}/shorts/${v.id}` : `${YT}/watch?v=${v.id}`,
      title: v.title,
      description: v.description.split('\n')[0]!.slice(0, 100) || null,
      duration: live ? null : v.duration,
      ...channelFields(v),
      thumbnails: listingThumbnails(v.id),
      timestamp: v.timestamp,
      release_timestamp: liveStatus === 'is_upcoming' ? v.timestamp : null,
      availability: availabilityOf(v) === 'subscriber_only' ? 'subscriber_only' : null,
      [live ? 'concurrent_view_count' : 'view_count']: live ? 0 : viewsOf(v),
      live_status: liveStatus,
      channel_is_verified: null,
    };
  }

  /** A row of a shorts tab: only id, url, title, view_count and thumbnails. */
  function shortEntry(v: StoredVideo): Json {
    return {
      id: v.id,
      url: `${YT}/shorts/${v.id}`,
      title: v.title,
      view_count: viewsOf(v),
      thumbnails: listingThumbnails(v.id),
    };
  }

  function channelMeta(c: StoredChannel): Json {
    const art = `${base}/ca/${c.channelId}`;
    return {
      id: c.channelId,
      title: c.name,
      channel: c.name,
      channel_id: c.channelId,
      channel_url: `${YT}/channel/${c.channelId}`,
      uploader: c.name,
      uploader_id: c.handle,
      uploader_url: `${YT}/${c.handle}`,
      description: c.description,
      tags: [],
      channel_follower_count: c.followerCount,
      availability: null,
      view_count: null,
      modified_date: null,
      thumbnails: [
        { url: `${art}/avatar.jpg?s=${AVATAR.width}`, width: AVATAR.width, height: AVATAR.height },
        { url: `${art}/avatar.jpg?s=0`, id: 'avatar_uncropped', preference: 1 },
        { url: `${art}/banner.jpg?w=${BANNER.width}`, width: BANNER.width, height: BANNER.height, preference: -10 },
        { url: `${art}/banner.jpg?s=0`, id: 'banner_uncropped', preference: -5 },
      ],
    };
  }

  function tabEntries(tab: FakeTab, ids: string[]): Json[] {
    const rows: Json[] = [];
    for (const id of ids) {
      const v = videos.get(id);
      if (!v || v.failure === 'private' || v.failure === 'removed') continue; // hidden from listings
      rows.push(tab === 'shorts' ? shortEntry(v) : videoEntry(v));
    }
    return rows;
  }

  // ---- Lookups shared by yt-dlp's answers and the Data API

  const listed = (v: StoredVideo | undefined): v is StoredVideo =>
    !!v && v.failure !== 'private' && v.failure !== 'removed';
  const membersOnly = (v: StoredVideo) => availabilityOf(v) === 'subscriber_only';
  const newestFirst = (a: StoredVideo, b: StoredVideo) => b.timestamp - a.timestamp;

  /** Every video of a channel's tabs, once each, in tab order. */
  function channelVideos(c: StoredChannel): StoredVideo[] {
    const ids = new Set(Object.values(c.tabs).flat() as string[]);
    return [...ids].map((id) => videos.get(id)).filter((v): v is StoredVideo => !!v);
  }

  /** Relevance order: name contains the query, then handle, then description; terminated channels never match. */
  function searchChannels(q: string): StoredChannel[] {
    const needle = q.trim().toLowerCase();
    const handleNeedle = needle.replace(/^@/, '').replace(/\s+/g, '');
    const tiers: StoredChannel[][] = [[], [], []];
    for (const c of channels.values()) {
      if (c.terminated) continue;
      if (c.name.toLowerCase().includes(needle)) tiers[0]!.push(c);
      else if (c.handle.toLowerCase().slice(1).includes(handleNeedle)) tiers[1]!.push(c);
      else if (c.description.toLowerCase().includes(needle)) tiers[2]!.push(c);
    }
    return tiers.flat();
  }

  /** ytsearch relevance (title > tags > channel > description, per word) or newest first; private/removed never match. */
  function searchVideos(q: string, sort: 'relevance' | 'date' | 'viewCount' | 'title'): StoredVideo[] {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const scored: { v: StoredVideo; score: number; order: number }[] = [];
    let order = 0;
    for (const v of videos.values()) {
      order++;
      if (!listed(v)) continue;
      const title = v.title.toLowerCase();
      const tags = v.tags.map((t) => t.toLowerCase());
      const desc = v.description.toLowerCase();
      const chan = v.channel.toLowerCase();
      let score = 0;
      for (const w of words) {
        if (title.includes(w)) score += 4;
        if (tags.some((t) => t.includes(w))) score += 2;
        if (chan.includes(w)) score += 1;
        if (desc.includes(w)) score += 1;
      }
      if (score > 0 || words.length === 0) scored.push({ v, score, order });
    }
    const by = {
      relevance: (a: (typeof scored)[0], b: (typeof scored)[0]) => b.score - a.score,
      date: (a: (typeof scored)[0], b: (typeof scored)[0]) => newestFirst(a.v, b.v),
      viewCount: (a: (typeof scored)[0], b: (typeof scored)[0]) => viewsOf(b.v) - viewsOf(a.v),
      title: (a: (typeof scored)[0], b: (typeof scored)[0]) => a.v.title.localeCompare(b.v.title),
    }[sort];
    return scored.sort((a, b) => by(a, b) || a.order - b.order).map((s) => s.v);
  }

  /** The tab playlists the platform generates for every channel (UU + the id without UC, with a tab prefix). */
  const TAB_PLAYLISTS: Record<string, { tab: FakeTab | null; label: string }> = {
    LF: { tab: 'videos', label: 'Videos' },
    SH: { tab: 'shorts', label: 'Shorts' },
    LV: { tab: 'streams', label: 'Live' },
    MO: { tab: null, label: 'Members only' },
  };

  /**
   * A playlist by id: a stored one (not private), the uploads playlist UU… (every tab, newest first), or a
   * tab playlist UULF/UUSH/UULV… (public entries of that tab; the channel must have the tab) or UUMO…
   * (members-only videos of every tab; exists when there is one). null: "The playlist does not exist."
   */
  function resolvePlaylist(id: string): StoredPlaylist | null {
    const own = playlists.get(id);
    if (own) return own.availability === 'private' ? null : own;
    const m = /^UU(LF|SH|LV|MO)?([\w-]{22})$/.exec(id);
    const c = m ? channels.get(`UC${m[2]}`) : undefined;
    if (!m || !c || c.terminated) return null;
    const make = (title: string, vids: StoredVideo[]): StoredPlaylist => ({
      id,
      title,
      channelId: c.channelId,
      videoIds: vids.map((v) => v.id),
      availability: 'public',
    });
    if (!m[1]) {
      const all = Object.values(c.tabs)
        .flat()
        .map((vid) => videos.get(vid!))
        .filter((v): v is StoredVideo => !!v)
        .sort(newestFirst);
      return make(`Uploads from ${c.name}`, all);
    }
    const { tab, label } = TAB_PLAYLISTS[m[1]]!;
    if (tab === null) {
      const vids = channelVideos(c).filter((v) => listed(v) && membersOnly(v));
      return vids.length ? make(`${c.name} - ${label}`, vids.sort(newestFirst)) : null;
    }
    const ids = c.tabs[tab];
    if (!ids) return null;
    const vids = ids
      .map((vid) => videos.get(vid))
      .filter(listed)
      .filter((v) => !membersOnly(v) && availabilityOf(v) !== 'private');
    return make(`${c.name} - ${label}`, vids);
  }

  /** A channel row of the search results page, shaped like youtube:tab's `_extract_channel_renderer`. */
  function channelSearchEntry(c: StoredChannel): Json {
    const url = `${YT}/channel/${c.channelId}`;
    const avatar = `${base}/ca/${c.channelId}/avatar.jpg`;
    return {
      url,
      id: c.channelId,
      channel: c.name,
      uploader: c.name,
      channel_id: c.channelId,
      channel_url: url,
      title: c.name,
      uploader_id: c.handle,
      uploader_url: `${YT}/${c.handle}`,
      channel_follower_count: c.followerCount === null ? null : roundCount(c.followerCount),
      thumbnails: [
        { url: `${avatar}?s=88`, height: 88, width: 88 },
        { url: `${avatar}?s=${AVATAR.width}`, height: AVATAR.height, width: AVATAR.width },
      ],
      playlist_count: null,
      description: c.description.replace(/\s+/g, ' ').trim().slice(0, 100) || null,
      channel_is_verified: null,
    };
  }

  // ---- API

  type ApiAnswer = { status: number; body: Json | string };
  const error = (message: string, extra: Json = {}): ApiAnswer => ({
    status: 200,
    body: { error: { message, ...extra } },
  });

  async function apiWatch(id: string): Promise<ApiAnswer> {
    const v = videos.get(id);
    if (!v) return error(REASONS.unavailable, { kind: 'unavailable' });
    switch (v.failure) {
      case 'http-429':
        return { status: 429, body: 'Too Many Requests' };
      case 'private':
      case 'removed':
      case 'bot-check':
        return error(REASONS[v.failure], { kind: v.failure });
      case 'members-only':
        return { status: 200, body: { error: { kind: v.failure, message: REASONS[v.failure] }, info: metadataOf(v) } };
      default:
        break;
    }
    if (v.liveStatus === 'is_upcoming') {
      return { status: 200, body: { error: { kind: 'upcoming', message: REASONS.upcoming }, info: metadataOf(v) } };
    }
    const media = await mediaFor(v);
    return { status: 200, body: { ...metadataOf(v), formats: formatsOf(v, media) } };
  }

  function apiChannel(key: string, tab: string | null): ApiAnswer {
    const c = findChannel(key);
    if (!c) return { status: 404, body: 'Not Found' };
    if (c.terminated) return error(REASONS.terminated, { kind: 'terminated' });
    const present = Object.keys(c.tabs) as FakeTab[];
    const tabs: Record<string, Json[]> = {};
    if (tab === null) {
      for (const t of present) tabs[t] = tabEntries(t, c.tabs[t] ?? []);
    } else if (tab === 'featured') {
      tabs.featured = tabEntries('videos', c.tabs.videos ?? []);
    } else if (present.includes(tab as FakeTab)) {
      tabs[tab] = tabEntries(tab as FakeTab, c.tabs[tab as FakeTab] ?? []);
    } else {
      return error(`This channel does not have a ${tab} tab`, { kind: 'no-tab' });
    }
    return { status: 200, body: { channel: channelMeta(c), tabs } };
  }

  function apiPlaylist(id: string): ApiAnswer {
    const p = resolvePlaylist(id);
    if (!p) return error(REASONS.playlistMissing, { kind: 'playlist-missing' });
    const owner = channels.get(p.channelId);
    const entries = tabEntries('videos', p.videoIds);
    const newest = Math.max(0, ...p.videoIds.map((vid) => videos.get(vid)?.timestamp ?? 0));
    const ownerHandle = owner?.handle ?? null;
    return {
      status: 200,
      body: {
        playlist: {
          id: p.id,
          title: p.title,
          description: '',
          tags: [],
          view_count: numberFrom(p.id, 100000),
          modified_date: newest ? dateOf(newest) : null,
          availability: p.availability,
          channel: owner?.name ?? null,
          channel_id: p.channelId,
          channel_url: `${YT}/channel/${p.channelId}`,
          uploader: owner?.name ?? null,
          uploader_id: ownerHandle,
          uploader_url: ownerHandle ? `${YT}/${ownerHandle}` : null,
          thumbnails: p.videoIds.length ? listingThumbnails(p.videoIds[0]!) : [],
          playlist_count: entries.length,
        },
        entries,
      },
    };
  }

  /** `type=video` (default): video url results; `type=channel`: channel url results (the `sp=EgIQAg%3D%3D` filter). */
  async function apiSearch(q: string, n: string, sort: string, type: string): Promise<ApiAnswer> {
    const { failure, delayMs } = searchBehavior;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (failure === 'http-429') return { status: 429, body: 'Too Many Requests' };
    if (failure === 'bot-check') return error(REASONS['bot-check'], { kind: failure });
    const limit = n === 'all' ? Infinity : Math.max(0, Number(n) || 1);
    if (type === 'channel') {
      return { status: 200, body: { entries: searchChannels(q).slice(0, limit).map(channelSearchEntry) } };
    }
    const found = searchVideos(q, sort === 'date' ? 'date' : 'relevance');
    return { status: 200, body: { entries: found.slice(0, limit).map(videoEntry) } };
  }

  // ---- YouTube Data API v3: `<url>/youtube/v3/<resource>` (external-apis.md section 6)

  type DataAnswer = { status: number; body: Json };
  type Page = { offset: number; max: number };

  function apiError(code: number, message: string, reason: string, domain: string, extra: Json = {}): DataAnswer {
    return { status: code, body: { error: { code, message, errors: [{ message, domain, reason, ...extra }] } } };
  }
  const parameterError = (message: string, reason: string, location: string) =>
    apiError(400, message, reason, 'youtube.parameter', { location, locationType: 'parameter' });
  const isAnswer = (x: unknown): x is DataAnswer => typeof x === 'object' && x !== null && 'status' in x && 'body' in x;

  const etagOf = (value: unknown) =>
    digest(`etag:${JSON.stringify(value)}`)
      .subarray(0, 20)
      .toString('base64url')
      .slice(0, 27);
  const withEtag = (item: Json): Json => ({ kind: item.kind, etag: etagOf(item), ...item });

  function partsOf(resource: string, q: URLSearchParams): Set<string> | DataAnswer {
    const raw = q.get('part');
    if (!raw)
      return apiError(400, 'Required parameter: part', 'required', 'global', {
        location: 'part',
        locationType: 'parameter',
      });
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const unknown = parts.find((p) => !API_PARTS[resource]!.includes(p));
    if (unknown)
      return apiError(400, `'${unknown}'`, 'unknownPart', 'youtube.part', {
        location: 'part',
        locationType: 'parameter',
      });
    return new Set(parts);
  }

  function pageOf(q: URLSearchParams): Page | DataAnswer {
    const raw = q.get('maxResults');
    const max = raw === null ? 5 : Number(raw);
    if (!Number.isInteger(max) || max < 0 || max > 50) {
      return parameterError(
        `Invalid value '${raw}'. Values must be within the range: [0, 50]`,
        'invalidParameter',
        'maxResults',
      );
    }
    const token = q.get('pageToken');
    const offset = token ? pageOffset(token) : 0;
    if (offset === null) return parameterError(API_TEXTS.invalidPageToken, 'invalidPageToken', 'pageToken');
    return { offset, max };
  }

  /** A paged list response: kind, etag, nextPageToken/prevPageToken, extra (regionCode), pageInfo, items. */
  function listBody<T>(
    kind: string,
    all: T[],
    page: Page,
    item: (x: T, index: number) => Json,
    extra: Json = {},
  ): DataAnswer {
    const { offset, max } = page;
    const items = all.slice(offset, offset + max).map((x, i) => item(x, offset + i));
    const body: Json = { kind, etag: etagOf([kind, offset, items]) };
    if (max > 0 && offset + max < all.length) body.nextPageToken = pageToken(offset + max, false);
    if (offset > 0) body.prevPageToken = pageToken(Math.max(0, offset - max), true);
    Object.assign(body, extra, { pageInfo: { totalResults: all.length, resultsPerPage: max }, items });
    return { status: 200, body };
  }

  const VIDEO_THUMBNAILS = [
    ['default', 'default.jpg', 120, 90],
    ['medium', 'mqdefault.jpg', 320, 180],
    ['high', 'hqdefault.jpg', 480, 360],
    ['standard', 'sddefault.jpg', 640, 480],
    ['maxres', 'maxresdefault.jpg', 1280, 720],
  ] as const;

  /** search.list gives default/medium/high; playlistItems and videos add standard and (HD videos) maxres. */
  function apiVideoThumbnails(v: StoredVideo, all: boolean): Json {
    const out: Json = {};
    for (const [key, file, width, height] of VIDEO_THUMBNAILS) {
      if (!all && (key === 'standard' || key === 'maxres')) continue;
      if (key === 'maxres' && Math.max(...v.heights) < 720) continue;
      out[key] = { url: `${base}/vi/${v.id}/${file}`, width, height };
    }
    return out;
  }

  /** Avatar sizes of the API (88, 240, 800); search results give only the urls. */
  function apiChannelThumbnails(c: StoredChannel, sized: boolean): Json {
    const avatar = `${base}/ca/${c.channelId}/avatar.jpg`;
    const out: Json = {};
    for (const [key, size] of [
      ['default', 88],
      ['medium', 240],
      ['high', 800],
    ] as const) {
      out[key] = sized ? { url: `${avatar}?s=${size}`, width: size, height: size } : { url: `${avatar}?s=${size}` };
    }
    return out;
  }

  const liveBroadcastContent = (v: StoredVideo) =>
    v.liveStatus === 'is_live' ? 'live' : v.liveStatus === 'is_upcoming' ? 'upcoming' : 'none';
  const publicVideo = (v: StoredVideo | undefined): v is StoredVideo => listed(v) && availabilityOf(v) !== 'private';

  /** Channel creation time: a deterministic day before its first video. */
  function channelPublished(c: StoredChannel): number {
    const first = Math.min(DEFAULT_TIMESTAMP, ...channelVideos(c).map((v) => v.timestamp));
    return first - (30 + numberFrom(`since:${c.channelId}`, 3000)) * 86400;
  }

  function channelResource(c: StoredChannel, parts: Set<string>): Json {
    const item: Json = { kind: 'youtube#channel', id: c.channelId };
    if (parts.has('snippet')) {
      item.snippet = {
        title: c.name,
        description: c.description,
        customUrl: c.handle.toLowerCase(),
        publishedAt: rfc3339(channelPublished(c)),
        thumbnails: apiChannelThumbnails(c, true),
        localized: { title: c.name, description: c.description },
      };
    }
    if (parts.has('contentDetails'))
      item.contentDetails = { relatedPlaylists: { likes: '', uploads: `UU${c.channelId.slice(2)}` } };
    if (parts.has('statistics')) {
      const shown = channelVideos(c).filter((v) => publicVideo(v) && availabilityOf(v) === 'public');
      item.statistics = {
        viewCount: String(shown.reduce((sum, v) => sum + viewsOf(v), 0)),
        ...(c.followerCount === null ? {} : { subscriberCount: String(roundCount(c.followerCount)) }),
        hiddenSubscriberCount: c.followerCount === null,
        videoCount: String(shown.length),
      };
    }
    if (parts.has('status'))
      item.status = { privacyStatus: 'public', isLinked: true, longUploadsStatus: 'longUploadsUnspecified' };
    return withEtag(item);
  }

  function videoResource(v: StoredVideo, parts: Set<string>): Json {
    const item: Json = { kind: 'youtube#video', id: v.id };
    const live = v.liveStatus === 'is_live' || v.liveStatus === 'is_upcoming';
    if (parts.has('snippet')) {
      item.snippet = {
        publishedAt: rfc3339(v.timestamp),
        channelId: v.channelId,
        title: v.title,
        description: v.description,
        thumbnails: apiVideoThumbnails(v, true),
        channelTitle: v.channel,
        ...(v.tags.length ? { tags: v.tags } : {}),
        categoryId: '22',
        liveBroadcastContent: liveBroadcastContent(v),
        localized: { title: v.title, description: v.description },
      };
    }
    if (parts.has('contentDetails')) {
      item.contentDetails = {
        duration: isoDuration(live ? 0 : v.duration),
        dimension: '2d',
        definition: Math.max(...v.heights) >= 720 ? 'hd' : 'sd',
        caption: 'false',
        licensedContent: false,
        contentRating: {},
        projection: 'rectangular',
      };
    }
    if (parts.has('status')) {
      item.status = {
        uploadStatus: 'processed',
        privacyStatus: v.availability === 'unlisted' ? 'unlisted' : 'public',
        license: 'youtube',
        embeddable: true,
        publicStatsViewable: true,
        madeForKids: false,
      };
    }
    if (parts.has('statistics')) {
      const views = viewsOf(v);
      item.statistics = {
        viewCount: String(live ? 0 : views),
        likeCount: String(Math.floor(views / 20)),
        favoriteCount: '0',
        commentCount: String(Math.floor(views / 200)),
      };
    }
    if (parts.has('liveStreamingDetails') && v.liveStatus !== 'not_live') {
      const ended = v.liveStatus === 'was_live' || v.liveStatus === 'post_live';
      item.liveStreamingDetails = {
        ...(v.liveStatus === 'is_upcoming' ? {} : { actualStartTime: rfc3339(v.timestamp) }),
        ...(ended ? { actualEndTime: rfc3339(v.timestamp + v.duration) } : {}),
        scheduledStartTime: rfc3339(v.timestamp),
        ...(v.liveStatus === 'is_live' ? { concurrentViewers: String(viewsOf(v) % 1000) } : {}),
      };
    }
    return withEtag(item);
  }

  /** Private and deleted entries of a playlist keep their place with placeholder texts and no thumbnails. */
  function playlistItemResource(p: StoredPlaylist, videoId: string, position: number, parts: Set<string>): Json {
    const v = videos.get(videoId);
    const owner = channels.get(p.channelId);
    const itemId = Buffer.from(
      `${p.id}.${digest(`item:${p.id}/${position}/${videoId}`).subarray(0, 8).toString('hex').toUpperCase()}`,
    );
    const item: Json = { kind: 'youtube#playlistItem', id: itemId.toString('base64') };
    const gone = !v || v.failure === 'removed' ? 'deleted' : !publicVideo(v) ? 'private' : null;
    const shown = gone ? null : v!;
    if (parts.has('snippet')) {
      item.snippet = {
        publishedAt: rfc3339(v?.timestamp ?? DEFAULT_TIMESTAMP),
        channelId: p.channelId,
        title: shown ? shown.title : gone === 'private' ? 'Private video' : 'Deleted video',
        description: shown
          ? shown.description
          : gone === 'private'
            ? 'This video is private.'
            : 'This video is unavailable.',
        thumbnails: shown ? apiVideoThumbnails(shown, true) : {},
        channelTitle: owner?.name ?? '',
        playlistId: p.id,
        position,
        resourceId: { kind: 'youtube#video', videoId },
        ...(shown ? { videoOwnerChannelTitle: shown.channel, videoOwnerChannelId: shown.channelId } : {}),
      };
    }
    if (parts.has('contentDetails'))
      item.contentDetails = { videoId, ...(shown ? { videoPublishedAt: rfc3339(shown.timestamp) } : {}) };
    if (parts.has('status')) {
      const visible = shown?.availability === 'unlisted' ? 'unlisted' : 'public';
      item.status = { privacyStatus: shown ? visible : gone === 'private' ? 'private' : 'privacyStatusUnspecified' };
    }
    return withEtag(item);
  }

  function searchResult(id: Json, snippet: Json, parts: Set<string>): Json {
    return withEtag({ kind: 'youtube#searchResult', id, ...(parts.has('snippet') ? { snippet } : {}) });
  }

  function dataSearch(q: URLSearchParams, parts: Set<string>): DataAnswer {
    const page = pageOf(q);
    if (isAnswer(page)) return page;
    const types = (q.get('type') || 'video,channel,playlist').split(',').map((t) => t.trim());
    const eventType = q.get('eventType');
    if (eventType && types.join() !== 'video') {
      return apiError(
        400,
        'The request contains an invalid combination of search filters and/or restrictions. Note that you ' +
          'must set the <code>type</code> parameter to <code>video</code> if you set either the ' +
          '<code>forContentOwner</code>, <code>forDeveloper</code>, or <code>forMine</code> parameters to ' +
          '<code>true</code>. You must also set the <code>type</code> parameter to <code>video</code> if you ' +
          'set a value for the <code>eventType</code>, <code>videoCaption</code>, <code>videoCategoryId</code>, ' +
          '<code>videoDefinition</code>, <code>videoDimension</code>, <code>videoDuration</code>, ' +
          '<code>videoEmbeddable</code>, <code>videoLicense</code>, <code>videoSyndicated</code>, or ' +
          '<code>videoType</code> parameters.',
        'invalidSearchFilter',
        'youtube.search',
      );
    }
    const time = (name: string): number | null | DataAnswer => {
      const raw = q.get(name);
      if (raw === null) return null;
      const ms = Date.parse(raw);
      return Number.isNaN(ms) ? parameterError(`Invalid value '${raw}'`, 'invalidParameter', name) : ms / 1000;
    };
    const after = time('publishedAfter');
    const before = time('publishedBefore');
    if (isAnswer(after)) return after;
    if (isAnswer(before)) return before;
    const query = q.get('q') ?? '';
    const channelId = q.get('channelId');
    const order = q.get('order') ?? 'relevance';
    const inRange = (t: number) => (after === null || t >= after) && (before === null || t < before);

    const results: (() => Json)[] = [];
    if (types.includes('channel')) {
      for (const c of searchChannels(query)) {
        if (channelId && c.channelId !== channelId) continue;
        const published = rfc3339(channelPublished(c));
        results.push(() =>
          searchResult(
            { kind: 'youtube#channel', channelId: c.channelId },
            {
              publishedAt: published,
              channelId: c.channelId,
              title: htmlEscape(c.name),
              description: htmlEscape(c.description.replace(/\s+/g, ' ').trim().slice(0, 160)),
              thumbnails: apiChannelThumbnails(c, false),
              channelTitle: htmlEscape(c.name),
              liveBroadcastContent: 'none',
              publishTime: published,
            },
            parts,
          ),
        );
      }
    }
    if (types.includes('playlist')) {
      const needle = query.trim().toLowerCase();
      for (const p of playlists.values()) {
        if (p.availability !== 'public' || !p.title.toLowerCase().includes(needle)) continue;
        if (channelId && p.channelId !== channelId) continue;
        const owner = channels.get(p.channelId);
        const first = videos.get(p.videoIds[0] ?? '');
        const published = rfc3339(
          Math.min(...p.videoIds.map((vid) => videos.get(vid)?.timestamp ?? DEFAULT_TIMESTAMP)),
        );
        results.push(() =>
          searchResult(
            { kind: 'youtube#playlist', playlistId: p.id },
            {
              publishedAt: published,
              channelId: p.channelId,
              title: htmlEscape(p.title),
              description: '',
              thumbnails: first ? apiVideoThumbnails(first, false) : {},
              channelTitle: htmlEscape(owner?.name ?? ''),
              liveBroadcastContent: 'none',
              publishTime: published,
            },
            parts,
          ),
        );
      }
    }
    if (types.includes('video')) {
      const sort = order === 'date' || order === 'viewCount' || order === 'title' ? order : 'relevance';
      const events: Record<string, FakeLiveStatus[]> = {
        live: ['is_live'],
        upcoming: ['is_upcoming'],
        completed: ['was_live', 'post_live'],
      };
      for (const v of searchVideos(query, sort)) {
        if (!publicVideo(v) || (channelId && v.channelId !== channelId) || !inRange(v.timestamp)) continue;
        if (eventType && !(events[eventType] ?? []).includes(v.liveStatus)) continue;
        results.push(() =>
          searchResult(
            { kind: 'youtube#video', videoId: v.id },
            {
              publishedAt: rfc3339(v.timestamp),
              channelId: v.channelId,
              title: htmlEscape(v.title),
              description: htmlEscape(v.description.replace(/\s+/g, ' ').trim().slice(0, 160)),
              thumbnails: apiVideoThumbnails(v, false),
              channelTitle: htmlEscape(v.channel),
              liveBroadcastContent: liveBroadcastContent(v),
              publishTime: rfc3339(v.timestamp),
            },
            parts,
          ),
        );
      }
    }
    return listBody('youtube#searchListResponse', results, page, (make) => make(), { regionCode: 'US' });
  }

  function dataChannels(q: URLSearchParams, parts: Set<string>): DataAnswer {
    const filters = ['forHandle', 'forUsername', 'id'].filter((f) => q.has(f));
    if (filters.length === 0) {
      return parameterError(
        'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
        'missingRequiredParameter',
        '',
      );
    }
    if (filters.length > 1) {
      const message = `Incompatible parameters specified in the request: ${filters.join(', ')}`;
      return parameterError(message, 'incompatibleParameters', 'parameters');
    }
    const page = pageOf(q);
    if (isAnswer(page)) return page;
    const value = q.get(filters[0]!) ?? '';
    let found: StoredChannel[] = [];
    if (filters[0] === 'id') {
      const ids = new Set(
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      found = [...ids].map((id) => channels.get(id)).filter((c): c is StoredChannel => !!c);
    } else {
      const bare = value.trim().toLowerCase().replace(/^@/, '');
      for (const c of channels.values()) {
        const handle = c.handle.toLowerCase().slice(1);
        if (handle === bare || (filters[0] === 'forUsername' && c.name.toLowerCase() === bare)) {
          found = [c];
          break;
        }
      }
    }
    found = found.filter((c) => !c.terminated);
    const items = found.map((c) => channelResource(c, parts));
    const body: Json = { kind: 'youtube#channelListResponse', etag: etagOf(['channels', items]) };
    body.pageInfo = { totalResults: items.length, resultsPerPage: page.max };
    if (items.length) body.items = items; // not found: 200 without `items`
    return { status: 200, body };
  }

  function dataPlaylistItems(q: URLSearchParams, parts: Set<string>): DataAnswer {
    const playlistId = q.get('playlistId');
    if (!playlistId)
      return parameterError('No filter selected. Expected one of: id, playlistId', 'missingRequiredParameter', '');
    const page = pageOf(q);
    if (isAnswer(page)) return page;
    const p = resolvePlaylist(playlistId);
    if (!p) {
      return apiError(404, API_TEXTS.playlistNotFound, 'playlistNotFound', 'youtube.playlistItem', {
        location: 'playlistId',
        locationType: 'parameter',
      });
    }
    // Generated playlists (UU…) list what the public sees; a user's playlist keeps private/deleted entries as placeholders.
    let ids = playlists.has(p.id) ? p.videoIds : p.videoIds.filter((id) => publicVideo(videos.get(id)));
    const videoId = q.get('videoId');
    if (videoId) ids = ids.filter((id) => id === videoId);
    const positions = new Map(p.videoIds.map((id, i) => [id, i] as const));
    return listBody('youtube#playlistItemListResponse', ids, page, (id, i) =>
      playlistItemResource(p, id, videoId ? (positions.get(id) ?? i) : i, parts),
    );
  }

  function dataVideos(q: URLSearchParams, parts: Set<string>): DataAnswer {
    if (!q.has('id')) {
      return parameterError('No filter selected. Expected one of: chart, id, myRating', 'missingRequiredParameter', '');
    }
    const ids = new Set(
      (q.get('id') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    const items = [...ids]
      .map((id) => videos.get(id))
      .filter(publicVideo)
      .map((v) => videoResource(v, parts));
    const body: Json = { kind: 'youtube#videoListResponse', etag: etagOf(['videos', items]) };
    body.items = items;
    body.pageInfo = { totalResults: items.length, resultsPerPage: items.length };
    return { status: 200, body };
  }

  /** Key check, forced failures and quota (every accepted request is charged, even one that then fails), then the resource. */
  function dataApi(resource: string, q: URLSearchParams): DataAnswer | null {
    const cost = API_COSTS[resource];
    if (cost === undefined) return null;
    const key = q.get('key');
    if (!key || !apiKeys.has(key) || apiFailure === 'keyInvalid') {
      return apiError(400, API_TEXTS.keyInvalid, 'keyInvalid', 'usageLimits');
    }
    if (apiFailure === 'backendError') return apiError(500, API_TEXTS.backendError, 'backendError', 'global');
    if (apiFailure === 'quotaExceeded' || apiQuotaUsed + cost > apiQuota) {
      return apiError(403, API_TEXTS.quotaExceeded, 'quotaExceeded', 'youtube.quota');
    }
    apiQuotaUsed += cost;
    const parts = partsOf(resource, q);
    if (isAnswer(parts)) return parts;
    if (resource === 'search') return dataSearch(q, parts);
    if (resource === 'channels') return dataChannels(q, parts);
    if (resource === 'playlistItems') return dataPlaylistItems(q, parts);
    return dataVideos(q, parts);
  }

  // ---- HTTP

  function send(res: ServerResponse, req: IncomingMessage, status: number, body: Json | string): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  /** Data API answers: pretty-printed like Google's unless `prettyPrint=false`. */
  function sendData(res: ServerResponse, req: IncomingMessage, answer: DataAnswer, pretty: boolean): void {
    const text = pretty ? `${JSON.stringify(answer.body, null, 2)}\n` : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': Buffer.byteLength(text),
      Vary: 'Origin, X-Origin, Referer',
    });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  /** Sends a file with Range/HEAD support; `stall` sends at most the first third of it and then hangs. */
  function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: MediaFile,
    opts: { stall?: boolean; lastModified?: number } = {},
  ): void {
    const size = file.size;
    let start = 0;
    let end = size - 1;
    let status = 200;
    const range = req.headers.range;
    const headers: Record<string, string | number> = {
      'Content-Type': file.contentType,
      'Accept-Ranges': 'bytes',
    };
    if (opts.lastModified) headers['Last-Modified'] = new Date(opts.lastModified * 1000).toUTCString();
    if (range) {
      const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
      if (m && (m[1] || m[2])) {
        if (m[1]) {
          start = Number(m[1]);
          end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
        } else {
          start = Math.max(0, size - Number(m[2]));
        }
        if (start >= size || start > end) {
          res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
          res.end();
          return;
        }
        status = 206;
        headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
      }
      // Malformed or multi-range requests get the whole file (allowed by RFC 9110).
    }
    headers['Content-Length'] = end - start + 1;
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (opts.stall) {
      stalled.add(res);
      res.once('close', () => stalled.delete(res));
      res.flushHeaders();
      const lastSent = Math.min(end, Math.floor(size / 3) - 1);
      if (start <= lastSent) createReadStream(file.path, { start, end: lastSent }).pipe(res, { end: false });
      return;
    }
    const stream = createReadStream(file.path, { start, end });
    stream.once('error', () => res.destroy());
    stream.pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const parts = url.pathname
      .split('/')
      .slice(1)
      .map((p) => decodeURIComponent(p));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, req, 405, 'Method Not Allowed');

    if (parts[0] === 'api') {
      let answer: ApiAnswer | null = null;
      if (parts[1] === 'watch' && parts.length === 3) answer = await apiWatch(parts[2]!);
      else if (parts[1] === 'channel' && (parts.length === 3 || parts.length === 4)) {
        answer = apiChannel(parts[2]!, parts[3] ? parts[3].toLowerCase() : null);
      } else if (parts[1] === 'playlist' && parts.length === 3) answer = apiPlaylist(parts[2]!);
      else if (parts[1] === 'search' && parts.length === 2) {
        const q = url.searchParams;
        answer = await apiSearch(
          q.get('q') ?? '',
          q.get('n') ?? '1',
          q.get('sort') ?? 'relevance',
          q.get('type') ?? 'video',
        );
      }
      if (answer) return send(res, req, answer.status, answer.body);
      return send(res, req, 404, 'Not Found');
    }

    if (parts[0] === 'youtube' && parts[1] === 'v3' && parts.length === 3) {
      const answer = dataApi(parts[2]!, url.searchParams);
      if (answer) return sendData(res, req, answer, url.searchParams.get('prettyPrint') !== 'false');
      return send(res, req, 404, 'Not Found');
    }

    if (parts[0] === 'media' && parts.length === 3) {
      const v = videos.get(parts[1]!);
      if (!v) return send(res, req, 404, 'Not Found');
      if (v.failure === 'http-403') return send(res, req, 403, 'Forbidden');
      const media = await mediaFor(v);
      const name = parts[2]!;
      const height = /^v(\d+)\.mp4$/.exec(name);
      const file =
        name === 'audio.m4a'
          ? media.audio
          : name === 'muxed.mp4'
            ? media.muxed
            : height
              ? media.video.get(Number(height[1]))
              : undefined;
      if (!file) return send(res, req, 404, 'Not Found');
      return serveFile(req, res, file, { stall: v.failure === 'stall', lastModified: v.timestamp });
    }

    if (parts[0] === 'vi' && parts.length === 3 && videos.has(parts[1]!)) {
      const media = await ensureMedia(defaultMediaSpec);
      if (parts[2] === 'maxresdefault.jpg') return serveFile(req, res, media.thumbnail);
      // default/mq/sd sizes of the Data API are the same 480x360 file.
      if (['hqdefault.jpg', 'default.jpg', 'mqdefault.jpg', 'sddefault.jpg'].includes(parts[2]!)) {
        return serveFile(req, res, media.thumbnailSmall);
      }
    }

    if (parts[0] === 'ca' && parts.length === 3 && channels.has(parts[1]!)) {
      const media = await ensureMedia(defaultMediaSpec);
      if (parts[2] === 'avatar.jpg') return serveFile(req, res, media.avatar);
      if (parts[2] === 'banner.jpg') return serveFile(req, res, media.banner);
    }

    return send(res, req, 404, 'Not Found');
  }

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', at: Date.now() });
    handle(req, res).catch((e: unknown) => {
      if (res.headersSent) res.destroy();
      else send(res, req, 500, `Fake platform error: ${e instanceof Error ? e.message : String(e)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  // The default media set is needed by nearly every test: build it (or load it from the cache) now.
  await ensureMedia(defaultMediaSpec);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  for (const v of init.videos ?? []) addVideo(v);
  for (const c of init.channels ?? []) addChannel(c);
  for (const p of init.playlists ?? []) addPlaylist(p);

  let closed: Promise<void> | null = null;
  return {
    url: base,
    env: {
      PYTHONPATH: [FAKE_PLATFORM_PYTHON_DIR, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
      VIDKEEP_FAKE_PLATFORM_URL: base,
      VIDKEEP_SOURCE_API_URL: `${base}/youtube/v3`,
    },
    addVideo,
    addChannel,
    addPlaylist,
    generateTab,
    setFailure,
    releaseStalls,
    setSearchBehavior,
    get apiQuotaUsed() {
      return apiQuotaUsed;
    },
    set apiQuotaUsed(units: number) {
      apiQuotaUsed = units;
    },
    setApiQuota(units: number) {
      apiQuota = units;
    },
    setApiFailure(reason: FakeApiFailure | null) {
      apiFailure = reason;
    },
    requests,
    close() {
      closed ??= new Promise<void>((resolve) => {
        releaseStalls();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
      return closed;
    },
  };
}
