/**
 * Shared helpers of the auth plugin's tests (not part of the plugin's runtime code).
 * Every app booted through `Harness.boot()` is closed, and every directory removed, in afterEach.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { definePlugin } from '@vidkeep/plugin-kit';
import {
  buildTestApp,
  completeSetup,
  TEST_PASSWORD,
  TEST_USERNAME,
  TestHarness,
  type TestApp,
  type TestAppOptions,
} from '@vidkeep/core/testing';

export { TEST_PASSWORD, TEST_USERNAME };

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Stand-in for the downloader's route: the one `sessionOrApiKey` route of spec 5. */
export const testDownloadPlugin = definePlugin({
  id: 'test-download',
  version: '1.0.0',
  core: '^1.0.0',
  register(ctx) {
    ctx.routes(async (app) => {
      app.post(
        '/api/videos/download',
        { config: { auth: 'sessionOrApiKey', successFlagOnError: true } },
        async (req) => ({ success: true, auth: req.auth }),
      );
    });
  },
});

/** Only the auth plugin plus the stand-in: the auth tests never start real downloads. */
export const withDownloadRoute = {
  manifest: { version: 1, plugins: [{ id: 'auth', package: '@vidkeep/plugin-auth', enabled: true, options: {} }] },
  extraPlugins: [{ definition: testDownloadPlugin }],
} satisfies TestAppOptions;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  token?: string;
  apiKey?: string;
  payload?: unknown;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export async function call(t: TestApp, url: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['x-access-token'] = options.token;
  if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey;
  return t.app.inject({
    method: options.method ?? 'GET',
    url,
    headers,
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export async function loginRequest(
  t: TestApp,
  username: string,
  password: string,
  extra: Omit<RequestOptions, 'payload' | 'method'> = {},
) {
  return call(t, '/auth/login', { ...extra, method: 'POST', payload: { username, password } });
}

/** Rows of a table, read straight from the SQLite file through the app's connection. */
export async function sql<T = Record<string, unknown>>(
  t: TestApp,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  return t.app.vidkeep.orm.em.fork().getConnection().execute(query, params) as Promise<T[]>;
}

export async function readSetupToken(t: TestApp): Promise<string> {
  return (await readFile(join(t.configDir, 'setup-token'), 'utf8')).trim();
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    await readFile(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Serialized log lines (each as JSON text) of a test app. */
export const logText = (t: TestApp): string[] => t.logs.map((line) => JSON.stringify(line));

export class Harness extends TestHarness {
  constructor() {
    super();
    afterEach(() => this.closeAll());
  }

  /** Boots and completes the setup wizard; returns the app and the session from the setup. */
  async bootConfigured(options: TestAppOptions = {}): Promise<{ t: TestApp; token: string }> {
    const t = await this.boot(options);
    const token = await completeSetup(t);
    return { t, token };
  }
}

/**
 * One configured app shared by the tests of the enclosing describe block (booted in beforeAll,
 * closed in afterAll). Only for tests that do not change state the others rely on.
 */
export function sharedConfiguredApp(options: TestAppOptions = {}): { t: TestApp; token: string } {
  const holder = {} as { t: TestApp; token: string };
  beforeAll(async () => {
    holder.t = await buildTestApp(options);
    holder.token = await completeSetup(holder.t);
  });
  afterAll(async () => {
    await holder.t?.close();
  });
  return holder;
}
