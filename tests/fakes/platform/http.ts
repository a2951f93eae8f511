/**
 * The server core's HTTP side: what a route is, how paths find their route, and the answers
 * every area uses (JSON or text, files with Range support).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MediaFile } from './media.js';
import type { FakeThrottle, Json } from './types.js';

/** A JSON (object) or plain-text answer; the server core writes it. */
export interface Answer {
  status: number;
  body: Json | string;
}

/** One request as a route sees it. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  /** The `:name` segments of the route's path, URL-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
}

/**
 * A path and its handler. The handler returns an Answer for the core to send, or answers on
 * `res` itself (files, the Data API's own JSON format) and returns nothing.
 */
export interface Route {
  /** Literal segments and `:name` for one segment of any value (also empty): `/api/watch/:id`. */
  path: string;
  handle(x: Exchange): Answer | void | Promise<Answer | void>;
}

/** The params of a route's path for a request's decoded path segments, or null when it does not match. */
export function matchPath(path: string, segments: readonly string[]): Record<string, string> | null {
  const pattern = path.split('/').slice(1);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = segments[i]!;
    else if (p !== segments[i]) return null;
  }
  return params;
}

/**
 * The answer of a request that a test made fail (`FakeMediaFailures['status']`): a 403 or 500, or
 * the connection closed without an answer (`'reset'`, undefined: nothing to send); null = serve it.
 */
export function failureAnswer(x: Pick<Exchange, 'req'>, status: 403 | 500 | 'reset' | null): Answer | undefined | null {
  if (status === 'reset') {
    x.req.socket.destroy();
    return undefined;
  }
  if (status === 403) return { status: 403, body: 'Forbidden' };
  if (status === 500) return { status: 500, body: 'Internal Server Error' };
  return null;
}

/** Routes that want a plain 404 answer this. */
export const NOT_FOUND: Answer = { status: 404, body: 'Not Found' };

/** Writes a JSON or text answer (headers only for HEAD). */
export function send({ req, res }: Pick<Exchange, 'req' | 'res'>, status: number, body: Json | string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/**
 * The bytes a `Range` header asks for, as the status to answer with: the whole file (200; also for
 * malformed or multi-range requests, allowed by RFC 9110), a part (206), or 416 when it lies
 * beyond the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { status: 200 | 206; start: number; end: number } | { status: 416 } {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || !(m[1] || m[2])) return { status: 200, start: 0, end: size - 1 };
  let start: number;
  let end = size - 1;
  if (m[1]) {
    start = Number(m[1]);
    if (m[2]) end = Math.min(Number(m[2]), size - 1);
  } else {
    start = Math.max(0, size - Number(m[2]));
  }
  return start >= size || start > end ? { status: 416 } : { status: 206, start, end };
}

/**
 * Sends a file with Range/HEAD support. `stallIn`: send at most the first third of it, then hang
 * with the response kept in that set (the `stall` failure) until someone destroys it.
 * `throttle`: send it `bytes` at a time every `everyMs` (a slow link).
 */
export function serveFile(
  { req, res }: Pick<Exchange, 'req' | 'res'>,
  file: MediaFile,
  opts: { stallIn?: Set<ServerResponse>; lastModified?: number; throttle?: FakeThrottle | null } = {},
): void {
  const size = file.size;
  const range = byteRange(req.headers.range, size);
  if (range.status === 416) {
    res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
    res.end();
    return;
  }
  const { start, end } = range;
  const headers: Record<string, string | number> = {
    'Content-Type': file.contentType,
    'Accept-Ranges': 'bytes',
  };
  if (opts.lastModified) headers['Last-Modified'] = new Date(opts.lastModified * 1000).toUTCString();
  if (range.status === 206) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  headers['Content-Length'] = end - start + 1;
  res.writeHead(range.status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stalled = opts.stallIn;
  if (stalled) {
    stalled.add(res);
    res.once('close', () => stalled.delete(res));
    res.flushHeaders();
    const lastSent = Math.min(end, Math.floor(size / 3) - 1);
    if (start <= lastSent) createReadStream(file.path, { start, end: lastSent }).pipe(res, { end: false });
    return;
  }
  if (opts.throttle) return sendSlowly(res, file.path, start, end, opts.throttle);
  const stream = createReadStream(file.path, { start, end });
  stream.once('error', () => res.destroy());
  stream.pipe(res);
}

/** Writes bytes `start..end` of a (small fixture) file a slice at once, then one every `everyMs`; stops when the client goes. */
function sendSlowly(res: ServerResponse, path: string, start: number, end: number, throttle: FakeThrottle): void {
  const slice = Math.max(1, Math.round(throttle.bytes));
  res.flushHeaders();
  readFile(path).then(
    (data) => {
      let at = start;
      let timer: NodeJS.Timeout | undefined;
      const step = () => {
        if (res.destroyed) return clearInterval(timer);
        const next = Math.min(end + 1, at + slice);
        res.write(data.subarray(at, next));
        at = next;
        if (at > end) {
          clearInterval(timer);
          res.end();
        }
      };
      step();
      if (at <= end) timer = setInterval(step, throttle.everyMs);
      res.once('close', () => clearInterval(timer));
    },
    () => res.destroy(),
  );
}
