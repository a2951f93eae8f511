import type { AudioFormat, DownloadRequest, Resolution } from './api-types';
export { isResolution, RESOLUTION_CHOICES } from '../../core/media-choices';

/** `DOWNLOAD_BATCH_MAX` of the contracts (a value import would bundle TypeBox). */
export const DOWNLOAD_BATCH_MAX = 50;

/** Whether a piece of pasted text looks like a URL at all (the server judges it further). */
export function looksLikeUrl(text: string): boolean {
  return /^(?:https?:\/\/)?[^\s/]+\.[^\s/.]{2,}(?:\/\S*)?$/i.test(text) && !/\s/.test(text);
}

/**
 * The entries of what the user pasted: one per line, blanks dropped, duplicates removed in their
 * first order. A line of several URLs separated by spaces counts as several; any other line is
 * one entry, sent as typed, so that the server can say what is wrong with it.
 */
export function parseUrls(text: string): string[] {
  const seen = new Set<string>();
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const parts = line.split(/\s+/);
    for (const entry of parts.every(looksLikeUrl) ? parts : [line]) seen.add(entry);
  }
  return [...seen];
}

/** What the counter beside the box says: URLs, and the lines that are not. */
export function countUrls(text: string): { urls: number; other: number } {
  const entries = parseUrls(text);
  const urls = entries.filter(looksLikeUrl).length;
  return { urls, other: entries.length - urls };
}

export interface DownloadOptions {
  resolution: Resolution | null;
  subfolder: string;
  skipVideoFolder: boolean;
  audioFormat: AudioFormat | null;
  /** Download videos that are in the library again. */
  allowRedownload?: boolean;
  /** ...even when the new file has a lower resolution than the one in the library. */
  allowLowerResolution?: boolean;
  /** A content rating, `NR` for explicitly none; null/absent: the channel's or playlist's default. */
  rating?: string | null;
}

export type BuiltRequest = { ok: true; body: DownloadRequest; count: number } | { ok: false; error: string };

/**
 * The `POST /api/videos/download` body: `{url}` for one URL, `{urls}` for several, plus the
 * options. An empty subfolder and an unticked "skip video folder" are left out so the server's
 * defaults apply.
 */
export function buildDownloadRequest(text: string, options: DownloadOptions): BuiltRequest {
  const urls = parseUrls(text);
  if (urls.length === 0) return { ok: false, error: 'Paste at least one video URL' };
  if (urls.length > DOWNLOAD_BATCH_MAX) {
    return { ok: false, error: `At most ${DOWNLOAD_BATCH_MAX} URLs at once (${urls.length} pasted)` };
  }
  const body: DownloadRequest = urls.length === 1 ? { url: urls[0] } : { urls };
  if (options.resolution) body.resolution = options.resolution;
  const subfolder = options.subfolder.trim();
  if (subfolder) body.subfolder = subfolder;
  if (options.skipVideoFolder) body.skipVideoFolder = true;
  if (options.audioFormat) body.audioFormat = options.audioFormat;
  if (options.allowRedownload) body.allowRedownload = true;
  if (options.allowLowerResolution) body.allowLowerResolution = true;
  if (options.rating) body.rating = options.rating;
  return { ok: true, body, count: urls.length };
}

/** `1080` of a `1920x1080` file (the smaller side, so portrait video counts alike); null when unknown. */
export function tierOf(resolution: string | null): number | null {
  const m = /^(\d+)x(\d+)$/.exec(resolution ?? '');
  const side = m ? Math.min(Number(m[1]), Number(m[2])) : 0;
  return side > 0 ? side : null;
}

/** "already downloaded (720p, 2026-11-20)" for one entry of `alreadyDownloaded`. */
export function alreadyText(a: { video_resolution: string | null; downloadedAt: string }): string {
  const tier = tierOf(a.video_resolution);
  return `already downloaded (${[tier ? `${tier}p` : null, a.downloadedAt.slice(0, 10)].filter(Boolean).join(', ')})`;
}

/**
 * The page where a URL the download form refused can be followed instead: the server's answer to
 * a playlist or channel URL says "follow the playlist on the Playlists page" (or Channels).
 */
export function followPage(message: string): { path: string; label: string } | null {
  if (/on the Playlists page/.test(message)) return { path: '/playlists', label: 'Playlists' };
  if (/on the Channels page/.test(message)) return { path: '/channels', label: 'Channels' };
  return null;
}
