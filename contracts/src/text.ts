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
