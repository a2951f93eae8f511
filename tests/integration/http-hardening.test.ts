import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, completeSetup, createApiKey, type TestApp } from '@vidkeep/core/testing';
import { REPO_ROOT } from '../helpers/server-process.js';

/**
 * Issue 19: the web UI is served precompressed (built by ui/scripts/compress.mjs, the step the UI
 * build runs) and JSON answers above 1 KiB are compressed; every answer carries the usual security
 * headers; the bookmarklet's CORS route, the API documentation and the WebSocket keep working.
 */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>vidkeep</title>
<link rel="stylesheet" href="styles-XYZ.css"></head><body><app-root></app-root>
<!-- ${'padding so that the page is above the compression threshold '.repeat(30)} -->
<script src="main-ABC123.js" type="module"></script></body></html>`;

describe('HTTP hardening', () => {
  let uiDir: string;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    uiDir = await mkdtemp(join(tmpdir(), 'vidkeep-ui-hardening-'));
    await writeFile(join(uiDir, 'index.html'), INDEX);
    await writeFile(join(uiDir, 'main-ABC123.js'), SCRIPT);
    await writeFile(join(uiDir, 'styles-XYZ.css'), 'body { margin: 0 }\n'.repeat(200));
    const compress = spawnSync(process.execPath, [join(REPO_ROOT, 'ui/scripts/compress.mjs'), uiDir], {
      encoding: 'utf8',
    });
    expect(compress.status, compress.stderr).toBe(0);
    t = await buildTestApp({ uiDir });
    token = await completeSetup(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(uiDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  describe('compression', () => {
    it('sends a JS asset as brotli when accepted: the same bytes once decompressed', async () => {
      const res = await get('/main-ABC123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(SCRIPT);
    });

    it('falls back to gzip, and to the plain file when nothing is accepted', async () => {
      const gz = await get('/main-ABC123.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const plain = await get('/main-ABC123.js', headers);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(SCRIPT);
      }
      const css = await get('/styles-XYZ.css', { 'accept-encoding': 'br' });
      expect(css.headers['content-encoding']).toBe('br');
    });

    it('sends index.html compressed, never cached, at / and for client-side routes', async () => {
      for (const url of ['/', '/settings', '/channels/UCabc']) {
        const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(INDEX);
      }
    });

    it('compresses a JSON answer above 1 KiB, and leaves a small one alone', async () => {
      const headers = { 'x-access-token': token };
      const plain = await get('/getconfig', headers);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get('/getconfig', { ...headers, 'accept-encoding': 'br;q=1, gzip;q=0.5' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
      const gz = await get('/getconfig', { ...headers, 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

      const small = await get('/setup/status', { 'accept-encoding': 'br, gzip' });
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toMatchObject({ requiresSetup: false });
    });
  });

  describe('security headers', () => {
    const CSP_PARTS = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' ws: wss:",
      "frame-ancestors 'self'",
      "object-src 'none'",
    ];

    it('are on the UI, the API, errors and 404s', async () => {
      const answers = {
        ui: await get('/', { accept: 'text/html' }),
        asset: await get('/main-ABC123.js'),
        api: await get('/api/jobs', { 'x-access-token': token }),
        refused: await get('/api/jobs'),
        notFound: await get('/api/nothing-here'),
        public: await get('/setup/status'),
      };
      for (const [what, res] of Object.entries(answers)) {
        const csp = String(res.headers['content-security-policy']);
        for (const part of CSP_PARTS) expect(csp, what).toContain(part);
        expect(csp, what).not.toContain('unsafe-eval');
        expect(csp, what).not.toContain('upgrade-insecure-requests');
        expect(res.headers['x-content-type-options'], what).toBe('nosniff');
        expect(res.headers['referrer-policy'], what).toBe('no-referrer');
        expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
        // The Plex sign-in popup must stay reachable from the page that opened it.
        expect(res.headers['cross-origin-opener-policy'], what).toBeUndefined();
        // TLS is a reverse proxy's business: vidkeep speaks plain http.
        expect(res.headers['strict-transport-security'], what).toBeUndefined();
      }
      expect(answers.refused.statusCode).toBe(403);
      expect(answers.notFound.statusCode).toBe(404);
    });

    it("keep the API documentation's own policy, without upgrading its scripts to https", async () => {
      const page = await get('/api/docs/', { accept: 'text/html' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/swagger/i);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    });

    it("keep the bookmarklet's CORS route answering other origins", async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/videos/download',
        headers: {
          origin: 'https://www.youtube.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-api-key',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
      const { key } = await createApiKey(t, token);
      const refusal = await t.app.inject({
        method: 'POST',
        url: '/api/videos/download',
        headers: { origin: 'https://www.youtube.com', 'x-api-key': key },
        payload: { url: 'not a video' },
      });
      expect(refusal.statusCode).toBe(400);
      expect(refusal.headers['access-control-allow-origin']).toBe('*');
    });
  });

  it('keeps the WebSocket working (compression stays out of the upgrade)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`, {
      headers: { 'x-access-token': token },
      perMessageDeflate: false,
    });
    const first = await new Promise<{ type: string }>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
      ws.once('error', reject);
    });
    ws.close();
    expect(first.type).toBe('ready');
    expect(await readFile(join(uiDir, 'main-ABC123.js.br'))).toBeTruthy();
  });
});
