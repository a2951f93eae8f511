import type { AuthContext, RouteAuthMode } from '@vidkeep/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made the request, decided by the core's auth hook before the handler runs. */
    auth: AuthContext;
    /**
     * The client address used for rate limits, sessions and audit: the direct socket peer until
     * `TRUST_PROXY` is explicitly configured, then the address Fastify derives from the proxy chain.
     */
    readonly clientAddress: string;
  }
  interface FastifyContextConfig {
    /** How the route is authenticated (default `session`). */
    auth?: RouteAuthMode;
    /** Add `success: false` to every error body of this route (spec shapes of some endpoints). */
    successFlagOnError?: boolean;
    /**
     * Also accept the session token as `?token=` (media a browser loads with `<video>`/`<img>`,
     * which cannot send headers). Only GET routes should set it; logs redact the parameter.
     */
    queryToken?: boolean;
  }
}
