import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>vidkeep</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#8882;padding:.1em .3em;border-radius:.2em}</style>
</head><body>
<h1>vidkeep is running</h1>
<p>The web UI has not been built into <code>ui/dist</code> yet. The HTTP API is fully available:</p>
<ul>
<li><a href="/api/docs">API documentation</a> (<a href="/api/docs/openapi.json">OpenAPI 3 document</a>)</li>
<li><a href="/setup/status">Setup status</a>: complete the first-start setup with <code>POST /setup/create-auth</code> and the token from the server log or <code>CONFIG_DIR/setup-token</code>.</li>
</ul>
</body></html>`;

/** Answers a browser navigation with the SPA's index.html (client-side routing fallback). */
export type SendIndex = (reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Serves the Angular build from `uiDir` (public: the login page must load before anyone signs in)
 * and returns how to answer client-side routes with index.html. Without a build, `/` explains how
 * to proceed and null is returned.
 */
export async function installUi(app: FastifyInstance, uiDir: string): Promise<SendIndex | null> {
  const index = join(uiDir, 'index.html');
  if (!existsSync(index)) {
    app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(PLACEHOLDER),
    );
    return null;
  }
  // Encapsulated so that only the static files' routes are made public.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' } as typeof route.config;
    });
    await scope.register(fastifyStatic, {
      root: uiDir,
      // One `/*` route that looks each file up when asked, instead of listing the build at start
      // (a glob of ~180 files and one route per file: ~65 ms of every start); a rebuilt UI's new
      // files are served without a restart too.
      wildcard: true,
      index: ['index.html'],
      // The build writes `<file>.br` and `<file>.gz` beside each text file (ui/scripts/build.mjs):
      // sent with Content-Encoding when the browser accepts them, the plain file otherwise.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const file = path.replace(/\.(br|gz)$/, '');
        reply.header('cache-control', file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  });
  // Read on every navigation (it is small), so a rebuilt UI is served without a restart.
  return async (reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(index));
}

/** True for browser navigations that the SPA should answer. */
export function isSpaNavigation(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept?.includes('text/html')) return false;
  const path = url.split('?')[0] ?? '';
  return !path.startsWith('/api/') && !path.startsWith('/auth/') && !path.startsWith('/setup/');
}
