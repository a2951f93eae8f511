/**
 * Content ratings (reference 8.9): which rating a download gets, and how it is written into the
 * files media servers read (the NFO's rating block, reference 8.4; the MP4's iTunes content
 * rating, reference 8.3, in `mp4-rating.ts`). Pure except `rewriteNfoRating`, which changes one
 * file the safe way (`replace-safely.ts`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { replaceSafely } from './replace-safely.js';

export const MANUAL_OVERRIDE = 'Manual Override';
export const CHANNEL_DEFAULT = 'Channel Default';
export const PLAYLIST_DEFAULT = 'Playlist Default';

export interface DecidedRating {
  /** G … NC-17, TV-Y … TV-MA; null = not rated. */
  rating: string | null;
  /** Who decided; null when nothing did (no rating from anywhere). */
  source: string | null;
}

/** Reference 8.9's age-limit heuristic: 18+ R, 16+ PG-13, 13+ TV-14, 7+ TV-PG; below: none. */
export function ratingFromAgeLimit(age: unknown): string | null {
  if (typeof age !== 'number' || !Number.isFinite(age)) return null;
  if (age >= 18) return 'R';
  if (age >= 16) return 'PG-13';
  if (age >= 13) return 'TV-14';
  if (age >= 7) return 'TV-PG';
  return null;
}

export interface RatingInputs {
  /** The download's own choice: a rating, null = explicitly not rated, undefined = none given. */
  override?: string | null;
  /** The record's rating when it was set by hand earlier (kept on a re-download). */
  previousManual?: { rating: string | null } | null;
  /** The video's channel's `default_rating` (subscribed channels only). */
  channelDefault?: string | null;
  /** A followed playlist's `default_rating` (job option `fallbackRating`). */
  playlistDefault?: string | null;
  /** `age_limit` of the video's info.json. */
  ageLimit?: unknown;
}

/**
 * Precedence: the download's override (also an explicit "not rated") > a rating set by hand on an
 * earlier download > the channel default > the playlist default > the platform's age limit > none.
 */
export function decideRating(i: RatingInputs): DecidedRating {
  if (i.override !== undefined) return { rating: i.override, source: MANUAL_OVERRIDE };
  if (i.previousManual) return { rating: i.previousManual.rating, source: MANUAL_OVERRIDE };
  if (i.channelDefault) return { rating: i.channelDefault, source: CHANNEL_DEFAULT };
  if (i.playlistDefault) return { rating: i.playlistDefault, source: PLAYLIST_DEFAULT };
  const fromAge = ratingFromAgeLimit(i.ageLimit);
  if (fromAge) return { rating: fromAge, source: `yt-dlp:age_limit=${Math.floor(i.ageLimit as number)}` };
  return { rating: null, source: null };
}

const MPAA_RANK: Readonly<Record<string, number>> = { G: 100, PG: 200, 'PG-13': 300, R: 400, 'NC-17': 500 };
const TV_RANK: Readonly<Record<string, number>> = {
  'TV-Y': 100,
  'TV-Y7': 200,
  'TV-G': 300,
  'TV-PG': 400,
  'TV-14': 500,
  'TV-MA': 600,
};

/**
 * The iTunes content-rating text (`----:com.apple.iTunes:iTunEXTC`) that Plex, Jellyfin and Emby
 * read from an MP4: `mpaa|PG-13|300|` or `us-tv|TV-14|500|`; null for no (or an unknown) rating.
 */
export function itunesRating(rating: string | null): string | null {
  if (!rating) return null;
  if (MPAA_RANK[rating] !== undefined) return `mpaa|${rating}|${MPAA_RANK[rating]}|`;
  if (TV_RANK[rating] !== undefined) return `us-tv|${rating}|${TV_RANK[rating]}|`;
  return null;
}

/** Reference 8.4: the numeric level of the NFO's `mpaa` rating (1-4), or the code itself (TV-Y7). */
export function nfoRatingLevel(rating: string): string {
  if (['G', 'TV-Y', 'TV-G'].includes(rating)) return '1';
  if (['PG', 'TV-PG'].includes(rating)) return '2';
  if (['PG-13', 'TV-14'].includes(rating)) return '3';
  if (['R', 'TV-MA', 'NC-17'].includes(rating)) return '4';
  return rating;
}

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The NFO lines of a rating (indented for `<movie>`): `mpaa` plus a `ratings` block; none without a rating. */
export function nfoRatingLines(rating: DecidedRating): string[] {
  if (!rating.rating) return [];
  const lines = [
    `  <mpaa>${xmlEscape(rating.rating)}</mpaa>`,
    '  <ratings>',
    `    <rating name="mpaa" max="10"><value>${xmlEscape(nfoRatingLevel(rating.rating))}</value></rating>`,
  ];
  if (rating.source) lines.push(`    <rating name="source"><value>${xmlEscape(rating.source)}</value></rating>`);
  lines.push('  </ratings>');
  return lines;
}

/**
 * An NFO with its rating replaced: the old `mpaa` and `ratings` elements go, the new ones go where
 * `mpaa` was (else before `runtime`, else before `</movie>`). Everything else is kept as written.
 */
export function replaceNfoRating(nfo: string, rating: DecidedRating): string {
  const lines = nfo.split('\n');
  const out: string[] = [];
  let at = -1;
  let skipping = false;
  for (const line of lines) {
    const t = line.trim();
    if (skipping) {
      if (t.startsWith('</ratings>')) skipping = false;
      continue;
    }
    if (/^<mpaa>.*<\/mpaa>$/.test(t) || t === '<mpaa/>') {
      if (at < 0) at = out.length;
      continue;
    }
    if (t === '<ratings>') {
      if (at < 0) at = out.length;
      skipping = true;
      continue;
    }
    out.push(line);
  }
  if (at < 0) {
    at = out.findIndex((l) => l.trim().startsWith('<runtime>'));
    if (at < 0) at = out.findIndex((l) => l.trim() === '</movie>');
    if (at < 0) throw new Error('not an NFO written by vidkeep (no </movie>)');
  }
  out.splice(at, 0, ...nfoRatingLines(rating));
  return out.join('\n');
}

/** Rewrites the rating of an NFO file next to a video (reference 8.4: regenerated on a change). */
export async function rewriteNfoRating(nfoPath: string, rating: DecidedRating): Promise<void> {
  const text = await readFile(nfoPath, 'utf8');
  const next = replaceNfoRating(text, rating);
  await replaceSafely(nfoPath, 'rating', (tmp) => writeFile(tmp, next, 'utf8'));
}

/** What writing a rating into a library file can do for its kind of file. */
export function ratingTarget(path: string): 'mp4' | 'skip' {
  return /\.(mp4|m4v|mov)$/i.test(path) ? 'mp4' : 'skip';
}
