import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@vidkeep/core/testing';

const INDEX = '<!doctype html><html><body><vk-root></vk-root><script src="main-ABC123.js"></script></body></html>';
const html = { accept: 'text/html,application/xhtml+xml' };

describe('the web UI is served by the core', () => {
  let uiDir: string;
  let t: TestApp;

  beforeAll(async () => {
    uiDir = await mkdtemp(join(tmpdir(), 'vidkeep-ui-'));
    await writeFile(join(uiDir, 'index.html'), INDEX);
    await writeFile(join(uiDir, 'main-ABC123.js'), 'console.log("ui")');
    await mkdir(join(uiDir, 'media'));
    await writeFile(join(uiDir, 'media', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // Before setup: the API refuses everything, but the UI must load so the setup page can show.
    t = await buildTestApp({ uiDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(uiDir, { recursive: true, force: true });
  });

  it('serves index.html at / before anyone has signed in, never cached', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed bundles publicly with a long cache lifetime', async () => {
    const js = await t.app.inject({ url: '/main-ABC123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/media/logo.svg' })).statusCode).toBe(200);
  });

  it('answers client-side routes with index.html (deep links and reloads work)', async () => {
    for (const url of ['/settings', '/channels/UCabc?tab=videos', '/library']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it('keeps API paths and non-HTML requests as JSON 404s, and the API protected', async () => {
    for (const url of ['/api/nope', '/auth/nope']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'CORE_NOT_FOUND' });
    }
    const missingAsset = await t.app.inject({ url: '/chunk-MISSING.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toMatchObject({ code: 'CORE_NOT_FOUND' });
    // Making the UI files public must not make anything else public.
    const api = await t.app.inject({ url: '/api/videos' });
    expect(api.statusCode).toBe(503);
  });

  it('does not serve files outside the UI folder', async () => {
    const res = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });
});
