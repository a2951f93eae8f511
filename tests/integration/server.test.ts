import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinMigrations } from '@vidkeep/migrations';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, runServerToExit, startServer, type ServerProcess } from '../helpers/server-process.js';

const MANIFEST = join(REPO_ROOT, 'tests/fixtures/server/manifest.json');
const PASSWORD = 'a-long-enough-password';

let dir: string;
let servers: ServerProcess[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vidkeep-server-'));
});
afterEach(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  servers = [];
  await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({
    CONFIG_DIR: join(dir, 'config'),
    SOURCE_OUTPUT_DIR: join(dir, 'data'),
    PLUGIN_MANIFEST: MANIFEST,
    ...env,
  });
  servers.push(server);
  return server;
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const nodeCachesItself = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** The "listening" log line of a started server. */
function listening(server: ServerProcess): { codeCache: { hits: number; misses: number } } {
  const line = server
    .output()
    .split('\n')
    .find((l) => l.startsWith('{') && l.includes('"startup"'));
  if (!line) throw new Error(`no listening line in:\n${server.output()}`);
  return JSON.parse(line) as never;
}

function sqlite(file: string, sql: string): string {
  return execFileSync(
    'python3',
    ['-c', `import sqlite3,sys;c=sqlite3.connect(sys.argv[1]);print(c.execute(sys.argv[2]).fetchall())`, file, sql],
    {
      encoding: 'utf8',
    },
  ).trim();
}

describe('the real server (npm start)', () => {
  it('prints its URL and where the setup token is, and serves /setup/status', async () => {
    const server = await start();
    const tokenFile = join(dir, 'config', 'setup-token');
    expect(server.output()).toContain('listening on http://');
    expect(server.output()).toContain(tokenFile);
    const token = (await readFile(tokenFile, 'utf8')).trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(server.output()).toContain(token);
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    const status = await json(`${server.url}/setup/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ requiresSetup: true, platformManaged: false });
  });

  it('keeps the setup token, sessions and API keys across restarts and never repeats a migration', async () => {
    const db = join(dir, 'config', 'vidkeep.db');
    let server = await start();
    const token = (await readFile(join(dir, 'config', 'setup-token'), 'utf8')).trim();
    expect(server.output()).toMatch(/Applying \d+ database migration/);
    expect(await server.stop()).toBe(0);

    // The token survives a restart until setup completes.
    server = await start();
    expect((await readFile(join(dir, 'config', 'setup-token'), 'utf8')).trim()).toBe(token);
    expect(server.output()).not.toContain('Applying');
    const setup = await json(`${server.url}/setup/create-auth`, {
      method: 'POST',
      body: JSON.stringify({ token, username: 'owner', password: PASSWORD, confirmPassword: PASSWORD }),
    });
    expect(setup.status).toBe(200);
    const session = setup.body.token as string;
    const created = await json(`${server.url}/api/keys`, {
      method: 'POST',
      headers: { 'x-access-token': session },
      body: JSON.stringify({ name: 'shortcut' }),
    });
    expect(created.status).toBe(200);
    const apiKey = created.body.key as string;
    expect(await server.stop('SIGINT')).toBe(0);

    server = await start();
    expect(server.output()).not.toContain('Applying');
    // Each migration of the timeline was recorded exactly once.
    expect(sqlite(db, 'select count(*) from mikro_orm_migrations')).toBe(`[(${builtinMigrations.length},)]`);
    await expect(stat(join(dir, 'config', 'setup-token'))).rejects.toThrow();
    expect((await json(`${server.url}/setup/status`)).body.requiresSetup).toBe(false);
    const validate = await json(`${server.url}/auth/validate`, { headers: { 'x-access-token': session } });
    expect(validate).toMatchObject({ status: 200, body: { valid: true, username: 'owner' } });
    const download = await json(`${server.url}/api/videos/download`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
      body: JSON.stringify({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    });
    expect(download.status).toBe(200);
    expect(download.body.caller).toBe('apiKey');
    expect(download.headers.get('ratelimit-limit')).toBe('10');
  });

  it.skipIf(nodeCachesItself)(
    'a restart takes the compiled code of the dependencies from CONFIG_DIR/cache (Node 20)',
    async () => {
      let server = await start();
      await expect.poll(() => server.output(), { timeout: 15_000 }).toContain('Wrote the code cache');
      expect(listening(server).codeCache.hits).toBe(0);
      expect(await server.stop()).toBe(0);
      const files = await readdir(join(dir, 'config', 'cache'));
      expect(files).toEqual([`cjs-${process.version}-${process.arch}.bin`]);

      server = await start();
      const { codeCache } = listening(server);
      expect(codeCache.hits).toBeGreaterThan(500);
      expect(codeCache.misses).toBe(0);
      expect((await json(`${server.url}/setup/status`)).status).toBe(200);
    },
  );

  it('closes cleanly and exits 0 on SIGTERM', async () => {
    const server = await start();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('Shut down cleanly');
  });

  it('refuses to start with a broken plugin, naming it', async () => {
    const result = await runServerToExit({
      CONFIG_DIR: join(dir, 'config'),
      PLUGIN_MANIFEST: join(REPO_ROOT, 'tests/fixtures/server/broken-manifest.json'),
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Plugin "auth"');
    expect(result.output).toContain('loginMaxFailures');
    expect(result.output).not.toContain('listening on');
  });

  it('logs stack traces at the TypeScript sources, reading a source map only for a logged error', async () => {
    const result = await runServerToExit({
      CONFIG_DIR: join(dir, 'config'),
      PLUGIN_MANIFEST: join(REPO_ROOT, 'tests/fixtures/server/broken-manifest.json'),
    });
    const fatal = result.output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; err?: { stack?: string } })
      .find((l) => l.level === 60);
    const stack = fatal?.err?.stack ?? '';
    expect(stack, result.output).toMatch(/^PluginBootError: Plugin "auth"/);
    // The frame that threw, at its line in the source, not in the bundle the server runs.
    expect(stack).toMatch(
      /\n {4}at checkDefinition \(\S+[\\/]core[\\/]src[\\/]manifest[\\/]load-manifest\.ts:\d+:\d+\)/,
    );
    expect(stack).not.toMatch(/[\\/]dist[\\/]/);
  });

  it('refuses to start with an invalid environment variable, naming it', async () => {
    const result = await runServerToExit({ CONFIG_DIR: join(dir, 'config'), PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('PORT');
  });
});
