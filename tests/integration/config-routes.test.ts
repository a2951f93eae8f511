import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  completeSetup,
  createApiKey,
  login,
  TestHarness,
  type TestApp,
  type TestAppOptions,
} from '@vidkeep/core/testing';

const h = new TestHarness();
afterEach(() => h.closeAll());

/** Boots (on `options.dir` for a restart, else a fresh directory). */
const boot = (options: TestAppOptions = {}): Promise<TestApp> => h.boot(options);

const configFile = (t: TestApp) => join(t.configDir, 'config.json');
const readConfigText = (t: TestApp) => readFile(configFile(t), 'utf8');

async function getConfig(
  t: TestApp,
  token?: string,
): Promise<
  Record<string, unknown> & {
    isPlatformManaged: Record<string, boolean>;
    deploymentEnvironment: { platform: string | null };
    sourceOutputDirectory: string;
  }
> {
  const res = await t.app.inject({ url: '/getconfig', headers: token ? { 'x-access-token': token } : {} });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const patch = (t: TestApp, token: string, payload: unknown, extraHeaders: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/config',
    headers: { 'x-access-token': token, ...extraHeaders },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /getconfig', () => {
  it('never returns credentials or any secret value', async () => {
    const t = await boot();
    const token = await completeSetup(t, 'zephyr-operator', 'a-long-and-secret-password');
    const file = JSON.parse(await readConfigText(t)) as Record<string, string>;
    expect(file.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(file.username).toBe('zephyr-operator');

    const res = await t.app.inject({ url: '/getconfig', headers: { 'x-access-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(file.passwordHash);
    expect(res.body).not.toContain(file.passwordHash.slice(7, 29));
    expect(res.body).not.toContain('zephyr-operator');
    const body = res.json<Record<string, unknown>>();
    const secretKeys = t.app.vidkeep.config.secretKeys();
    expect(secretKeys).toEqual(expect.arrayContaining(['passwordHash', 'username']));
    for (const key of secretKeys) expect(body).not.toHaveProperty(key);
    // Only whether a secret is set is shown.
    expect(body.configuredSecrets).toEqual(expect.arrayContaining(['passwordHash', 'username']));
  });

  it('has the platform-managed flags, the deployment platform and the output directory', async () => {
    const t = await boot();
    const token = await completeSetup(t);
    const body = await getConfig(t, token);
    expect(body.isPlatformManaged).toEqual({
      useTmpForDownloads: false,
      ytdlpUpdates: false,
      sourceOutputDirectory: false,
      mediaserverUrl: false,
      authEnabled: true,
    });
    expect(body.deploymentEnvironment).toEqual({ platform: null });
    expect(body.sourceOutputDirectory).toBe(join(t.dir, 'data'));
    // The ordinary keys are there too.
    expect(body).toMatchObject({ apiKeyRateLimit: 10, useTmpForDownloads: false, mediaserverUrl: '' });
    expect(typeof body.uuid).toBe('string');
  });

  it('needs a session', async () => {
    const t = await boot();
    await completeSetup(t);
    const res = await t.app.inject({ url: '/getconfig' });
    expect(res.statusCode).toBe(403);
  });

  const baseline = {
    useTmpForDownloads: false,
    ytdlpUpdates: false,
    sourceOutputDirectory: false,
    mediaserverUrl: false,
    authEnabled: true,
  };
  const flagCases: [string, Record<string, string>, Partial<typeof baseline>][] = [
    ['PLATFORM=elfhosted', { PLATFORM: 'elfhosted' }, { useTmpForDownloads: true, ytdlpUpdates: true }],
    ['DATA_PATH', { DATA_PATH: '/srv/media' }, { sourceOutputDirectory: true }],
    ['MEDIASERVER_URL', { MEDIASERVER_URL: 'http://plex.local:32400' }, { mediaserverUrl: true }],
    ['AUTH_ENABLED=false', { AUTH_ENABLED: 'false' }, { authEnabled: false }],
    ['PLATFORM=docker (not the managed platform)', { PLATFORM: 'docker' }, {}],
  ];

  it.each(flagCases)('%s flips only its own flags', async (_name, env, flipped) => {
    const t = await boot({ env });
    const token = env.AUTH_ENABLED === 'false' ? undefined : await completeSetup(t);
    const body = await getConfig(t, token);
    expect(body.isPlatformManaged).toEqual({ ...baseline, ...flipped });
  });

  it('reports the platform name as given', async () => {
    const t = await boot({ env: { PLATFORM: 'ElfHosted' } });
    const body = await getConfig(t, await completeSetup(t));
    expect(body.deploymentEnvironment.platform).toBe('ElfHosted');
  });

  it('AUTH_ENABLED=false needs no token', async () => {
    const t = await boot({ env: { AUTH_ENABLED: 'false' } });
    const body = await getConfig(t);
    expect(body.isPlatformManaged.authEnabled).toBe(false);
  });

  it('the output directory is SOURCE_OUTPUT_DIR when set, even with DATA_PATH', async () => {
    const t = await boot({ env: { SOURCE_OUTPUT_DIR: '/host/videos', DATA_PATH: '/srv/media' } });
    const body = await getConfig(t, await completeSetup(t));
    expect(body.sourceOutputDirectory).toBe('/host/videos');
    expect(body.isPlatformManaged.sourceOutputDirectory).toBe(true);
  });

  it('the output directory is DATA_PATH when SOURCE_OUTPUT_DIR is not set', async () => {
    const t = await boot({ env: { SOURCE_OUTPUT_DIR: undefined, DATA_PATH: '/srv/media' } });
    const body = await getConfig(t, await completeSetup(t));
    expect(body.sourceOutputDirectory).toBe('/srv/media');
  });
});

describe('PATCH /api/config', () => {
  it('saves a valid change to the file, and it is still there after a restart', async () => {
    const t = await boot();
    const token = await completeSetup(t);
    const res = await patch(t, token, { apiKeyRateLimit: 25, tmpFilePath: '/scratch/vidkeep' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ apiKeyRateLimit: 25, tmpFilePath: '/scratch/vidkeep' });
    expect(JSON.parse(await readConfigText(t))).toMatchObject({ apiKeyRateLimit: 25, tmpFilePath: '/scratch/vidkeep' });

    const again = await boot({ dir: t.dir });
    const body = await getConfig(again, await login(again));
    expect(body).toMatchObject({ apiKeyRateLimit: 25, tmpFilePath: '/scratch/vidkeep' });
  });

  it('changes only the keys sent; the others keep their saved values', async () => {
    const t = await boot();
    const token = await completeSetup(t);
    expect(
      (
        await patch(t, token, {
          tmpFilePath: '/scratch/vidkeep',
          useTmpForDownloads: true,
          mediaserverUrl: 'http://plex:32400',
        })
      ).statusCode,
    ).toBe(200);
    expect((await patch(t, token, { apiKeyRateLimit: 11 })).statusCode).toBe(200);
    const file = JSON.parse(await readConfigText(t));
    expect(file).toMatchObject({
      apiKeyRateLimit: 11,
      tmpFilePath: '/scratch/vidkeep',
      useTmpForDownloads: true,
      mediaserverUrl: 'http://plex:32400',
    });
  });

  it('publishes core.config.updated with the changed keys', async () => {
    const t = await boot();
    const token = await completeSetup(t);
    const seen: string[][] = [];
    t.app.vidkeep.events.subscribe('core.config.updated', (p) => {
      seen.push(p.changedKeys);
    });
    expect((await patch(t, token, { apiKeyRateLimit: 12, useTmpForDownloads: false })).statusCode).toBe(200);
    await t.app.vidkeep.events.drain();
    // useTmpForDownloads already was false: only the real change is announced.
    expect(seen).toEqual([['apiKeyRateLimit']]);
  });

  const rejected: [string, unknown, string][] = [
    ['an unknown key', { notAConfigKey: 1 }, 'notAConfigKey'],
    ['an unknown key next to a valid one', { apiKeyRateLimit: 20, notAConfigKey: 1 }, 'notAConfigKey'],
    [
      'the password hash',
      { passwordHash: '$2b$10$abcdefghijklmnopqrstuuZ4d8YbZ0u9YQ6b7gk6rT7n0x1cRkFfa' },
      'passwordHash',
    ],
    ['the username', { username: 'mallory' }, 'username'],
    ['the instance uuid', { uuid: '00000000-0000-4000-8000-000000000000' }, 'uuid'],
    ['a wrong type', { apiKeyRateLimit: '20' }, 'apiKeyRateLimit'],
    ['a fractional number', { apiKeyRateLimit: 2.5 }, 'apiKeyRateLimit'],
    ['a value below the range', { apiKeyRateLimit: 0 }, 'apiKeyRateLimit'],
    ['a value above the range', { apiKeyRateLimit: 1001 }, 'apiKeyRateLimit'],
    ['a boolean as a string', { useTmpForDownloads: 'true' }, 'useTmpForDownloads'],
    ['an empty path', { tmpFilePath: '' }, 'tmpFilePath'],
    ['null', { mediaserverUrl: null }, 'mediaserverUrl'],
    ['a bad value next to a good one', { apiKeyRateLimit: 20, useTmpForDownloads: 1 }, 'useTmpForDownloads'],
  ];

  it.each(rejected)('rejects %s with 400 naming the key and saves nothing', async (_name, payload, key) => {
    const t = await boot();
    const token = await completeSetup(t);
    const before = await readConfigText(t);
    const res = await patch(t, token, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; code: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('CORE_VALIDATION_FAILED');
    expect(body.details.map((d) => d.path)).toContain(`body/${key}`);
    expect(await readConfigText(t)).toBe(before);
    expect(t.app.vidkeep.config.get().apiKeyRateLimit).toBe(10);
  });

  it('a failed save leaves the credentials working', async () => {
    const t = await boot();
    const token = await completeSetup(t);
    expect((await patch(t, token, { passwordHash: 'x', username: 'mallory' })).statusCode).toBe(400);
    await expect(login(t)).resolves.toEqual(expect.any(String));
  });

  it.each([
    ['an empty object', {}],
    ['no body at all', undefined],
    ['an array', [{ apiKeyRateLimit: 20 }]],
  ])('rejects %s with 400', async (_name, payload) => {
    const t = await boot();
    const token = await completeSetup(t);
    const before = await readConfigText(t);
    const res = await patch(t, token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTypeOf('string');
    expect(await readConfigText(t)).toBe(before);
  });

  it('an API key gets 403 and changes nothing', async () => {
    const t = await boot();
    const token = await completeSetup(t);
    const { key } = await createApiKey(t, token, 'automation');
    const before = await readConfigText(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: { 'x-api-key': key },
      payload: { apiKeyRateLimit: 999 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual(expect.any(String));
    expect(await readConfigText(t)).toBe(before);
    // Reading the configuration is refused to API keys too.
    expect((await t.app.inject({ url: '/getconfig', headers: { 'x-api-key': key } })).statusCode).toBe(403);
  });

  it('without a token: 403', async () => {
    const t = await boot();
    await completeSetup(t);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/config', payload: { apiKeyRateLimit: 20 } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/ytdlp/update', () => {
  function expectPlainMessage(message: unknown): void {
    expect(typeof message).toBe('string');
    expect((message as string).trim().length).toBeGreaterThan(0);
    // Plain words for the UI: no terminal colour codes, no multi-line tool dumps.
    expect(message).not.toContain('\u001b[');
    expect(message).not.toContain('\n');
  }

  it('on the managed platform: 403 {success: false, message}', async () => {
    const t = await boot({ env: { PLATFORM: 'ElfHosted' } });
    const token = await completeSetup(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/ytdlp/update', headers: { 'x-access-token': token } });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.success).toBe(false);
    expectPlainMessage(body.message);
  });

  it('needs a session', async () => {
    const t = await boot();
    await completeSetup(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/ytdlp/update' });
    expect(res.statusCode).toBe(403);
  });

  describe('with YTDLP_PATH pointing nowhere', () => {
    it('answers reason "error" with a message saying yt-dlp was not found', async () => {
      const t = await boot({ env: { YTDLP_PATH: '/nonexistent/yt-dlp' } });
      const token = await completeSetup(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ytdlp/update',
        headers: { 'x-access-token': token },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: false, reason: 'error', currentVersion: null });
      expectPlainMessage(body.message);
      expect(body.message).toMatch(/not found/i);
      expect(body.message).toContain('/nonexistent/yt-dlp');
    });
  });
});
