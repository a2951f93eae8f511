/**
 * The Data API's wire format, as pure functions: texts, timestamps and durations, HTML escaping,
 * real-looking page tokens and etags, errors, `part` and paging parameters, and list bodies
 * (external-apis.md section 6).
 */
import type { Json } from '../../types.js';
import { digest } from '../../values.js';

export const API_PARTS: Record<string, string[]> = {
  search: ['id', 'snippet'],
  channels: [
    'id',
    'snippet',
    'contentDetails',
    'statistics',
    'status',
    'brandingSettings',
    'topicDetails',
    'localizations',
  ],
  playlistItems: ['id', 'snippet', 'contentDetails', 'status'],
  videos: [
    'id',
    'snippet',
    'contentDetails',
    'statistics',
    'status',
    'liveStreamingDetails',
    'player',
    'topicDetails',
    'localizations',
  ],
};
export const API_TEXTS = {
  quotaExceeded:
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  keyInvalid: 'API key not valid. Please pass a valid API key.',
  backendError: 'Backend Error',
  playlistNotFound: "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
  invalidPageToken: 'The request specifies an invalid page token.',
} as const;

/** RFC 3339 as the API writes it: 2024-03-15T12:00:00Z. */
export const rfc3339 = (timestamp: number) => new Date(timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** ISO 8601 duration as contentDetails.duration: PT1H2M3S, PT5S; P0D for live and upcoming. */
export function isoDuration(seconds: number): string {
  if (seconds <= 0) return 'P0D';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

/** search.list escapes titles and descriptions as HTML (a well-known quirk); the other endpoints do not. */
export const htmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Page tokens shaped like the real ones: protobuf {1: offset, 2: 0 next | 1 previous}, base64 without padding ("CAUQAA"). */
export function pageToken(offset: number, previous: boolean): string {
  const bytes = [0x08];
  let n = offset;
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    bytes.push(b);
  } while (n);
  bytes.push(0x10, previous ? 1 : 0);
  return Buffer.from(bytes).toString('base64').replace(/=+$/, '');
}

/** The offset a page token stands for, or null for a token the API did not make. */
export function pageOffset(token: string): number | null {
  const b = Buffer.from(token, 'base64');
  if (b.length < 4 || b[0] !== 0x08) return null;
  let n = 0;
  let i = 1;
  for (let shift = 0; i < b.length; i++, shift += 7) {
    n += (b[i]! & 0x7f) * 2 ** shift;
    if (!(b[i]! & 0x80)) break;
  }
  if (b[i + 1] !== 0x10 || b.length !== i + 3 || pageToken(n, b[i + 2] === 1) !== token.replace(/=+$/, '')) return null;
  return n;
}

/** A Data API answer: always JSON, sent pretty-printed like Google's. */
export type DataAnswer = { status: number; body: Json };
export type Page = { offset: number; max: number };

/** Google's error body: `{ error: { code, message, errors: [{ message, domain, reason, ...extra }] } }`. */
export function apiError(code: number, message: string, reason: string, domain: string, extra: Json = {}): DataAnswer {
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason, ...extra }] } } };
}
export const parameterError = (message: string, reason: string, location: string) =>
  apiError(400, message, reason, 'youtube.parameter', { location, locationType: 'parameter' });
/** Parameter readers return either their value or the error to answer with. */
export const isAnswer = (x: unknown): x is DataAnswer =>
  typeof x === 'object' && x !== null && 'status' in x && 'body' in x;

/** A 27-character etag, deterministic for the same content. */
export const etagOf = (value: unknown) =>
  digest(`etag:${JSON.stringify(value)}`)
    .subarray(0, 20)
    .toString('base64url')
    .slice(0, 27);
export const withEtag = (item: Json): Json => ({ kind: item.kind, etag: etagOf(item), ...item });

/** The `part` list of a request: required, and every part must exist for the resource. */
export function partsOf(resource: string, q: URLSearchParams): Set<string> | DataAnswer {
  const raw = q.get('part');
  if (!raw)
    return apiError(400, 'Required parameter: part', 'required', 'global', {
      location: 'part',
      locationType: 'parameter',
    });
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = parts.find((p) => !API_PARTS[resource]!.includes(p));
  if (unknown)
    return apiError(400, `'${unknown}'`, 'unknownPart', 'youtube.part', {
      location: 'part',
      locationType: 'parameter',
    });
  return new Set(parts);
}

/** `maxResults` (0..50, default 5) and `pageToken` of a list request. */
export function pageOf(q: URLSearchParams): Page | DataAnswer {
  const raw = q.get('maxResults');
  const max = raw === null ? 5 : Number(raw);
  if (!Number.isInteger(max) || max < 0 || max > 50) {
    return parameterError(
      `Invalid value '${raw}'. Values must be within the range: [0, 50]`,
      'invalidParameter',
      'maxResults',
    );
  }
  const token = q.get('pageToken');
  const offset = token ? pageOffset(token) : 0;
  if (offset === null) return parameterError(API_TEXTS.invalidPageToken, 'invalidPageToken', 'pageToken');
  return { offset, max };
}

/** A paged list response: kind, etag, nextPageToken/prevPageToken, extra (regionCode), pageInfo, items. */
export function listBody<T>(
  kind: string,
  all: T[],
  page: Page,
  item: (x: T, index: number) => Json,
  extra: Json = {},
): DataAnswer {
  const { offset, max } = page;
  const items = all.slice(offset, offset + max).map((x, i) => item(x, offset + i));
  const body: Json = { kind, etag: etagOf([kind, offset, items]) };
  if (max > 0 && offset + max < all.length) body.nextPageToken = pageToken(offset + max, false);
  if (offset > 0) body.prevPageToken = pageToken(Math.max(0, offset - max), true);
  Object.assign(body, extra, { pageInfo: { totalResults: all.length, resultsPerPage: max }, items });
  return { status: 200, body };
}

/** The ids of a comma-separated `id=` parameter, once each, in order. */
export const idList = (raw: string | null): string[] => [
  ...new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
