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
  followerCount?: number;
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
  /** { PYTHONPATH: <python dir>[:<existing PYTHONPATH>], VIDKEEP_FAKE_PLATFORM_URL: url } - spread over process.env for yt-dlp. */
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
      followerCount: c.followerCount ?? 1000 + numberFrom(c.channelId, 100000),
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
      if (!owner) throw new Error(`Playlist ${p.id} lists unknown video ${id} and its channel ${p.channelId} is unknown`);
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
    const liveStatus =
      v.liveStatus === 'not_live' ? null : v.liveStatus === 'post_live' ? 'was_live' : v.liveStatus;
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

  // ---- API

  type ApiAnswer = { status: number; body: Json | string };
  const error = (message: string, extra: Json = {}): ApiAnswer => ({ status: 200, body: { error: { message, ...extra } } });

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
    let p = playlists.get(id);
    if (!p && id.startsWith('UU')) {
      const c = channels.get(`UC${id.slice(2)}`);
      if (c && !c.terminated) {
        const all = Object.values(c.tabs)
          .flat()
          .map((vid) => videos.get(vid!))
          .filter((v): v is StoredVideo => !!v)
          .sort((a, b) => b.timestamp - a.timestamp);
        p = { id, title: `Uploads from ${c.name}`, channelId: c.channelId, videoIds: all.map((v) => v.id), availability: 'public' };
      }
    }
    if (!p || p.availability === 'private') return error(REASONS.playlistMissing, { kind: 'playlist-missing' });
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

  function apiSearch(q: string, n: string, sort: string): ApiAnswer {
    const limit = n === 'all' ? Infinity : Math.max(0, Number(n) || 1);
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const scored: { v: StoredVideo; score: number; order: number }[] = [];
    let order = 0;
    for (const v of videos.values()) {
      order++;
      if (v.failure === 'private' || v.failure === 'removed') continue;
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
    scored.sort((a, b) => (sort === 'date' ? b.v.timestamp - a.v.timestamp : b.score - a.score) || a.order - b.order);
    return { status: 200, body: { entries: scored.slice(0, limit).map((s) => videoEntry(s.v)) } };
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
    const parts = url.pathname.split('/').slice(1).map((p) => decodeURIComponent(p));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, req, 405, 'Method Not Allowed');

    if (parts[0] === 'api') {
      let answer: ApiAnswer | null = null;
      if (parts[1] === 'watch' && parts.length === 3) answer = await apiWatch(parts[2]!);
      else if (parts[1] === 'channel' && (parts.length === 3 || parts.length === 4)) {
        answer = apiChannel(parts[2]!, parts[3] ? parts[3].toLowerCase() : null);
      } else if (parts[1] === 'playlist' && parts.length === 3) answer = apiPlaylist(parts[2]!);
      else if (parts[1] === 'search' && parts.length === 2) {
        answer = apiSearch(url.searchParams.get('q') ?? '', url.searchParams.get('n') ?? '1', url.searchParams.get('sort') ?? 'relevance');
      }
      if (answer) return send(res, req, answer.status, answer.body);
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
        name === 'audio.m4a' ? media.audio : name === 'muxed.mp4' ? media.muxed : height ? media.video.get(Number(height[1])) : undefined;
      if (!file) return send(res, req, 404, 'Not Found');
      return serveFile(req, res, file, { stall: v.failure === 'stall', lastModified: v.timestamp });
    }

    if (parts[0] === 'vi' && parts.length === 3 && videos.has(parts[1]!)) {
      const media = await ensureMedia(defaultMediaSpec);
      if (parts[2] === 'maxresdefault.jpg') return serveFile(req, res, media.thumbnail);
      if (parts[2] === 'hqdefault.jpg') return serveFile(req, res, media.thumbnailSmall);
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
    },
    addVideo,
    addChannel,
    addPlaylist,
    generateTab,
    setFailure,
    releaseStalls,
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
