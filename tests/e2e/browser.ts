import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../helpers/server-process.js';

/** Debian's Chromium (CHROMIUM_PATH to use another). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots the browser tests save, for people to look at. */
export const ARTIFACTS = join(REPO_ROOT, 'tests/artifacts');
export const UI_DIST = join(REPO_ROOT, 'ui/dist/browser');
/** Machines without a browser may opt out; CI installs Debian's chromium and runs these. */
export const SKIP_BROWSER = process.env.VIDKEEP_SKIP_BROWSER_TESTS === '1';

/**
 * Checks what every browser test needs (the browser, the built UI) with a message saying how to
 * get it, and makes the artifacts folder.
 */
export function checkBrowserSetup(): void {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `No Chromium at ${CHROMIUM}: apt-get install chromium, set CHROMIUM_PATH, or set VIDKEEP_SKIP_BROWSER_TESTS=1`,
    );
  if (!existsSync(join(UI_DIST, 'index.html')))
    throw new Error('The UI is not built: run npm run build (npm test does it)');
  mkdirSync(ARTIFACTS, { recursive: true });
}

/**
 * Headless Chromium with the flags this machine kind needs: without the background-networking
 * ones, Chromium's own connections are refused by the closed network, many at a time.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A page at desktop size whose uncaught script errors are collected into `errors`. */
export async function openPage(
  browser: Browser,
  errors: string[],
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => errors.push(String(e)));
  return page;
}

/** Signs the page in with a session token (the sign-in page itself is tested in ui.test.ts). */
export async function signInWithToken(page: Page, baseUrl: string, token: string, username = 'admin'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('vidkeep.token', t!);
      localStorage.setItem('vidkeep.username', u!);
    },
    [token, username],
  );
}
