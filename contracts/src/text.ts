/**
 * Text rules shared by schemas, services and the UI. Control characters (C0 and DEL) never belong
 * in names, queries or folder names that users type.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_GLOBAL = /[\u0000-\u001f\u007f]/g;

export const hasControlChars = (text: string): boolean => CONTROL_CHAR.test(text);

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
