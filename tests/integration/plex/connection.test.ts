import { join } from 'node:path';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePlex, type FakePlex } from '../../fakes/mediaservers/plex.js';
import { plexManifest } from './helpers.js';

/** Connecting the Plex-type server: libraries, identity, connection test, library refresh, PIN sign-in. */
describe('Plex connection routes', () => {
  const h = new TestHarness();
  let plex: FakePlex;
  let t: TestApp;
  let headers: Record<string, string>;
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const config = async () => (await call('GET', '/getconfig')).body;
  const port = () => new URL(plex.url).port;

  beforeAll(async () => {
    const dir = await h.dir();
    plex = await startFakePlex({ outputDir: join(dir, 'data') });
    t = await h.boot({ dir, env: plex.env, ...plexManifest() });
    headers = { 'x-access-token': await completeSetup(t) };
  });
  afterAll(async () => {
    await h.closeAll();
    await plex.close();
  });
  beforeEach(() => plex.fail('none'));
  afterEach(() => {
    plex.requests.length = 0;
  });

  it('answers empty while nothing is configured, and needs a session', async () => {
    expect(await call('GET', '/getplexlibraries')).toEqual({ status: 200, body: [] });
    expect((await call('GET', '/plex/server-identity')).body).toEqual({ claimed: null, machineIdentifier: null });
    expect(await call('GET', '/refreshlibrary')).toMatchObject({ status: 409, body: { code: 'PLEX_NOT_CONFIGURED' } });
    expect((await call('POST', '/api/mediaservers/plex/test', {})).status).toBe(400);
    expect((await t.app.inject({ url: '/plex/auth-url' })).statusCode).toBe(403);
    expect(plex.requests).toEqual([]);
  });

  it('lists libraries with unsaved test values and saves them when they work; secrets are never returned', async () => {
    const bad = await call('GET', `/getplexlibraries?testIP=127.0.0.1&testPort=${port()}&testApiKey=wrong`);
    expect(bad.status).toBe(502);
    expect(bad.body).toMatchObject({ code: 'PLEX_UNAUTHORIZED', error: expect.stringContaining('rejected the token') });
    expect((await config()).configuredSecrets).not.toContain('plexApiKey');

    const good = await call(
      'GET',
      `/getplexlibraries?testIP=127.0.0.1&testPort=${port()}&testApiKey=${plex.adminToken}`,
    );
    expect(good.body).toEqual([
      { id: '1', title: 'Videos', type: 'movie', locations: [{ id: 1, path: join(t.dir, 'data') }] },
      { id: '2', title: 'Music', type: 'artist', locations: [{ id: 2, path: join(t.dir, 'data') }] },
    ]);
    const saved = await config();
    expect(saved).toMatchObject({ plexIP: '127.0.0.1', plexPort: port(), plexViaHttps: false });
    expect(saved.configuredSecrets).toContain('plexApiKey');
    for (const secret of ['plexApiKey', 'plexPlaylistToken', 'plexPlaylistTokenHistory'])
      expect(saved).not.toHaveProperty(secret);
    expect(JSON.stringify(saved)).not.toContain(plex.adminToken);
    // The token went in the header, never into a URL.
    expect(plex.requests.map((r) => r.token)).toEqual(['wrong', plex.adminToken]);
    expect(plex.requests.some((r) => r.path.includes('X-Plex-Token'))).toBe(false);

    // Saved settings now: identity, the connection test and a library refresh.
    expect((await call('GET', '/plex/server-identity')).body).toEqual({
      claimed: true,
      machineIdentifier: plex.machineIdentifier,
    });
    expect((await call('POST', '/api/mediaservers/plex/test', {})).body).toEqual({
      ok: true,
      version: expect.stringMatching(/^1\./),
      friendlyName: 'Fake Plex',
      machineIdentifier: plex.machineIdentifier,
    });
    await call('PATCH', '/api/config', { plexSourceLibraryId: '1' });
    expect((await call('GET', '/refreshlibrary')).body).toEqual({
      success: true,
      message: 'Asked Plex to scan library 1',
    });
    expect(plex.requests.at(-1)).toMatchObject({ method: 'GET', path: '/library/sections/1/refresh' });
  });

  it('answers 502 in plain words when the server refuses the token, fails or is down', async () => {
    plex.fail('unauthorized');
    expect((await call('POST', '/api/mediaservers/plex/test', {})).body).toMatchObject({
      code: 'PLEX_UNAUTHORIZED',
      error: `The Plex server at http://127.0.0.1:${port()} rejected the token (401 Unauthorized). Sign in with Plex again or check the token.`,
    });
    plex.fail('server-error');
    const failed = await call('GET', '/getplexlibraries');
    expect(failed).toMatchObject({ status: 502, body: { code: 'PLEX_FAILED' } });
    expect(failed.body.error).toMatch(/answered 500 Internal Server Error to GET \/library\/sections/);
    plex.fail('down');
    for (const url of ['/getplexlibraries', '/plex/server-identity', '/refreshlibrary']) {
      const down = await call('GET', url);
      expect(down.status, url).toBe(502);
      expect(down.body.error).toMatch(/is not reachable \(connection refused\)/);
    }
  });

  it('signs in by PIN: the instance uuid as client identifier, pending until approved, then the token is saved', async () => {
    const { uuid } = await config();
    const start = await call('GET', '/plex/auth-url');
    expect(start.status).toBe(200);
    const { pinId, authUrl } = start.body;
    const code = plex.tv.pins().find((p) => p.id === pinId)!.code;
    expect(authUrl).toBe(
      `https://app.plex.tv/auth#?clientID=${uuid}&code=${code}&context%5Bdevice%5D%5Bproduct%5D=vidkeep`,
    );
    expect(plex.tv.requests.at(-1)).toMatchObject({ method: 'POST', clientIdentifier: uuid });

    expect((await call('GET', `/plex/check-pin/${pinId}`)).body.status).toBe('pending');
    // Another account without access to the configured server: refused, the saved token stays.
    plex.tv.claimPin(pinId, 'token-of-a-stranger');
    expect((await call('GET', `/plex/check-pin/${pinId}`)).body).toMatchObject({ status: 'rejected' });
    const friend = plex.addAccount('pin-friend');
    plex.tv.claimPin(pinId, friend);
    const saved = await call('GET', `/plex/check-pin/${pinId}`);
    expect(saved.body).toEqual({ status: 'saved', message: 'Signed in to Plex: the token is saved' });
    expect(JSON.stringify(saved.body)).not.toContain(friend);
    plex.requests.length = 0;
    await call('GET', '/getplexlibraries');
    expect(plex.requests.map((r) => r.token)).toEqual([friend]);

    expect((await call('GET', '/plex/check-pin/424242')).body.code).toBe('PLEX_PIN_NOT_FOUND');
    expect((await call('GET', '/plex/check-pin/abc')).status).toBe(400);
  });

  it('never sends the saved token to another address: a test there needs its own, a changed address clears it', async () => {
    const other = await startFakePlex({ outputDir: join(t.dir, 'other') });
    try {
      const otherPort = new URL(other.url).port;
      const elsewhere = await call('POST', '/api/mediaservers/plex/test', { mediaserverUrl: other.url });
      expect(elsewhere).toMatchObject({ status: 400, body: { code: 'PLEX_NOT_CONFIGURED' } });
      expect(elsewhere.body.error).toBe(
        `Enter the Plex token for ${other.url}: the saved token is only ever sent to the saved address`,
      );
      const listed = await call('GET', `/getplexlibraries?testIP=127.0.0.1&testPort=${otherPort}`);
      expect(listed.status).toBe(400);
      // Who the server is needs no token: asked, but without one.
      await call('GET', `/plex/server-identity?testIP=127.0.0.1&testPort=${otherPort}`);
      expect(other.requests.map((r) => [r.path, r.token])).toEqual([['/identity', null]]);
      // With a token of its own the other server is tried.
      const own = await call('POST', '/api/mediaservers/plex/test', {
        mediaserverUrl: other.url,
        plexApiKey: other.adminToken,
      });
      expect(own).toMatchObject({ status: 200, body: { ok: true, machineIdentifier: other.machineIdentifier } });
      // The saved address, saved token: still fine; then the address changes alone and the token goes.
      expect((await call('POST', '/api/mediaservers/plex/test', {})).status).toBe(200);
      expect((await config()).configuredSecrets).toContain('plexApiKey');
      const moved = await call('PATCH', '/api/config', { plexPort: otherPort });
      expect(moved.status).toBe(200);
      expect(moved.body.configuredSecrets).not.toContain('plexApiKey');
      expect((await call('POST', '/api/mediaservers/plex/test', {})).status).toBe(400);
      expect(other.requests.map((r) => r.token)).toEqual([null, other.adminToken]);
    } finally {
      await other.close();
    }
  });
});

describe('MEDIASERVER_URL', () => {
  const h = new TestHarness();
  afterAll(() => h.closeAll());

  it('is the Plex address while set, over plexIP/plexPort, and read-only', async () => {
    const dir = await h.dir();
    const plex = await startFakePlex({ outputDir: join(dir, 'data') });
    try {
      const t = await h.boot({ dir, env: { ...plex.env, MEDIASERVER_URL: plex.url }, ...plexManifest() });
      const headers = { 'x-access-token': await completeSetup(t) };
      const patch = { plexIP: 'plex.invalid', plexPort: '1', plexApiKey: plex.adminToken };
      expect((await t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload: patch })).statusCode).toBe(
        200,
      );
      const res = await t.app.inject({ url: '/plex/server-identity', headers });
      expect(res.json()).toEqual({ claimed: true, machineIdentifier: plex.machineIdentifier });
      const view = (await t.app.inject({ url: '/getconfig', headers })).json();
      expect(view.readOnlyKeys).toContain('mediaserverUrl');
      expect(view.mediaserverUrl).toBe(plex.url);
    } finally {
      await plex.close();
    }
  });
});
