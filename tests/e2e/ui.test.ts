/// <reference lib="dom" />
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../fakes/platform/index.js';
import { REPO_ROOT, startServer, type ServerProcess } from '../helpers/server-process.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(REPO_ROOT, 'tests/artifacts');
const UI_DIST = join(REPO_ROOT, 'ui/dist/browser');

/** Gzipped size of the JavaScript a first visit loads: the entry scripts and their static imports. */
function initialJsGzipBytes(): number {
  const html = readFileSync(join(UI_DIST, 'index.html'), 'utf8');
  const files = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!));
  const queue = [...files];
  while (queue.length) {
    const f = queue.pop()!;
    const code = readFileSync(join(UI_DIST, f), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      if (!files.has(m[1]!)) {
        files.add(m[1]!);
        queue.push(m[1]!);
      }
    }
  }
  return [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(UI_DIST, f))).length, 0);
}

// Opt-out for machines without a browser; CI installs Debian's chromium and runs these.
describe.skipIf(process.env.VIDKEEP_SKIP_BROWSER_TESTS === '1')('web UI in Chromium', () => {
  let p: FakePlatform;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let configDir: string;
  const channelId = fakeChannelId('e2e');
  const videoId = fakeVideoId('e2e-1');
  const playlistId = 'PLe2eplaylist000001';
  const playlistVideoIds = [fakeVideoId('e2e-p1'), fakeVideoId('e2e-p2')];
  const figures: Record<string, unknown> = {};
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `No Chromium at ${CHROMIUM}: apt-get install chromium, set CHROMIUM_PATH, or set VIDKEEP_SKIP_BROWSER_TESTS=1`,
      );
    if (!existsSync(join(UI_DIST, 'index.html')))
      throw new Error('The UI is not built: run npm run build (npm test does it)');
    mkdirSync(ARTIFACTS, { recursive: true });
    const common = { channelId, channel: 'E2E Channel', handle: '@e2e' };
    // A playlist of three: the video the test downloads first, and two of an uploader nobody follows.
    const uploader = { channelId: fakeChannelId('e2e-uploader'), channel: 'E2E Uploader', handle: '@e2euploader' };
    p = await startFakePlatform({
      videos: [
        { ...common, id: videoId, title: 'End to end video', uploadDate: '20260110' },
        { ...common, id: fakeVideoId('e2e-2'), title: 'Second video', uploadDate: '20260109' },
        { ...uploader, id: playlistVideoIds[0]!, title: 'Playlist song one', uploadDate: '20260105' },
        { ...uploader, id: playlistVideoIds[1]!, title: 'Playlist song two', uploadDate: '20260106' },
      ],
      channels: [{ channelId, handle: '@e2e', name: 'E2E Channel', tabs: { videos: [videoId, fakeVideoId('e2e-2')] } }],
      playlists: [
        {
          id: playlistId,
          title: 'E2E Playlist',
          channelId: uploader.channelId,
          videoIds: [videoId, ...playlistVideoIds],
        },
      ],
    });
    const dir = await mkdtemp(join(tmpdir(), 'vidkeep-e2e-'));
    configDir = join(dir, 'config');
    server = await startServer({
      ...p.env,
      CONFIG_DIR: configDir,
      SOURCE_OUTPUT_DIR: join(dir, 'data'),
      LOG_LEVEL: 'info',
    });
    browser = await chromium.launch({
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
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => errors.push(String(e)));
  }, 60_000);

  afterAll(async () => {
    writeFileSync(join(ARTIFACTS, 'ui-figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
    await browser?.close();
    await server?.stop();
    await p?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  it('completes setup with the token from the file and lands on downloads', async () => {
    await page.goto(server.url);
    await page.waitForURL(/\/setup$/);
    const token = readFileSync(join(configDir, 'setup-token'), 'utf8').trim();
    await page.getByTestId('setup-token').fill(token);
    await page.getByTestId('setup-username').fill('admin');
    await page.getByTestId('setup-password').fill('short');
    await page.getByTestId('setup-confirm').fill('short');
    await page.getByTestId('setup-submit').click();
    await expect.poll(() => page.getByText('8 to 64 characters').count()).toBeGreaterThan(0);
    await page.getByTestId('setup-password').fill('correct horse battery');
    await page.getByTestId('setup-confirm').fill('correct horse battery');
    await page.getByTestId('setup-submit').click();
    await page.waitForURL(/\/downloads$/);
    await page.getByTestId('download-urls').waitFor();
    // Faster downloads against the fake platform (no pauses between requests).
    const session = await page.evaluate(() => localStorage.getItem('vidkeep.token'));
    const res = await fetch(`${server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-access-token': session! },
      body: JSON.stringify({ sleepRequests: 0, downloadRetryCount: 0, downloadSocketTimeoutSeconds: 3 }),
    });
    expect(res.status).toBe(200);
  }, 60_000);

  it('signs out and in again; a wrong password is explained', async () => {
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('wrong password');
    await page.getByTestId('login-submit').click();
    await expect.poll(async () => (await page.getByTestId('login-error').textContent()) ?? '').toMatch(/invalid/i);
    await page.getByTestId('login-password').fill('correct horse battery');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/downloads$/);
  }, 30_000);

  it('renders the downloads page quickly and loads little JavaScript', async () => {
    const started = Date.now();
    await page.goto(`${server.url}/downloads`);
    await page.getByTestId('download-urls').waitFor();
    figures.downloadsFirstRenderMs = Date.now() - started;
    figures.navigationTiming = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        domContentLoadedMs: Math.round(n.domContentLoadedEventEnd),
        firstContentfulPaintMs: paint ? Math.round(paint.startTime) : null,
      };
    });
    figures.initialJsGzipBytes = initialJsGzipBytes();
    console.log('UI figures', JSON.stringify(figures));
    expect(figures.initialJsGzipBytes).toBeGreaterThan(0);
  }, 30_000);

  it('creates an API key and shows it only once', async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('apikey-name').fill('phone shortcut');
    await page.getByTestId('apikey-create').click();
    const value = (await page.getByTestId('apikey-value').textContent())?.trim() ?? '';
    expect(value.length).toBeGreaterThanOrEqual(32);
    await page.reload();
    await page.getByTestId('apikey-name').waitFor();
    await expect.poll(() => page.getByText('phone shortcut').count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(value);
  }, 30_000);

  it('downloads a video and shows its progress reaching done', async () => {
    await page.goto(`${server.url}/downloads`);
    await page.getByTestId('download-urls').fill(`https://www.youtube.com/watch?v=${videoId}`);
    await page.getByTestId('download-submit').click();
    await expect
      .poll(async () => (await page.getByTestId('download-message').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/queued/i);
    await page.locator('[data-testid="queue-video"][data-state="completed"]').first().waitFor({ timeout: 60_000 });
    await shot('downloads-desktop');
  }, 90_000);

  it('finds the video in the library and plays it', async () => {
    await page.goto(`${server.url}/library`);
    await page.getByTestId('library-item').first().waitFor();
    await page.getByTestId('library-play').first().click();
    const player = page.getByTestId('library-player');
    await player.waitFor();
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
  }, 30_000);

  it('subscribes to a channel, opens its page and sees a settings validation error', async () => {
    await page.goto(`${server.url}/channels`);
    await page.getByTestId('subscribe-url').fill('https://www.youtube.com/@e2e');
    await page.getByTestId('subscribe-submit').click();
    await page.getByTestId('subscribe-confirm').click({ timeout: 30_000 });
    await page.getByTestId('channel-item').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('channel-item').first().getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/channels/${channelId}$`));
    await page.getByTestId('channel-video').first().waitFor({ timeout: 30_000 });
    // The video downloaded before subscribing counts for the channel.
    await expect.poll(() => page.getByText('1 / 2 downloaded').count()).toBeGreaterThan(0);
    await shot('channel-desktop');
    await page.getByTestId('channel-settings-open').click();
    await page.getByTestId('settings-subfolder').fill('__playlists__');
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await page.getByTestId('settings-error').textContent()) ?? '').toMatch(/reserved/);
  }, 90_000);

  it('follows a playlist by URL, downloads its new videos and sees a settings validation error', async () => {
    await page.goto(`${server.url}/playlists`);
    await page.getByTestId('playlist-url').fill(`https://www.youtube.com/playlist?list=${playlistId}`);
    await page.getByTestId('playlist-lookup').click();
    await expect.poll(async () => (await page.getByTestId('preview-title').textContent()) ?? '').toBe('E2E Playlist');
    expect(await page.getByTestId('preview-count').textContent()).toContain('3 videos');
    await page.getByTestId('playlist-follow').click();
    await expect
      .poll(async () => (await page.getByTestId('follow-notice').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/3 entries listed/);
    await page.getByTestId('playlist-item').first().getByTestId('playlist-link').click();
    await page.waitForURL(new RegExp(`/playlists/${playlistId}$`));
    const entries = page.getByTestId('playlist-video');
    const downloaded = page.locator('[data-testid="playlist-video"][data-downloaded="true"]');
    await expect.poll(() => entries.count(), { timeout: 15_000 }).toBe(3);
    // The video downloaded before following is in the library already.
    await expect.poll(() => downloaded.count()).toBe(1);
    await page.getByTestId('entries-download-new').click();
    await expect
      .poll(async () => (await page.getByTestId('entries-action-notice').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/2 videos queued/);
    // Each download sends playlistUpdated: the page reads its entries again without a reload.
    await expect.poll(() => downloaded.count(), { timeout: 90_000 }).toBe(3);
    await expect.poll(async () => (await page.getByTestId('playlist-m3u').textContent()) ?? '').toMatch(/\.m3u$/);
    await shot('playlist-desktop');
    await page.getByTestId('playlist-settings-open').click();
    await page.getByTestId('psettings-title-filter').fill('(unclosed');
    await page.locator('mat-dialog-container').screenshot({ path: join(ARTIFACTS, 'playlist-settings-desktop.png') });
    await expect
      .poll(async () => (await page.getByTestId('psettings-title-filter-error').textContent()) ?? '')
      .toMatch(/Not a valid regular expression/);
    await page.getByTestId('psettings-save').click();
    await expect.poll(async () => (await page.getByTestId('psettings-error').textContent()) ?? '').toMatch(/not valid/);
    await page.keyboard.press('Escape');
  }, 150_000);

  it('works at phone width (screenshots saved as test artifacts)', async () => {
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/downloads', 'downloads-phone'],
      ['/library', 'library-phone'],
      ['/channels', 'channels-phone'],
      ['/playlists', 'playlists-phone'],
      [`/playlists/${playlistId}`, 'playlist-phone'],
      ['/settings', 'settings-phone'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      await shot(name);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Every control has an accessible name (screen readers, voice control).
      const unnamed = (await page.locator('body').ariaSnapshot())
        .split('\n')
        .filter((line) =>
          /^\s*- (button|textbox|combobox|checkbox|switch|link|slider|spinbutton)(\s*\[[^\]]*\])*:?$/.test(line),
        );
      expect(unnamed, path).toEqual([]);
    }
    // The narrowest phones: the playlist page still fits.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}/playlists/${playlistId}`);
    await page.getByTestId('playlist-video').first().waitFor();
    await shot('playlist-phone-360');
    await page.getByTestId('sync-panel').screenshot({ path: join(ARTIFACTS, 'playlist-sync-phone-360.png') });
    // What reaches past the right edge, to name it when the page is too wide.
    const overflowing = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')}`)
        .slice(0, 5),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), overflowing.join(' ')).toBeLessThanOrEqual(
      360,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [path, name] of [
      ['/library', 'library-desktop'],
      ['/settings', 'settings-desktop'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      await shot(name);
    }
    // The dark theme recolours the page (and is remembered).
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(background).not.toBe(light);
    await shot('settings-dark');
    await page.goto(`${server.url}/playlists/${playlistId}`);
    await page.getByTestId('playlist-video').first().waitFor();
    await shot('playlist-dark');
    await page.reload();
    await expect.poll(background).not.toBe(light);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(readdirSync(ARTIFACTS).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(6);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe.skipIf(process.env.VIDKEEP_SKIP_BROWSER_TESTS === '1')(
  'web UI of a platform-managed deployment in Chromium',
  () => {
    let server: ServerProcess;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      const dir = await mkdtemp(join(tmpdir(), 'vidkeep-e2e-managed-'));
      // The four variables of spec 1.2, all at once (they do not imply each other).
      server = await startServer({
        CONFIG_DIR: join(dir, 'config'),
        SOURCE_OUTPUT_DIR: join(dir, 'data'),
        AUTH_ENABLED: 'false',
        PLATFORM: 'elfhosted',
        DATA_PATH: join(dir, 'videos'),
        MEDIASERVER_URL: 'http://media.example.lan:32400',
      });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.setDefaultTimeout(15_000);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('signs in by itself, hides login and logout, and shows managed settings read-only', async () => {
      await page.goto(server.url);
      await page.waitForURL(/\/downloads$/);
      await page.getByTestId('download-urls').waitFor();
      expect(await page.getByTestId('logout').count()).toBe(0);
      await page.goto(`${server.url}/login`);
      await page.waitForURL(/\/downloads$/);

      await page.goto(`${server.url}/settings`);
      // The output directory is shown as configured for the host (SOURCE_OUTPUT_DIR), read-only.
      await expect
        .poll(async () => (await page.getByTestId('config-output-directory').textContent()) ?? '')
        .toMatch(/Read-only.*DATA_PATH/);
      expect(await page.getByTestId('config-output-directory').locator('input').count()).toBe(0);
      const mediaServerUrl = page.getByTestId('config-mediaserverUrl');
      expect(await mediaServerUrl.inputValue()).toBe('http://media.example.lan:32400');
      expect(await mediaServerUrl.isEditable()).toBe(false);
      await page.getByTestId('ytdlp-update-managed').waitFor();
      expect(await page.getByTestId('ytdlp-update').isDisabled()).toBe(true);
      await page.screenshot({ path: join(ARTIFACTS, 'settings-managed.png'), fullPage: true });
    }, 60_000);
  },
);
