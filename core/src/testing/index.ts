import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { buildApp, type BuildAppOptions, type VidkeepApp } from '../app.js';

/** A real SQLite file opened with the given entities and migrations, as the app opens its database. */
export { openDatabase } from '../db/orm.js';
export { coreOrm, pluginOrm } from '../db/plugin-orm.js';
export { entitySchemaOf } from '../plugin-api/entities.js';

export interface TestAppOptions extends Omit<BuildAppOptions, 'env' | 'logger' | 'cwd'> {
  /** Extra environment variables (CONFIG_DIR, SOURCE_OUTPUT_DIR and LOG_LEVEL get temp defaults). */
  env?: Record<string, string | undefined>;
  /** Reuse a directory (to test restarts); a fresh temp directory otherwise. */
  dir?: string;
  /** Log level of the captured log (default `info`). */
  logLevel?: string;
}

export interface TestApp {
  app: VidkeepApp;
  /** Temp root: `config/` (CONFIG_DIR) and `data/` (output) live inside. */
  dir: string;
  configDir: string;
  /** Parsed log lines written so far. */
  logs: Record<string, unknown>[];
  /** Closes the app; pass `keepDir` to restart on the same directory afterwards. */
  close(options?: { keepDir?: boolean }): Promise<void>;
}

export async function makeTempDir(prefix = 'vidkeep-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * Boots the real application (real SQLite file, real plugins from the manifest) on a temp
 * directory, with the log captured in memory. Use `app.inject()` to make requests.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = options.dir ?? (await makeTempDir());
  const configDir = join(dir, 'config');
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      cb();
    },
  });
  const logger = pino({ level: options.logLevel ?? 'info' }, stream);
  const { env: extraEnv, dir: _dir, logLevel: _level, ...rest } = options;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    CONFIG_DIR: configDir,
    SOURCE_OUTPUT_DIR: join(dir, 'data'),
    ...extraEnv,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const app = await buildApp({ ...rest, env, cwd: dir, logger });
  return {
    app,
    dir,
    configDir,
    logs,
    async close({ keepDir = false } = {}) {
      await app.close();
      if (!keepDir && !options.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export const TEST_USERNAME = 'admin';
export const TEST_PASSWORD = 'correct-horse-battery';

/** Completes the first-start setup with the token from `CONFIG_DIR/setup-token`; returns a session token. */
export async function completeSetup(t: TestApp, username = TEST_USERNAME, password = TEST_PASSWORD): Promise<string> {
  const token = (await readFile(join(t.configDir, 'setup-token'), 'utf8')).trim();
  const res = await t.app.inject({
    method: 'POST',
    url: '/setup/create-auth',
    payload: { token, username, password, confirmPassword: password },
  });
  if (res.statusCode !== 200) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export async function login(t: TestApp, username = TEST_USERNAME, password = TEST_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** Creates an API key through the API; returns the full key and its id. */
export async function createApiKey(
  t: TestApp,
  sessionToken: string,
  name = 'test key',
): Promise<{ key: string; id: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { 'x-access-token': sessionToken },
    payload: { name },
  });
  if (res.statusCode !== 200) throw new Error(`creating an API key failed: ${res.statusCode} ${res.body}`);
  return res.json<{ key: string; id: number }>();
}

/**
 * Boots test apps, restarts them on the same directory and cleans everything up. Register
 * `afterEach(() => harness.closeAll())` once per test file.
 */
export class TestHarness {
  private apps: TestApp[] = [];
  private dirs: string[] = [];

  /** A fresh directory that survives restarts within the test and is removed by `closeAll`. */
  async dir(): Promise<string> {
    const dir = await makeTempDir();
    this.dirs.push(dir);
    return dir;
  }

  /** Boots an app; one still open on the same directory is closed first (a restart). */
  async boot(options: TestAppOptions = {}): Promise<TestApp> {
    const dir = options.dir ?? (await this.dir());
    for (const open of this.apps.filter((a) => a.dir === dir)) await this.stop(open);
    const t = await buildTestApp({ ...options, dir });
    this.apps.push(t);
    return t;
  }

  /** Closes an app, keeping its directory for a restart. */
  async stop(t: TestApp): Promise<void> {
    this.apps = this.apps.filter((a) => a !== t);
    await t.close({ keepDir: true });
  }

  /** Closes the app and boots again on the same directory. */
  restart(t: TestApp, options: Omit<TestAppOptions, 'dir'> = {}): Promise<TestApp> {
    return this.boot({ ...options, dir: t.dir });
  }

  async closeAll(): Promise<void> {
    const apps = this.apps.splice(0);
    const dirs = this.dirs.splice(0);
    for (const app of apps) await app.close({ keepDir: true }).catch(() => undefined);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A `multipart/form-data` body with one file, for `app.inject` or `fetch`:
 * `{ ...multipartFile('cookieFile', 'cookies.txt', text) }` gives `payload` and `headers`.
 */
export function multipartFile(
  field: string,
  fileName: string,
  content: string | Buffer,
  contentType = 'text/plain',
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----vidkeep-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
