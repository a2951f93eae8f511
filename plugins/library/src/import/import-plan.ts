import { basename, extname, join, relative, sep } from 'node:path';
import { sanitizeFileName, subfolderProblem } from '@vidkeep/contracts';
import { SOURCE_ID_PATTERN } from '../disk/media-files.js';
import type { WalkedFile } from '../disk/walk.js';
import { byPreference } from '../rescan/reconcile.js';

/** What an info.json says that the library keeps (yt-dlp's field names). */
export interface InfoFields {
  id?: unknown;
  title?: unknown;
  fulltitle?: unknown;
  uploader?: unknown;
  channel?: unknown;
  channel_id?: unknown;
  description?: unknown;
  duration?: unknown;
  upload_date?: unknown;
  timestamp?: unknown;
  media_type?: unknown;
  width?: unknown;
  height?: unknown;
}

/** One video found in an import folder: its best media file of each kind and its metadata. */
export interface FoundVideo {
  sourceId: string;
  video: WalkedFile | null;
  audio: WalkedFile | null;
  /** Other media files of the same video (left alone). */
  duplicates: WalkedFile[];
  info: InfoFields | null;
  infoJsonPath: string | null;
}

const MEDIA_TYPES = new Set(['video', 'short', 'livestream']);
const CHANNEL_ID = /^[A-Za-z0-9_-]{1,64}$/;
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * Groups media files by video. The id comes from the file name (`[<id>]`) or, for a name without
 * one, from the `id` of the info.json beside it. Files with neither are returned as `noId`.
 */
export function groupByVideo(
  files: WalkedFile[],
  infoOf: (file: WalkedFile) => InfoFields | null,
): { videos: FoundVideo[]; noId: WalkedFile[] } {
  const groups = new Map<string, { files: WalkedFile[]; info: InfoFields | null; infoJsonPath: string | null }>();
  const noId: WalkedFile[] = [];
  for (const f of files) {
    const info = f.infoJson ? infoOf(f) : null;
    const infoId = typeof info?.id === 'string' && SOURCE_ID_PATTERN.test(info.id) ? info.id : null;
    const id = f.nameId ?? infoId;
    if (!id) {
      noId.push(f);
      continue;
    }
    // An info.json of another video (renamed by hand) does not describe this file.
    const own = info && (infoId === null || infoId === id) ? info : null;
    const g = groups.get(id);
    if (g) {
      g.files.push(f);
      if (!g.info && own) {
        g.info = own;
        g.infoJsonPath = f.infoJson;
      }
    } else groups.set(id, { files: [f], info: own, infoJsonPath: own ? f.infoJson : null });
  }
  const videos: FoundVideo[] = [];
  for (const [sourceId, g] of groups) {
    const sorted = [...g.files].sort(byPreference);
    const video = sorted.find((f) => f.kind === 'video') ?? null;
    const audio = sorted.find((f) => f.kind === 'audio') ?? null;
    videos.push({
      sourceId,
      video,
      audio,
      duplicates: sorted.filter((f) => f !== video && f !== audio),
      info: g.info,
      infoJsonPath: g.infoJsonPath,
    });
  }
  videos.sort((a, b) => ((a.video ?? a.audio)!.path < (b.video ?? b.audio)!.path ? -1 : 1));
  return { videos, noId };
}

/** The title from a media file name: yt-dlp's `Title [id].ext` without the id and extension. */
export function titleFromName(name: string, sourceId: string): string {
  const stem = basename(name, extname(name));
  const cleaned = stem
    .replace(`[${sourceId}]`, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return cleaned || sourceId;
}

/** The library's fields from an info.json (or the file name when there is none). */
export function recordFields(found: FoundVideo) {
  const info = found.info ?? {};
  const file = (found.video ?? found.audio)!;
  const uploadDate = str(info.upload_date);
  const duration =
    typeof info.duration === 'number' && Number.isFinite(info.duration) ? Math.round(info.duration) : null;
  const channelId = str(info.channel_id);
  const mediaType = str(info.media_type);
  const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
  return {
    title: (str(info.title) ?? str(info.fulltitle) ?? titleFromName(file.name, found.sourceId)).slice(0, 500),
    channelName: (str(info.uploader) ?? str(info.channel))?.slice(0, 300) ?? null,
    channelId: channelId && CHANNEL_ID.test(channelId) ? channelId : null,
    description: str(info.description),
    duration: duration !== null && duration >= 0 ? duration : null,
    uploadDate: uploadDate && /^\d{8}$/.test(uploadDate) ? uploadDate : null,
    mediaType: mediaType && MEDIA_TYPES.has(mediaType) ? mediaType : 'video',
    /** What yt-dlp reports it downloaded; else ffprobe measures the file after the import. */
    videoResolution: found.video && ok(info.width) && ok(info.height) ? `${info.width}x${info.height}` : null,
    publishedAt: publishedAtOf(info),
  };
}

/** The exact publication time: `timestamp`, else `upload_date` at 00:00 UTC. */
function publishedAtOf(info: InfoFields): string | null {
  if (typeof info.timestamp === 'number' && Number.isFinite(info.timestamp))
    return new Date(info.timestamp * 1000).toISOString();
  const d = typeof info.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(info.upload_date) : null;
  return d ? `${d[1]}-${d[2]}-${d[3]}T00:00:00.000Z` : null;
}

/** The subfolder a path inside the output directory lies in (`__<name>/...`), or null for the root. */
export function subfolderOf(outputDir: string, path: string): string | null {
  const first = relative(outputDir, path).split(sep)[0] ?? '';
  if (!first.startsWith('__')) return null;
  const name = first.slice(2);
  return name && !subfolderProblem(name) ? name : null;
}

/**
 * Where `move` puts a video's files: `<output>/[__<subfolder>/]<Channel>/<name> - <id>/`, or the
 * channel folder itself in the flat layout. `<name>` is the media file's name without the id and
 * extension, so the per-video folder names the id (what the safe delete looks for).
 */
export function moveTarget(input: {
  outputDir: string;
  subfolder: string | null;
  channelName: string | null;
  file: WalkedFile;
  sourceId: string;
  flat: boolean;
}): string {
  const base = input.subfolder ? join(input.outputDir, `__${input.subfolder}`) : input.outputDir;
  const channelDir = join(base, sanitizeFileName(input.channelName ?? '', 'Unknown Channel'));
  if (input.flat) return channelDir;
  const name = sanitizeFileName(titleFromName(input.file.name, input.sourceId), input.sourceId).slice(0, 64).trim();
  return join(channelDir, `${name} - ${input.sourceId}`);
}

/** A sidecar's name once moved: it keeps its name, or gets ` [<id>]` when its media name had none. */
export function movedName(name: string, mediaStem: string, sourceId: string): string {
  if (name.includes(`[${sourceId}]`)) return name;
  return name.startsWith(mediaStem) ? `${mediaStem} [${sourceId}]${name.slice(mediaStem.length)}` : name;
}
