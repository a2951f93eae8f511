/**
 * What yt-dlp prints to the screen (stderr, with `--verbose`) while it reads a listing, as far as
 * the source client needs it: which page of the listing it asks for, and which lines are its own
 * chatter rather than an error.
 */

/**
 * The continuation yt-dlp asks for: `[youtube:tab] UC… page 3: Downloading API JSON` → 3 (the
 * tab page itself prints "Downloading webpage" and is not counted). Also the generic form
 * `…: Downloading page 3` some extractors print. Null for any other line.
 */
export function listingPageOf(line: string): number | null {
  const m =
    /^\[[\w:.-]+\] .*\bpage (\d{1,6}): Downloading (?:API JSON|webpage|JSON metadata)\b/.exec(line) ??
    /^\[[\w:.-]+\] .*: Downloading page (\d{1,6})\b/.exec(line);
  return m ? Number(m[1]) : null;
}

/**
 * A line of yt-dlp's screen output (`[youtube:tab] …`, `[download] …`, `[info] …`) or its
 * `--verbose` debug output (`[debug] …`, which also spells out the command line, proxy included):
 * never an error, never kept or logged. Errors start with `ERROR:`, warnings with `WARNING:`, and
 * Python's own failures with neither.
 */
export const isScreenLine = (line: string): boolean => /^\[[\w:.-]+\] /.test(line);
