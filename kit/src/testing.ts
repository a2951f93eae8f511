/**
 * `@vidkeep/plugin-kit/testing`: boots the real core (real plugins, a real SQLite file in a
 * temporary folder, the log captured) with your plugin loaded the way an operator's manifest
 * loads it, so a test sees exactly what production does: the third-party rules, the migrations,
 * the config checks, the routes. Requests go through `t.app.inject()`, no port is opened.
 *
 *   const t = await startCore({ plugins: [{ id: 'acme-hello', package: fileURLToPath(new URL('../src/index.ts', import.meta.url)) }] });
 *   const token = await completeSetup(t);
 *   const res = await t.app.inject({ url: '/api/acme-hello/greetings', headers: { 'x-access-token': token } });
 *   await t.close();
 */
import { join } from 'node:path';
import { buildTestApp, type TestApp, type TestAppOptions } from '@vidkeep/core/testing';

export {
  buildTestApp,
  completeSetup,
  createApiKey,
  login,
  makeTempDir,
  TestHarness,
  TEST_PASSWORD,
  TEST_USERNAME,
  type TestApp,
  type TestAppOptions,
} from '@vidkeep/core/testing';

/** One manifest entry, as in `plugin-manifest.json`. */
export interface TestManifestEntry {
  id: string;
  /** An npm package name, an absolute path, or a path relative to `manifestPath`'s folder. */
  package: string;
  enabled?: boolean;
  options?: Record<string, unknown>;
}

export interface StartCoreOptions {
  /** Your plugin(s), loaded after the built-in ones. */
  plugins: TestManifestEntry[];
  /**
   * Built-in plugins loaded first, by id (`@vidkeep/plugin-<id>`). Default `auth` (every
   * protected route needs it) and `scheduler` (scheduled tasks).
   */
  builtIn?: string[];
  /** Where relative `package` paths resolve from (default `plugin-manifest.json` in the working directory). */
  manifestPath?: string;
  /** The folder to boot on: pass the `dir` of an earlier app to restart on its data. */
  dir?: string;
  /** Extra environment variables. */
  env?: Record<string, string | undefined>;
  /** Level of the captured log (default `info`). */
  logLevel?: string;
}

/** The built-in plugins `startCore` loads when not told otherwise. */
export const DEFAULT_BUILT_IN = ['scheduler', 'auth'] as const;

/**
 * Boots the real core with `plugins` behind the built-in ones, on a temporary folder (or `dir`)
 * with a real SQLite file. Close it with `t.close()` (`{ keepDir: true }` to restart on it).
 */
export function startCore(options: StartCoreOptions): Promise<TestApp> {
  const builtIn = (options.builtIn ?? DEFAULT_BUILT_IN).map((id) => ({
    id,
    package: `@vidkeep/plugin-${id}`,
    enabled: true,
    options: {},
  }));
  const testOptions: TestAppOptions = {
    manifest: { version: 1, plugins: [...builtIn, ...options.plugins] },
    manifestPath: options.manifestPath ?? join(process.cwd(), 'plugin-manifest.json'),
    ...(options.dir !== undefined ? { dir: options.dir } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.logLevel !== undefined ? { logLevel: options.logLevel } : {}),
  };
  return buildTestApp(testOptions);
}
