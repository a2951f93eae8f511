/**
 * Plex's two wire formats for one answer (external-apis.md 1.2): XML by default, JSON when the
 * client sends `Accept: application/json`. An answer is built once as elements; `toXml` and
 * `toJson` write it. In XML, items are `<Video>`/`<Track>`/`<Playlist>`; in JSON every one of them
 * sits under `Metadata`, sections under `Directory`, their folders under `Location`.
 */
export type AttrValue = string | number | boolean | null | undefined;

export interface El {
  /** Element name in XML. */
  xml: string;
  /** Key of the array that holds it in JSON. */
  json: string;
  attrs: Record<string, AttrValue>;
  children?: El[];
}

export const el = (xml: string, json: string, attrs: Record<string, AttrValue>, children?: El[]): El => ({
  xml,
  json,
  attrs,
  ...(children ? { children } : {}),
});

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** XML attributes: booleans as 1/0 (as Plex writes them), absent values left out. */
function xmlAttrs(attrs: Record<string, AttrValue>): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${escapeXml(typeof v === 'boolean' ? (v ? '1' : '0') : String(v))}"`)
    .join('');
}

function xmlOf(e: El, indent: string): string {
  const kids = e.children ?? [];
  if (kids.length === 0) return `${indent}<${e.xml}${xmlAttrs(e.attrs)} />`;
  return [
    `${indent}<${e.xml}${xmlAttrs(e.attrs)}>`,
    ...kids.map((k) => xmlOf(k, `${indent}  `)),
    `${indent}</${e.xml}>`,
  ].join('\n');
}

function jsonOf(e: El): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e.attrs)) if (v !== undefined && v !== null) out[k] = v;
  for (const kid of e.children ?? []) ((out[kid.json] ??= []) as unknown[]).push(jsonOf(kid));
  return out;
}

/** `<MediaContainer size=n ...>` around the children. */
export function container(attrs: Record<string, AttrValue>, children: El[] = []): El {
  return el('MediaContainer', 'MediaContainer', { size: children.length, ...attrs }, children);
}

export const toXml = (root: El) => `<?xml version="1.0" encoding="UTF-8"?>\n${xmlOf(root, '')}\n`;
export const toJson = (root: El) => JSON.stringify({ MediaContainer: jsonOf(root) });

/** The HTML page Plex answers errors with (401, 404, 500): it is not an API body. */
export const errorPage = (status: number, title: string) =>
  `<html><head><title>${title}</title></head><body><h1>${status} ${title}</h1></body></html>`;
