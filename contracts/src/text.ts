/**
 * Text rules shared by schemas, services and the UI. Control characters (C0 and DEL) never belong
 * in names, queries or folder names that users type.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_GLOBAL = /[\u0000-\u001f\u007f]/g;

export const hasControlChars = (text: string): boolean => CONTROL_CHAR.test(text);

/**
 * A search query as the platform searches (channels and videos) take it: trimmed, 1 to 200
 * characters, no control characters; else what is wrong with it.
 */
export function searchQueryProblem(raw: string): { query: string } | { error: string } {
  const query = raw.trim();
  if (query.length < 1) return { error: 'query must not be empty' };
  if (query.length > 200) return { error: 'query must be at most 200 characters' };
  if (hasControlChars(query)) return { error: 'query must not contain control characters' };
  return { query };
}

export const stripControlChars = (text: string): string => text.replace(CONTROL_CHARS_GLOBAL, '');

/** Replaces control characters with `replacement` (one for each). */
export const replaceControlChars = (text: string, replacement: string): string =>
  text.replace(CONTROL_CHARS_GLOBAL, replacement);

/**
 * A file or folder name made from a title: no path separators, reserved characters or control
 * characters, no leading dots, at most 80 characters. The downloader names channel folders this
 * way, and the playlists plugin its `.m3u` files.
 */
export function sanitizeFileName(name: string, fallback = 'Unknown Channel'): string {
  const cleaned = replaceControlChars(name, '_')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 80);
  return cleaned || fallback;
}
