/**
 * Content ratings (docs/library.md "Ratings"): the contracts' `CONTENT_RATINGS`, copied because
 * a value import would bundle TypeBox.
 */
export const RATINGS = ['G', 'PG', 'PG-13', 'R', 'NC-17', 'TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'] as const;
export type Rating = (typeof RATINGS)[number];

/** Where a rating came from, in words (`rating_source` of a video). */
export function ratingSourceLabel(source: string | null | undefined): string | null {
  if (!source) return null;
  if (source === 'Manual Override') return 'set by hand';
  if (source === 'Channel Default') return "the channel's default";
  if (source === 'Playlist Default') return "the playlist's default";
  const age = /^yt-dlp:age_limit=(\d+)$/.exec(source);
  if (age) return `the platform's age limit (${age[1]}+)`;
  return source;
}

/** A video's rating as a short text: the rating, `Not rated` by hand, or null when never decided. */
export function ratingText(v: { normalized_rating: string | null; rating_source: string | null }): string | null {
  if (v.normalized_rating) return v.normalized_rating;
  return v.rating_source ? 'Not rated' : null;
}
