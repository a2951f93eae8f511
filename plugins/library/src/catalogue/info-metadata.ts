import { extname } from 'node:path';
import type { VideoFileEntry, VideoMetadataResponse } from '@vidkeep/contracts';

const SUBTITLE = new Set(['.srt', '.vtt', '.ass', '.ssa']);
const IMAGE = new Set(['.jpg', '.jpeg', '.png', '.webp']);

/** What kind of file of a video this is, by its extension. */
export function fileKind(path: string): VideoFileEntry['kind'] {
  const ext = extname(path).toLowerCase();
  if (ext === '.nfo') return 'nfo';
  if (SUBTITLE.has(ext)) return 'subtitle';
  if (IMAGE.has(ext)) return 'thumbnail';
  if (['.mp4', '.mkv', '.webm', '.m4v', '.mov'].includes(ext)) return 'video';
  if (['.mp3', '.m4a', '.opus', '.ogg', '.flac'].includes(ext)) return 'audio';
  return 'other';
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The metadata fields of an info.json (all null without one). */
export function metadataFields(
  info: Record<string, unknown> | null,
  videoResolution: string | null,
): Omit<VideoMetadataResponse, 'relatedFiles'> {
  const i = info ?? {};
  const day = typeof i.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(i.upload_date) : null;
  const formats = Array.isArray(i.formats) ? (i.formats as Record<string, unknown>[]) : [];
  const heights = [
    ...new Set(
      formats
        .filter((f) => f && f.vcodec !== 'none' && typeof f.height === 'number' && f.height > 0)
        .map((f) => f.height as number),
    ),
  ].sort((a, b) => b - a);
  const measured = videoResolution && videoResolution !== '0x0' ? /^(\d+)x(\d+)$/.exec(videoResolution) : null;
  const width = int(i.width) ?? (measured ? Number(measured[1]) : null);
  const height = int(i.height) ?? (measured ? Number(measured[2]) : null);
  const chapters = Array.isArray(i.chapters) ? (i.chapters as Record<string, unknown>[]) : [];
  const live = text(i.live_status);
  return {
    infoJsonAvailable: info !== null,
    description: text(i.description),
    viewCount: int(i.view_count),
    likeCount: int(i.like_count),
    commentCount: int(i.comment_count),
    tags: strings(i.tags),
    categories: strings(i.categories),
    chapters: chapters
      .filter((c) => c && typeof c.start_time === 'number')
      .map((c) => ({
        title: typeof c.title === 'string' ? c.title : '',
        startTime: c.start_time as number,
        endTime: num(c.end_time),
      })),
    uploadDate: day ? `${day[1]}-${day[2]}-${day[3]}` : null,
    resolution: width && height ? `${width}x${height}` : text(i.resolution),
    width,
    height,
    fps: num(i.fps),
    aspectRatio: num(i.aspect_ratio) ?? (width && height ? Math.round((width / height) * 100) / 100 : null),
    language: text(i.language),
    isLive: live ? live === 'is_live' : typeof i.is_live === 'boolean' ? i.is_live : null,
    wasLive: live ? live === 'was_live' || live === 'post_live' : typeof i.was_live === 'boolean' ? i.was_live : null,
    availability: text(i.availability),
    channelFollowerCount: int(i.channel_follower_count),
    ageLimit: int(i.age_limit),
    webpageUrl: text(i.webpage_url),
    availableResolutions: heights,
    downloadedTier: height ? `${height}p` : null,
  };
}
