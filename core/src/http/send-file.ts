import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MEDIA_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.opus': 'audio/ogg',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
};

/** The media type of a file by its extension (`application/octet-stream` when unknown). */
export const mediaTypeOf = (path: string): string =>
  MEDIA_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/** A file to send: where it is and its size in bytes (measured on disk just before). */
export interface FileToSend {
  path: string;
  size: number;
}

/**
 * Sends a file with HTTP range support (`Range: bytes=a-b`, `a-`, `-n`: 206 with Content-Range;
 * 416 outside the file), `Accept-Ranges`, the exact `Content-Length` and the media type of its
 * extension: what browsers' players and podcast apps need to seek and resume. A HEAD request
 * gets the same headers without reading the file (an empty stream: Fastify's HEAD route keeps the
 * Content-Length set here for a stream, and would set 0 for a string).
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { path, size }: FileToSend,
  options: { attachment?: boolean; type?: string } = {},
): FastifyReply {
  reply.header('accept-ranges', 'bytes').type(options.type ?? mediaTypeOf(path));
  if (options.attachment)
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(basename(path))}`);
  const range = request.headers.range;
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (range && m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : size - Number(m[2]);
    let end = m[1] && m[2] ? Number(m[2]) : size - 1;
    if (!m[1]) start = Math.max(0, start);
    end = Math.min(end, size - 1);
    if (start > end || start >= size) {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1);
    return reply.send(request.method === 'HEAD' ? Readable.from([]) : createReadStream(path, { start, end }));
  }
  reply.header('content-length', size);
  return reply.send(request.method === 'HEAD' ? Readable.from([]) : createReadStream(path));
}
