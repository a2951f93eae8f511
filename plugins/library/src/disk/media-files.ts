import { extname } from 'node:path';

/**
 * Which files of a folder are a video's media, and which video: the rules the filesystem rescan
 * and the library import share (docs/library.md).
 */

/** Video containers yt-dlp and ffmpeg write (the reference's rescan knew `.mp4 .webm .mkv .m4v .avi`). */
export const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(['.mp4', '.mkv', '.webm', '.m4v', '.mov', '.avi']);
/** Audio files (`mp3_only` downloads, the mp3 beside a video, bare `-x` downloads). */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set(['.mp3', '.m4a', '.opus', '.ogg', '.flac']);

/** Leftovers of an unfinished or merging download: format fragments, partial and temp files. */
const UNFINISHED = /\.f\d+\.\w+$|\.part$|\.ytdl$|\.temp\.\w+$|\.part-Frag\d+/i;

export type MediaKind = 'video' | 'audio';

/** `video`, `audio`, or null for anything else (sidecars, fragments, hidden files). */
export function mediaKind(name: string): MediaKind | null {
  if (name.startsWith('.') || UNFINISHED.test(name)) return null;
  const ext = extname(name).toLowerCase();
  if (VIDEO_EXTENSIONS.has(ext)) return 'video';
  if (AUDIO_EXTENSIONS.has(ext)) return 'audio';
  return null;
}

/** The platform's video ids: 11 characters of `A-Z a-z 0-9 _ -`. */
export const SOURCE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

const BRACKETED_ID = /\[([A-Za-z0-9_-]{11})\]/g;

/**
 * The video id in a media file's name: the last `[<11 characters>]` before the extension, as
 * yt-dlp's default template (`%(title)s [%(id)s].%(ext)s`) and this service write it.
 */
export function idInName(name: string): string | null {
  const stem = name.slice(0, name.length - extname(name).length);
  let found: string | null = null;
  for (const m of stem.matchAll(BRACKETED_ID)) found = m[1]!;
  return found;
}

/** The info.json yt-dlp writes beside a media file: `<name without extension>.info.json`. */
export function infoJsonName(mediaName: string): string {
  return `${mediaName.slice(0, mediaName.length - extname(mediaName).length)}.info.json`;
}

/** Preference when one video has several media files of a kind (a re-encode left beside the original). */
const PREFERRED = ['.mp4', '.m4v', '.mkv', '.webm', '.mov', '.avi', '.mp3', '.m4a', '.opus', '.ogg', '.flac'];
export function preferenceOf(name: string): number {
  const i = PREFERRED.indexOf(extname(name).toLowerCase());
  return i < 0 ? PREFERRED.length : i;
}
