/**
 * Videos: the watch page yt-dlp's `youtube` extractor reads (`/api/watch/<id>`: metadata and
 * formats, or the platform's refusal), the media files the formats point at (`/media/<id>/...`,
 * ranged GETs) and the thumbnails (`/vi/<id>/...`).
 */
import { availabilityOf, viewsOf } from '../catalog.js';
import { failureAnswer, NOT_FOUND, serveFile, type Answer, type Route } from '../http.js';
import { AUDIO_SAMPLE_RATE, FPS, THUMBNAIL, THUMBNAIL_SMALL, widthFor, type MediaSet } from '../media.js';
import type { PlatformState } from '../state.js';
import type { Json, StoredVideo } from '../types.js';
import { kbps, YT } from '../values.js';
import { channelFields, platformError, REASONS, TOO_MANY_REQUESTS } from './shapes.js';

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
/** The Data API's default/mq/sd sizes are the same 480x360 file as hqdefault. */
const SMALL_THUMBNAILS = ['hqdefault.jpg', 'default.jpg', 'mqdefault.jpg', 'sddefault.jpg'];

export function videoRoutes(s: PlatformState): Route[] {
  return [
    { path: '/api/watch/:id', handle: ({ params, req }) => watch(s, params.id, s.signedIn(req)) },
    {
      path: '/media/:id/:file',
      async handle(x) {
        const v = s.videos.get(x.params.id);
        if (!v) return NOT_FOUND;
        const passing = s.takeMediaFailure(v);
        s.mediaRangeHeaders.set(v.id, [...(s.mediaRangeHeaders.get(v.id) ?? []), x.req.headers.range ?? '']);
        if (v.failure === 'http-403') return { status: 403, body: 'Forbidden' };
        const failed = failureAnswer(x, passing);
        if (failed !== null) return failed;
        const file = mediaFile(await s.mediaFor(v), x.params.file);
        if (!file) return NOT_FOUND;
        serveFile(x, file, {
          stallIn: v.failure === 'stall' ? s.stalled : undefined,
          lastModified: v.timestamp,
          throttle: v.throttle,
        });
      },
    },
    {
      path: '/subs/:id/:file',
      handle({ params }) {
        const v = s.videos.get(params.id);
        const lang = /^([A-Za-z-]{1,20})\.vtt$/.exec(params.file)?.[1];
        const cues = lang ? v?.subtitles[lang] : undefined;
        if (!cues) return NOT_FOUND;
        return { status: 200, body: webVtt(cues) };
      },
    },
    {
      path: '/vi/:id/:file',
      async handle(x) {
        if (!s.videos.has(x.params.id)) return NOT_FOUND;
        const media = await s.defaultMedia();
        if (x.params.file === 'maxresdefault.jpg') return serveFile(x, media.thumbnail);
        if (SMALL_THUMBNAILS.includes(x.params.file)) return serveFile(x, media.thumbnailSmall);
        return NOT_FOUND;
      },
    },
  ];
}

function mediaFile(media: MediaSet, name: string) {
  if (name === 'audio.m4a') return media.audio;
  if (name === 'muxed.mp4') return media.muxed;
  const height = /^v(\d+)\.mp4$/.exec(name);
  return height ? media.video.get(Number(height[1])) : undefined;
}

async function watch(s: PlatformState, id: string, signedIn: boolean): Promise<Answer> {
  const v = s.videos.get(id);
  if (!v) return platformError(REASONS.unavailable, { kind: 'unavailable' });
  if (v.requiresSignIn && !signedIn) return platformError(REASONS['bot-check'], { kind: 'bot-check' });
  switch (v.failure) {
    case 'http-429':
      return TOO_MANY_REQUESTS;
    case 'private':
    case 'removed':
    case 'bot-check':
      return platformError(REASONS[v.failure], { kind: v.failure });
    case 'members-only':
      return { status: 200, body: { error: { kind: v.failure, message: REASONS[v.failure] }, info: metadataOf(s, v) } };
    default:
      break;
  }
  if (v.liveStatus === 'is_upcoming') {
    return { status: 200, body: { error: { kind: 'upcoming', message: REASONS.upcoming }, info: metadataOf(s, v) } };
  }
  const media = await s.mediaFor(v);
  return { status: 200, body: { ...metadataOf(s, v), formats: formatsOf(s, v, media) } };
}

/** The watch page's thumbnails: hqdefault (480x360) and maxresdefault (1280x720). */
const thumbnailsOf = (s: PlatformState, id: string) =>
  (
    [
      ['hqdefault.jpg', THUMBNAIL_SMALL, -7],
      ['maxresdefault.jpg', THUMBNAIL, -1],
    ] as const
  ).map(([file, { width, height }, preference], i) => ({
    url: `${s.base}/vi/${id}/${file}`,
    preference,
    id: String(i),
    width,
    height,
    resolution: `${width}x${height}`,
  }));

function metadataOf(s: PlatformState, v: StoredVideo): Json {
  const c = s.channels.get(v.channelId);
  const live = v.liveStatus !== 'not_live';
  return {
    id: v.id,
    title: v.title,
    fulltitle: v.title,
    description: v.description,
    ...channelFields(v.channel, v.channelId, v.handle),
    channel_follower_count: c?.followerCount ?? null,
    upload_date: v.uploadDate,
    timestamp: v.timestamp,
    ...(live ? { release_timestamp: v.timestamp } : {}),
    duration: v.liveStatus === 'is_live' || v.liveStatus === 'is_upcoming' ? null : v.duration,
    view_count: viewsOf(v),
    like_count: Math.floor(viewsOf(v) / 20),
    comment_count: Math.floor(viewsOf(v) / 200),
    age_limit: v.ageLimit,
    chapters: v.chapters,
    live_status: v.liveStatus,
    availability: availabilityOf(v),
    media_type: v.mediaType,
    tags: v.tags,
    categories: ['People & Blogs'],
    playable_in_embed: true,
    webpage_url: `${YT}/watch?v=${v.id}`,
    thumbnails: thumbnailsOf(s, v.id),
    thumbnail: `${s.base}/vi/${v.id}/maxresdefault.jpg`,
    subtitles: subtitleTracks(s, v),
    automatic_captions: subtitleTracks(s, v, 'auto'),
  };
}

/** The watch page's subtitle tracks: one WebVTT file per language (the real one also lists json3, srv1-3, ttml). */
function subtitleTracks(s: PlatformState, v: StoredVideo, kind?: 'auto'): Json {
  return Object.fromEntries(
    Object.keys(v.subtitles).map((lang) => [
      lang,
      [{ ext: 'vtt', url: `${s.base}/subs/${v.id}/${lang}.vtt`, name: kind ? `${lang} (auto-generated)` : lang }],
    ]),
  );
}

/** One cue per second. */
function webVtt(cues: string[]): string {
  const at = (second: number) => `00:00:${String(second).padStart(2, '0')}.000`;
  return `WEBVTT\n\n${cues.map((text, i) => `${at(i)} --> ${at(i + 1)}\n${text}\n`).join('\n')}`;
}

/** Formats 140 (m4a audio), one video-only H.264 mp4 per height and 18 (muxed 360p), as the real extractor lists them. */
function formatsOf(s: PlatformState, v: StoredVideo, media: MediaSet): Json[] {
  const url = (name: string) => `${s.base}/media/${v.id}/${name}`;
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
