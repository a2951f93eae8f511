import type { AudioFormat, DownloadRequest, Resolution } from './api-types';
export { isResolution, RESOLUTION_CHOICES } from '../../core/media-choices';

/** `DOWNLOAD_BATCH_MAX` of the contracts (a value import would bundle TypeBox). */
export const DOWNLOAD_BATCH_MAX = 50;

/**
 * The URLs in what the user pasted: one per line (any whitespace separates), blanks dropped,
 * duplicates removed in their first order.
 */
export function parseUrls(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/\s+/)) {
    const url = part.trim();
    if (url) seen.add(url);
  }
  return [...seen];
}

export interface DownloadOptions {
  resolution: Resolution | null;
  subfolder: string;
  skipVideoFolder: boolean;
  audioFormat: AudioFormat | null;
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
  if (options.rating) body.rating = options.rating;
  return { ok: true, body, count: urls.length };
}
