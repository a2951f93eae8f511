import type { FastifyInstance } from 'fastify';
import { CoreErrorCodes } from '@vidkeep/contracts';
import { HttpError } from './http-error.js';

const WINDOW_MS = 60_000;

/**
 * The general limit of the authenticated API (issue 19): at most `limit()` requests per minute
 * per client address (`request.clientAddress`, which follows `TRUST_PROXY`) to every route that
 * needs a session or API key, with the `RateLimit-*` headers on each answer and a 429 in the
 * service's error format beyond. Public routes (the web UI's files, the WebSocket, health, setup
 * and login, which keep their own limits) are not counted. `limit()` is read on every request,
 * so a changed setting applies at once; 0 switches the limit off.
 *
 * It sits beside the login, search and per-API-key limits, counting separately: it uses
 * @fastify/rate-limit's `createRateLimit` (its own store and key, and no per-request "already
 * limited" mark, which would make the route's own limit skip). Runs before authentication, so
 * requests with a wrong or missing token count too.
 */
export function installApiRateLimit(app: FastifyInstance, limit: () => number): void {
  const limiter = app.createRateLimit({
    timeWindow: WINDOW_MS,
    max: () => Math.max(1, limit()),
    keyGenerator: (request) => `api:${request.clientAddress}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 || (request.routeOptions.config?.auth ?? 'session') === 'public') return;
    if (limit() <= 0) return;
    const state = await limiter(request);
    if (state.isAllowed) return;
    reply.header('ratelimit-limit', state.max);
    reply.header('ratelimit-remaining', state.remaining);
    reply.header('ratelimit-reset', state.ttlInSeconds);
    if (!state.isExceeded) return;
    throw new HttpError(
      429,
      CoreErrorCodes.rateLimited,
      `Too many requests: this address may send ${state.max} API requests per minute (apiRateLimitPerMinute). Try again in ${state.ttlInSeconds} s.`,
      {},
      { 'retry-after': String(state.ttlInSeconds) },
    );
  });
}
