import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from '@vidkeep/plugin-kit';
import type { StoredFile } from '../catalogue/video-library.js';

const MIME: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.jpg': 'image/jpeg',
};

/** Sends a file with HTTP range support (seeking in the browser's player). */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { path, size }: StoredFile,
  asAttachment: boolean,
): FastifyReply {
  reply.header('accept-ranges', 'bytes').type(MIME[extname(path).toLowerCase()] ?? 'application/octet-stream');
  if (asAttachment)
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
    return reply.send(createReadStream(path, { start, end }));
  }
  reply.header('content-length', size);
  return reply.send(createReadStream(path));
}
