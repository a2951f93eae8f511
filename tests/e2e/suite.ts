import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startFakePlatform, type FakePlatform, type FakePlatformInit } from '../fakes/platform/index.js';
import { signUp } from '../helpers/server-api.js';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { checkBrowserSetup, launchChromium, openPage, signInWithToken } from './browser.js';

/** One real server (on a fake platform, when asked) and Chromium on it, shared by a browser test file. */
export interface BrowserSuite {
  /** The fake platform; not there when the suite was started without one. */
  p: FakePlatform;
  server: ServerProcess;
  browser: Browser;
  page: Page;
  /** The scratch folder: `config` and `data` below it. */
  dir: string;
  /** The signed-up account's session token (`signIn`), else empty. */
  token: string;
  /** The page's uncaught script errors. */
  errors: string[];
}

export interface BrowserSuiteOptions {
  /** The scratch folder's name prefix. */
  scratch: string;
  /** What the fake platform offers; no platform without it. */
  platform?: () => FakePlatformInit;
  /** Server environment on top of the platform's, CONFIG_DIR and SOURCE_OUTPUT_DIR. */
  env?: Record<string, string>;
  /** Runs before the server starts, once the platform and the scratch folder are there. */
  prepare?: (suite: BrowserSuite) => unknown;
  /** Signs up the first account and signs the page in with its token. */
  signIn?: boolean;
  viewport?: { width: number; height: number };
  /** The `beforeAll` timeout. */
  timeout: number;
}

/**
 * Starts the suite in `beforeAll` and stops it in `afterAll`. Call it in the `describe` block;
 * the returned object's fields are set from the block's own hooks on.
 */
export function browserSuite(options: BrowserSuiteOptions): BrowserSuite {
  const suite = { errors: [] as string[], token: '' } as BrowserSuite;
  beforeAll(async () => {
    checkBrowserSetup();
    if (options.platform) suite.p = await startFakePlatform(options.platform());
    suite.dir = await scratchDir(options.scratch);
    await options.prepare?.(suite);
    const configDir = join(suite.dir, 'config');
    suite.server = await startServer({
      ...suite.p?.env,
      CONFIG_DIR: configDir,
      SOURCE_OUTPUT_DIR: join(suite.dir, 'data'),
      ...options.env,
    });
    if (options.signIn) suite.token = await signUp(suite.server, configDir);
    suite.browser = await launchChromium();
    suite.page = await openPage(suite.browser, suite.errors, options.viewport);
    // Signed in as the account just created (the login page itself is tested in ui.test.ts).
    if (options.signIn) await signInWithToken(suite.page, suite.server.url, suite.token);
  }, options.timeout);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.p?.close();
    await removeScratch(suite.dir);
  });
  return suite;
}
