/**
 * The Fastify instance itself: body limit, proxy trust, timeouts and router options, and the
 * client address each request reports.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { RuntimeEnvironment, TrustProxySetting } from '../env.js';
import { lazySerializerOptions } from './validation.js';

/** Largest request body accepted (413 beyond). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Fastify treats a bare hop count as "trust nobody" (it cannot verify the immediate peer), but
 * spec 5 rule 8 lets operators give one: trust the first `n` hops, as Express does. Whoever sets
 * a hop count must make sure clients can only reach the service through those proxies.
 */
function fastifyTrustProxy(setting: TrustProxySetting): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return setting;
}

/** A new Fastify instance with the service's limits; `schemaOwner` keys its lazy serializers. */
export function createFastify(env: RuntimeEnvironment, logger: Logger, schemaOwner: object): FastifyInstance {
  return Fastify({
    ...lazySerializerOptions(schemaOwner),
    loggerInstance: logger as unknown as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(env.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Request lines are written by our own onResponse hook, by outcome (see installRequestLogging).
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    // A client that stalls mid-request (a slow upload, headers never finished) is answered 408
    // and its socket closed, instead of holding a descriptor for as long as it likes.
    requestTimeout: env.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, env.requestTimeoutMs),
      // Node looks for such clients this often (its default of 30 s would let a short timeout run long).
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, env.requestTimeoutMs / 4)),
    },
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
}

/** `request.clientAddress`: the proxy-reported address only when proxies are trusted explicitly. */
export function decorateClientAddress(app: FastifyInstance, env: RuntimeEnvironment): void {
  const explicitProxy = env.trustProxyExplicit;
  app.decorateRequest('clientAddress', {
    getter(this: { ip: string; socket?: { remoteAddress?: string } }) {
      return explicitProxy ? this.ip : (this.socket?.remoteAddress ?? this.ip);
    },
  });
}
