import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { authServiceRef, AuthErrorCodes, CoreErrorCodes, type RouteAuthMode } from '@vidkeep/contracts';
import type { ServiceRegistry } from '../di/container.js';
import { sendError } from './error-handler.js';
import { HttpError } from './http-error.js';

const API_KEY_WINDOW_MS = 60_000;
const SECURITY: Record<RouteAuthMode, Record<string, string[]>[]> = {
  public: [],
  session: [{ sessionToken: [] }],
  sessionOrApiKey: [{ sessionToken: [] }, { apiKey: [] }],
};

/** `?token=` of a route that allows it (media elements cannot send headers). */
function queryToken(request: FastifyRequest): string | undefined {
  const q = request.query as Record<string, unknown> | undefined;
  return typeof q?.token === 'string' && q.token.length > 0 && q.token.length <= 256 ? q.token : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value[0];
  return undefined;
}

/**
 * Route-level declarations the core derives from `config.auth`, applied when a route is added:
 * - the OpenAPI `security` requirement;
 * - for `sessionOrApiKey` routes, a per-API-key rate limit through @fastify/rate-limit
 *   (`apiKeyRateLimit` requests per minute, `RateLimit-*` headers; session requests are exempt).
 * Must be installed before @fastify/rate-limit so its onRoute hook sees the limit.
 */
export function installRouteAuthDefaults(app: FastifyInstance, registry: ServiceRegistry): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ??= {} as NonNullable<RouteOptions['config']>);
    if (route.url.startsWith('/api/docs')) config.auth = 'public';
    const mode: RouteAuthMode = config.auth ?? 'session';
    config.auth = mode;
    if (route.schema && !route.schema.hide) {
      (route.schema as Record<string, unknown>).security = SECURITY[mode];
    }
    if (mode === 'sessionOrApiKey' && config.rateLimit === undefined) {
      config.rateLimit = {
        hook: 'preHandler',
        timeWindow: API_KEY_WINDOW_MS,
        max: () => registry.tryResolve(authServiceRef)?.apiKeyRateLimit() ?? 10,
        keyGenerator: (req) => (req.auth.kind === 'apiKey' ? `api-key:${req.auth.keyId}` : 'none'),
        allowList: (req) => req.auth.kind !== 'apiKey',
        errorResponseBuilder: (_req, ctx) =>
          new HttpError(
            429,
            AuthErrorCodes.apiKeyRateLimited,
            `Rate limit exceeded: this API key allows ${ctx.max} requests per minute. Try again in ${ctx.after}.`,
          ),
      };
    }
  });
}

/**
 * Enforces every route's `config.auth` by asking the `AuthService` (provided by the auth plugin).
 * Fails closed: when no plugin provides authentication, protected routes answer 503.
 */
export function installAuthHook(app: FastifyInstance, registry: ServiceRegistry): void {
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = { kind: 'anonymous' };
    // Unknown routes answer 404 whoever asks.
    if (request.is404) return;
    const mode = request.routeOptions.config?.auth ?? 'session';
    if (mode === 'public') return;
    const authService = registry.tryResolve(authServiceRef);
    if (!authService) {
      return sendError(reply, request, 503, {
        error: 'No authentication plugin is loaded; enable "auth" in plugin-manifest.json',
        code: CoreErrorCodes.authUnavailable,
      });
    }
    const decision = await authService.authenticate({
      mode,
      accessToken:
        header(request, 'x-access-token') ??
        (request.routeOptions.config?.queryToken ? queryToken(request) : undefined),
      apiKey: header(request, 'x-api-key'),
      clientAddress: request.clientAddress,
      userAgent: header(request, 'user-agent'),
    });
    if (!decision.ok) {
      return sendError(reply, request, decision.statusCode, {
        error: decision.error,
        code: decision.code,
        ...(decision.requiresSetup ? { requiresSetup: true } : {}),
      });
    }
    request.auth = decision.auth;
  });
}
