import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this go out as they are (compressing them saves less than it costs). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml)|text\/|image\/svg\+xml)|\+(?:json|xml)\b/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in for an `Accept-Encoding` header: brotli or gzip, whichever the client
 * weighs higher (brotli on a tie, and for `*`); null when it accepts neither (or only `identity`).
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const weight = (name: Encoding) => q[name] ?? (name === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...list, field].join(', '));
}

/**
 * Compresses text answers built in memory (JSON, and the UI's index.html from the SPA fallback)
 * of at least COMPRESS_THRESHOLD_BYTES with brotli or gzip, as the client accepts. Files are
 * streams and skipped here: the UI's are served precompressed by @fastify/static, media as they
 * are (video does not compress, and range requests need the plain bytes). The WebSocket upgrade
 * never reaches onSend. zlib runs on the thread pool, so compressing never holds the event loop.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.getHeader('content-encoding')) return payload;
    if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_THRESHOLD_BYTES) return payload;
    addVary(reply, 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    // Quality 4 / level 6: most of the gain at a small part of the maximum's cost, for answers
    // made on every request (the UI's files are compressed once, at build time, at the maximum).
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzipAsync(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
