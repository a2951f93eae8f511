import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
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

/**
 * Serves the Angular build from `uiDir` with client-side routing fallback (any GET that accepts
 * HTML and is not an API path gets index.html). Without a build, `/` explains how to proceed.
 */
export async function installUi(app: FastifyInstance, uiDir: string): Promise<boolean> {
  const index = join(uiDir, 'index.html');
  if (!existsSync(index)) {
    app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').send(PLACEHOLDER),
    );
    return false;
  }
  await app.register(fastifyStatic, {
    root: uiDir,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    },
  });
  return true;
}

/** True for browser navigations that the SPA should answer. */
export function isSpaNavigation(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept?.includes('text/html')) return false;
  const path = url.split('?')[0] ?? '';
  return !path.startsWith('/api/') && !path.startsWith('/auth/') && !path.startsWith('/setup/');
}
