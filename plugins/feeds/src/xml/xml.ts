/** The little XML writing the feeds need: escaping and one element per call. */

/**
 * Text for XML 1.0: `& < > " '` escaped, and the characters XML 1.0 cannot hold at all (control
 * characters other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) dropped. A video
 * description may hold any of them, and one of them makes a whole feed unreadable.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Attributes = Record<string, string | number | null | undefined>;

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');

/** `<name attrs>text</name>`, or `<name attrs/>` without text; nothing when text is null. */
export function element(name: string, text: string | number | null | undefined, attrs: Attributes = {}): string {
  if (text === null || text === undefined) return '';
  const body = String(text);
  return body === '' && Object.keys(attrs).length
    ? `<${name}${attributes(attrs)}/>`
    : `<${name}${attributes(attrs)}>${xmlText(body)}</${name}>`;
}

/** `<name attrs/>`. */
export const empty = (name: string, attrs: Attributes) => `<${name}${attributes(attrs)}/>`;
