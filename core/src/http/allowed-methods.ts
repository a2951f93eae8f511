import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route URL (`/api/channels/:channelId/settings`, `/api/docs/*`) as a regular expression over paths. */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return escape(segment);
    })
    .join('/');
  // Routes ignore a trailing slash.
  return new RegExp(`^${body}/?$`);
}

/**
 * The methods each path is served with, recorded as routes are added, so that a request with
 * another method on a known path is answered 405 with `Allow` (RFC 9110) instead of 404. Only
 * consulted for requests no route matched, so it costs nothing on served ones.
 */
export function recordAllowedMethods(app: FastifyInstance): (url: string) => string[] {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    // The web UI's files answer any path with GET (`/*`): that says nothing about a path.
    if (route.url === '/*' || route.url === '*') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const m of methods) known.methods.add(m.toUpperCase());
    routes.set(route.url, known);
  });
  return (url) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const allowed = new Set<string>();
    for (const { pattern, methods } of routes.values()) {
      if (pattern.test(path)) for (const m of methods) allowed.add(m);
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  };
}
