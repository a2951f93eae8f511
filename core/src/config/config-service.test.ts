import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  completeSetup,
  login,
  TestHarness,
  type TestApp,
  type TestAppOptions,
} from '../testing/index.js';
import { secret, sentOnlyTo, Type, type TSchema } from '@vidkeep/contracts';
import { definePlugin } from '../plugin-api/definition.js';
import { ConfigFileError } from './config-errors.js';
import { check, defaultsOf } from '../validation/schema-validator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const h = new TestHarness();
afterEach(() => h.closeAll());

const tempDir = () => h.dir();
/** Boots on `dir`; an app still running there is closed first (a restart). */
const boot = (dir: string, options: Omit<TestAppOptions, 'dir'> = {}): Promise<TestApp> => h.boot({ ...options, dir });

const configPath = (dir: string) => join(dir, 'config', 'config.json');
const readConfig = async (dir: string) =>
  JSON.parse(await readFile(configPath(dir), 'utf8')) as Record<string, unknown>;

async function writeConfig(dir: string, value: unknown): Promise<void> {
  await mkdir(join(dir, 'config'), { recursive: true });
  await writeFile(configPath(dir), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

async function getConfig(t: TestApp, token: string): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ url: '/getconfig', headers: { 'x-access-token': token } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('config.json on first start', () => {
  it('is created with every default, a fresh instance uuid and mode 0600', async () => {
    const dir = await tempDir();
    await boot(dir);
    const file = await readConfig(dir);
    expect(file).toMatchObject({
      mediaserverUrl: '',
      username: '',
      passwordHash: '',
      apiKeyRateLimit: 10,
      useTmpForDownloads: false,
      tmpFilePath: '/tmp/vidkeep-downloads',
    });
    expect(file.uuid).toMatch(UUID);
    expect((await stat(configPath(dir))).mode & 0o777).toBe(0o600);
  });

  it('gives every instance its own uuid and keeps it across restarts', async () => {
    const a = await tempDir();
    const b = await tempDir();
    await boot(a);
    await boot(b);
    const uuidA = (await readConfig(a)).uuid;
    expect(uuidA).not.toBe((await readConfig(b)).uuid);
    await boot(a);
    expect((await readConfig(a)).uuid).toBe(uuidA);
  });

  it('stays 0600 after a change is saved', async () => {
    const dir = await tempDir();
    const t = await boot(dir);
    const token = await completeSetup(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: { 'x-access-token': token },
      payload: { apiKeyRateLimit: 30 },
    });
    expect(res.statusCode).toBe(200);
    expect((await readConfig(dir)).apiKeyRateLimit).toBe(30);
    expect((await stat(configPath(dir))).mode & 0o777).toBe(0o600);
  });
});

describe('vidkeep.db', () => {
  it('is readable by its owner only (0600), with its -wal and -shm; an older 0644 file is narrowed at start', async () => {
    const dir = await tempDir();
    const db = join(dir, 'config', 'vidkeep.db');
    const modes = async () =>
      Promise.all([db, `${db}-wal`, `${db}-shm`].map(async (f) => (await stat(f)).mode & 0o777));
    const t = await boot(dir);
    await completeSetup(t);
    expect(await modes()).toEqual([0o600, 0o600, 0o600]);
    await t.close({ keepDir: true });
    for (const f of [db, `${db}-wal`, `${db}-shm`]) await chmod(f, 0o644).catch(() => undefined);
    const again = await boot(dir);
    expect((await stat(db)).mode & 0o777).toBe(0o600);
    await again.close({ keepDir: true });
  });
});

describe('config.json on later starts', () => {
  it('adds keys that are missing and keeps keys it does not know', async () => {
    const dir = await tempDir();
    const first = await boot(dir);
    const original = await readConfig(dir);
    const { apiKeyRateLimit: _dropped, tmpFilePath: _alsoDropped, ...rest } = original;
    await h.stop(first);
    await writeConfig(dir, { ...rest, legacyOption: { nested: [1, 2] }, someOtherTool: 'keep me' });

    await boot(dir);
    const file = await readConfig(dir);
    expect(file.apiKeyRateLimit).toBe(10);
    expect(file.tmpFilePath).toBe('/tmp/vidkeep-downloads');
    expect(file.legacyOption).toEqual({ nested: [1, 2] });
    expect(file.someOtherTool).toBe('keep me');
    expect(file.uuid).toBe(original.uuid);
  });

  it('adds a uuid to a file that has none', async () => {
    const dir = await tempDir();
    await writeConfig(dir, { apiKeyRateLimit: 12 });
    await boot(dir);
    const file = await readConfig(dir);
    expect(file.uuid).toMatch(UUID);
    expect(file.apiKeyRateLimit).toBe(12);
  });

  it('uses the default for an invalid value and warns, naming the key', async () => {
    const dir = await tempDir();
    await writeConfig(dir, { apiKeyRateLimit: 'x', useTmpForDownloads: 'yes please' });
    const t = await boot(dir);
    const warnings = t.logs.filter((l) => l.level === 40);
    const about = (key: string) => warnings.find((l) => l.key === key && String(l.msg).includes(key));
    expect(about('apiKeyRateLimit')).toBeDefined();
    expect(about('useTmpForDownloads')).toBeDefined();

    const token = await completeSetup(t);
    const config = await getConfig(t, token);
    expect(config.apiKeyRateLimit).toBe(10);
    expect(config.useTmpForDownloads).toBe(false);
    expect(t.app.vidkeep.config.get().apiKeyRateLimit).toBe(10);
  });

  it('an out-of-range value falls back to the default too', async () => {
    const dir = await tempDir();
    await writeConfig(dir, { apiKeyRateLimit: 0 });
    const t = await boot(dir);
    expect(t.app.vidkeep.config.get().apiKeyRateLimit).toBe(10);
    expect(t.logs.some((l) => l.level === 40 && l.key === 'apiKeyRateLimit')).toBe(true);
  });

  it('every default of every built-in plugin is valid, so a later start checks only the changed keys', async () => {
    const t = await boot(await tempDir());
    const schema = t.app.vidkeep.config.schema;
    const defaults = defaultsOf<Record<string, unknown>>(schema);
    for (const [key, prop] of Object.entries(schema.properties)) {
      if (!(key in defaults)) continue;
      expect(check(prop as TSchema, defaults[key]).issues, key).toEqual([]);
    }
    expect(Object.keys(defaults).length).toBeGreaterThan(50);
  });

  it('a value equal to its default in a file with other changes stays, an invalid one beside it falls back', async () => {
    const dir = await tempDir();
    const first = await boot(dir);
    const original = await readConfig(dir);
    await h.stop(first);
    await writeConfig(dir, { ...original, apiKeyRateLimit: 25, useTmpForDownloads: 'no', tmpFilePath: '/tmp/x' });
    const t = await boot(dir);
    expect(t.app.vidkeep.config.get()).toMatchObject({
      apiKeyRateLimit: 25,
      useTmpForDownloads: false,
      tmpFilePath: '/tmp/x',
    });
    const invalid = t.logs.filter((l) => l.level === 40 && String(l.msg).startsWith('Config key'));
    expect(invalid.map((l) => l.key)).toEqual(['useTmpForDownloads']);
  });

  it('refuses to start on a file that is not JSON, naming the file', async () => {
    const dir = await tempDir();
    await writeConfig(dir, '{ "apiKeyRateLimit": 10, ');
    const attempt = buildTestApp({ dir });
    await expect(attempt).rejects.toBeInstanceOf(ConfigFileError);
    await expect(attempt).rejects.toThrow(configPath(dir));
    // The broken file is left as it was for the operator to fix.
    expect(await readFile(configPath(dir), 'utf8')).toBe('{ "apiKeyRateLimit": 10, ');
  });

  it.each([['[1, 2]'], ['"text"'], ['null']])('refuses to start on %s (JSON but not an object)', async (content) => {
    const dir = await tempDir();
    await writeConfig(dir, content);
    await expect(buildTestApp({ dir })).rejects.toThrow(configPath(dir));
  });
});

describe('MEDIASERVER_URL', () => {
  it('seeds mediaserverUrl when the file is first created, and only then', async () => {
    const dir = await tempDir();
    await boot(dir, { env: { MEDIASERVER_URL: 'http://plex.local:32400' } });
    expect((await readConfig(dir)).mediaserverUrl).toBe('http://plex.local:32400');

    // A later value of the variable does not rewrite the file...
    const t = await boot(dir, { env: { MEDIASERVER_URL: 'http://jellyfin.local:8096' } });
    expect((await readConfig(dir)).mediaserverUrl).toBe('http://plex.local:32400');
    // ...but wins while it is set.
    const token = await completeSetup(t);
    expect((await getConfig(t, token)).mediaserverUrl).toBe('http://jellyfin.local:8096');

    // Without the variable the saved (seeded) value is back.
    const t2 = await boot(dir);
    const token2 = await login(t2);
    const config = await getConfig(t2, token2);
    expect(config.mediaserverUrl).toBe('http://plex.local:32400');
    expect(config.readOnlyKeys).toEqual([]);
  });

  it('does not seed an existing file', async () => {
    const dir = await tempDir();
    await boot(dir);
    await boot(dir, { env: { MEDIASERVER_URL: 'http://plex.local:32400' } });
    expect((await readConfig(dir)).mediaserverUrl).toBe('');
  });

  it('while set, the key is read-only: a different value is rejected, the same value is accepted', async () => {
    const dir = await tempDir();
    const t = await boot(dir, { env: { MEDIASERVER_URL: 'http://plex.local:32400' } });
    const token = await completeSetup(t);
    const headers = { 'x-access-token': token };
    expect((await getConfig(t, token)).readOnlyKeys).toContain('mediaserverUrl');
    const before = await readFile(configPath(dir), 'utf8');

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers,
      payload: { mediaserverUrl: 'http://elsewhere:1' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().code).toBe('CORE_VALIDATION_FAILED');
    expect(JSON.stringify(changed.json().details)).toContain('mediaserverUrl');
    expect(await readFile(configPath(dir), 'utf8')).toBe(before);

    // A form that posts every field back unchanged still saves the other fields.
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers,
      payload: { mediaserverUrl: 'http://plex.local:32400', apiKeyRateLimit: 42 },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().mediaserverUrl).toBe('http://plex.local:32400');
    expect((await readConfig(dir)).apiKeyRateLimit).toBe(42);
  });
});

