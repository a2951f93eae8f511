import helmet from '@fastify/helmet';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { FileConfigService } from '../config/config-service.js';
import { installApiRateLimit } from './api-rate-limit.js';
import { installCompression } from './compression.js';
import { CSP_DIRECTIVES } from './csp.js';
import { sendNotFound } from './error-handler.js';

/**
 * The HTTP hardening of issue 19, registered in one place right after @fastify/rate-limit and
 * before any plugin's route:
 * - the usual security headers on every answer (@fastify/helmet): the content security policy of
 *   `csp.ts`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, framing by the
 *   same origin only (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`). No HSTS and no
 *   cross-origin opener policy: vidkeep does not terminate TLS (a reverse proxy in front that
 *   does is the place for HSTS), and see below for the opener policy;
 * - compression of JSON (and other text) answers of 1 KiB and more (`compression.ts`); the UI's
 *   files are served precompressed by `ui.ts`;
 * - the general API rate limit (`api-rate-limit.ts`);
 * - an answer given before the request's body has arrived (413, 401, 415, ...) waits for the rest
 *   of the body, within bounds, before the connection may close (lingering close): closed at once,
 *   a client still uploading gets EPIPE instead of the answer;
 * - a path with a `.` or `..` segment (plain or percent-encoded) is answered 404 at once, before
 *   any route or static file handler sees it (issue 31: the API documentation's files never
 *   answered such a request, and each held a file descriptor).
 * @fastify/helmet costs a few milliseconds to load; compression uses node:zlib only.
 */
export async function installHardening(app: FastifyInstance, config: FileConfigService): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: CSP_DIRECTIVES as Record<string, string[]>,
    },
    strictTransportSecurity: false,
    // Browsers ignore it over plain http (with an error in the console on every page), and over
    // https `same-origin` would cut the Plex sign-in popup off from the page that polls it.
    crossOriginOpenerPolicy: false,
    // Chromium warns on every page of a plain-http origin that it cannot honour it.
    originAgentCluster: false,
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  installDotSegmentGuard(app);
  installLingeringClose(app);
  installCompression(app);
  installApiRateLimit(app, () => config.get().apiRateLimitPerMinute);
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Whether a request path (before `?`) has a `.` or `..` segment, plain or percent-encoded. */
export function hasDotSegment(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.includes('.') && !/%2e/i.test(path)) return false;
  return path.split(/\/|%2f|\\|%5c/i).some((segment) => DOT_SEGMENT.test(segment));
}

function installDotSegmentGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (hasDotSegment(request.url)) return sendNotFound(request, reply);
  });
}

/** A client still uploading after an early answer gets this long to finish sending... */
const LINGER_MS = 10_000;
/** ...and at most this many bytes still to come (declared); beyond, the connection closes at once. */
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Lingering close for answers sent before the request body was read: the client may still be
 * writing its body, and a socket closed under it answers with a reset that loses the answer
 * (Node's fetch and node:http reported EPIPE instead of 413). The rest of the body is read and
 * discarded (Node drains an unread request of a kept-alive connection) for up to 10 s and 64 MiB;
 * a client that sends more, or longer, is disconnected.
 */
function installLingeringClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const req = request.raw;
    // Only real connections linger (an injected request has no socket to keep or close).
    if (!(req.socket instanceof Socket)) return payload;
    if (req.complete || (!req.headers['content-length'] && !req.headers['transfer-encoding'])) return payload;
    const declared = Number(req.headers['content-length'] ?? 0);
    const arrived = req.socket.bytesRead;
    if (declared > LINGER_BYTES) return payload;
    reply.removeHeader('connection');
    reply.raw.once('finish', () => {
      if (req.complete) return;
      const socket = req.socket;
      const stop = () => {
        clearTimeout(timer);
        clearInterval(watch);
      };
      const timer = setTimeout(() => {
        stop();
        if (!req.complete) socket.destroy();
      }, LINGER_MS);
      const watch = setInterval(() => {
        if (req.complete || socket.destroyed) stop();
        else if (socket.bytesRead - arrived > LINGER_BYTES) {
          stop();
          socket.destroy();
        }
      }, 100);
      timer.unref();
      watch.unref();
      req.once('end', stop);
      socket.once('close', stop);
    });
    return payload;
  });
}