describe('PLATFORM=elfhosted', () => {
  it('forces staging on with the managed temp path at run time without writing it', async () => {
    const dir = await tempDir();
    const t = await boot(dir, { env: { PLATFORM: 'ElfHosted' } });
    const token = await completeSetup(t);
    const config = await getConfig(t, token);
    expect(config.useTmpForDownloads).toBe(true);
    expect(config.tmpFilePath).toBe('/app/config/temp_downloads');
    expect(config.readOnlyKeys).toEqual(expect.arrayContaining(['useTmpForDownloads', 'tmpFilePath']));

    let file = await readConfig(dir);
    expect(file.useTmpForDownloads).toBe(false);
    expect(file.tmpFilePath).toBe('/tmp/vidkeep-downloads');

    // Saving another key writes the stored values, never the forced ones.
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: { 'x-access-token': token },
      payload: { apiKeyRateLimit: 15 },
    });
    expect(res.statusCode).toBe(200);
    file = await readConfig(dir);
    expect(file.apiKeyRateLimit).toBe(15);
    expect(file.useTmpForDownloads).toBe(false);
    expect(file.tmpFilePath).toBe('/tmp/vidkeep-downloads');
  });

  it('the forced keys cannot be changed while the platform manages them', async () => {
    const dir = await tempDir();
    const t = await boot(dir, { env: { PLATFORM: 'elfhosted' } });
    const token = await completeSetup(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: { 'x-access-token': token },
      payload: { useTmpForDownloads: false },
    });
    expect(res.statusCode).toBe(400);
    expect((await readConfig(dir)).useTmpForDownloads).toBe(false);
    expect(t.app.vidkeep.config.get().useTmpForDownloads).toBe(true);
  });

  it('a saved staging choice comes back once the platform variable is gone', async () => {
    const dir = await tempDir();
    const t = await boot(dir);
    const token = await completeSetup(t);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: { 'x-access-token': token },
      payload: { tmpFilePath: '/scratch/vidkeep' },
    });
    const managed = await boot(dir, { env: { PLATFORM: 'elfhosted' } });
    expect(managed.app.vidkeep.config.get().tmpFilePath).toBe('/app/config/temp_downloads');
    const plain = await boot(dir);
    expect(plain.app.vidkeep.config.get()).toMatchObject({
      tmpFilePath: '/scratch/vidkeep',
      useTmpForDownloads: false,
    });
  });
});

describe('rules a plugin adds to its keys', () => {
  const checked = definePlugin({
    id: 'fx-checked',
    version: '1.0.0',
    core: '^1.0.0',
    config: Type.Object({ fxCheckedWord: Type.String({ maxLength: 20, default: 'fine' }) }),
    register(ctx) {
      ctx.config.check('fxCheckedWord', (value) => (value.includes('bad') ? `"${value}" contains a bad word` : null));
    },
  });

  it('refuses a change that breaks the rule with 400 on the key, saving nothing of the request', async () => {
    const dir = await tempDir();
    const t = await boot(dir, { extraPlugins: [{ definition: checked }] });
    const token = await completeSetup(t);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/config', headers: { 'x-access-token': token }, payload });
    const refused = await patch({ fxCheckedWord: 'so bad', apiKeyRateLimit: 30 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ path: 'body/fxCheckedWord', message: '"so bad" contains a bad word' }]);
    expect(await readConfig(dir)).toMatchObject({ fxCheckedWord: 'fine', apiKeyRateLimit: 10 });
    // The schema speaks first: a value it refuses never reaches the rule.
    expect((await patch({ fxCheckedWord: 'bad'.repeat(10) })).json().details[0].message).toMatch(/20/);
    expect((await patch({ fxCheckedWord: 'good' })).statusCode).toBe(200);
    expect((await readConfig(dir)).fxCheckedWord).toBe('good');
  });

  it('a plugin cannot add a rule to a key it does not own: the start stops naming it', async () => {
    const intruder = definePlugin({
      id: 'fx-intruder',
      version: '1.0.0',
      core: '^1.0.0',
      register(ctx) {
        (ctx.config as { check(key: string, rule: () => null): void }).check('apiKeyRateLimit', () => null);
      },
    });
    await expect(boot(await tempDir(), { extraPlugins: [{ definition: intruder }] })).rejects.toThrow(
      /Plugin "fx-intruder".*"apiKeyRateLimit", which is not one of its own config keys/,
    );
  });
});

describe('a secret sent only to an address', () => {
  const server = definePlugin({
    id: 'fx-server',
    version: '1.0.0',
    core: '^1.0.0',
    config: Type.Object({
      fxServerUrl: Type.String({ maxLength: 100, default: '' }),
      fxServerKey: sentOnlyTo(['fxServerUrl'], secret(Type.String({ maxLength: 100, default: '' })), ['NO_KEY']),
    }),
    register() {},
  });

  it('is cleared by a save that changes the address without giving it again, so it never follows it', async () => {
    const dir = await tempDir();
    const t = await boot(dir, { extraPlugins: [{ definition: server }] });
    const token = await completeSetup(t);
    const patch = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/config',
        headers: { 'x-access-token': token },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ configuredSecrets: string[] }>();
    };
    expect((await patch({ fxServerUrl: 'http://home:1', fxServerKey: 'k1' })).configuredSecrets).toContain(
      'fxServerKey',
    );
    // Other keys, and the same address again, leave the key alone.
    await patch({ apiKeyRateLimit: 20 });
    await patch({ fxServerUrl: 'http://home:1' });
    expect((await readConfig(dir)).fxServerKey).toBe('k1');
    // Another address alone: the key is gone, in the answer and in the file.
    expect((await patch({ fxServerUrl: 'http://elsewhere:1' })).configuredSecrets).not.toContain('fxServerKey');
    expect(await readConfig(dir)).toMatchObject({ fxServerUrl: 'http://elsewhere:1', fxServerKey: '' });
    // An address with its key in the same save keeps the key given.
    await patch({ fxServerUrl: 'http://home:1', fxServerKey: 'k2' });
    expect((await readConfig(dir)).fxServerKey).toBe('k2');
    // A value that is no credential survives a move.
    await patch({ fxServerKey: 'NO_KEY' });
    await patch({ fxServerUrl: 'http://elsewhere:2' });
    expect((await readConfig(dir)).fxServerKey).toBe('NO_KEY');
  });
});
