/// <reference lib="dom" />
/**
 * Issue 35 item 9, accessibility: axe-core checks every page of the UI, signed out (setup, sign
 * in) and signed in (each route of ui/src/app/app.routes.ts, with a subscribed channel, a followed
 * playlist and a downloaded video so that no page is empty), in the light and the dark theme. A
 * serious or critical violation fails its page's test, naming the rule, its impact and the
 * elements, and so do the moderate rules once fixed here (landmarks, heading order); whatever
 * else axe finds is written to tests/artifacts/accessibility.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { FAST_DOWNLOAD_CONFIG } from '../helpers/downloads.js';
import { api, signUp, until } from '../helpers/server-api.js';
import { ARTIFACTS, SKIP_BROWSER, signInWithToken } from './browser.js';
import { browserSuite } from './suite.js';

/** axe-core's browser bundle, evaluated in the page (a script tag would meet the content security policy). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What fails a page: a serious or critical violation of any rule ... */
const FAILING = new Set(['serious', 'critical']);
/** ... and the moderate ones this suite found and the UI fixed, so that they stay fixed. */
const KEPT_FIXED = new Set(['region', 'landmark-one-main', 'landmark-unique', 'heading-order']);
const fails = (f: { id: string; impact: string }) => FAILING.has(f.impact) || KEPT_FIXED.has(f.id);
const THEMES = ['light', 'dark'] as const;
type ThemeName = (typeof THEMES)[number];

/** One violation as a line: the rule, its impact, what it asks and the elements that break it. */
interface Finding {
  page: string;
  theme: ThemeName;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

describe.skipIf(SKIP_BROWSER)('accessibility of every page (axe-core) in Chromium', () => {
  const channelId = fakeChannelId('e2e-a11y');
  const videoIds = [fakeVideoId('e2e-a11y-1'), fakeVideoId('e2e-a11y-2')];
  const playlistId = 'PLe2ea11yplaylist01';
  let token = '';
  const lesser: Finding[] = [];

  const ui = browserSuite({
    scratch: 'e2e-a11y',
    platform: () => {
      const c = { channelId, channel: 'Accessible Channel', handle: '@a11ychan' };
      return {
        videos: [
          { ...c, id: videoIds[0]!, title: 'Accessible first clip', uploadDate: '20260110' },
          { ...c, id: videoIds[1]!, title: 'Accessible second clip', uploadDate: '20260109' },
        ],
        channels: [{ channelId, handle: '@a11ychan', name: 'Accessible Channel', tabs: { videos: videoIds } }],
        playlists: [{ id: playlistId, title: 'Accessible Playlist', channelId, videoIds }],
      };
    },
    viewport: { width: 1280, height: 800 },
    timeout: 60_000,
  });
  afterAll(() => {
    writeFileSync(join(ARTIFACTS, 'accessibility.json'), `${JSON.stringify(lesser, null, 2)}\n`);
  });

  /**
   * Opens `path` in `theme` (the system preference the UI follows while no theme was chosen),
   * waits for `ready`, runs axe-core and fails on what is serious or critical.
   */
  const check = async (path: string, theme: ThemeName, ready: string) => {
    const { page } = ui;
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.goto(`${ui.server.url}${path}`);
    await page.locator(ready).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    // Whatever loads after the first answer (sections, figures) and the animations settle.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(300);
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(document);
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    });
    const findings = violations.map((v) => ({ page: path, theme, ...v }));
    lesser.push(...findings.filter((f) => !fails(f)));
    const failing = findings.filter(fails).map((f) => `${f.id} (${f.impact}): ${f.help}; at ${f.targets.join(', ')}`);
    expect(failing, `axe-core on ${path} in the ${theme} theme`).toEqual([]);
  };

  describe('signed out', () => {
    for (const theme of THEMES)
      it(`the setup page, ${theme}`, () => check('/setup', theme, '[data-testid="setup-token"]'), 30_000);

    it('signs up, then subscribes, follows and downloads through the API', async () => {
      token = await signUp(ui.server, join(ui.dir, 'config'));
      await api(ui.server, '/api/config', token, { method: 'PATCH', body: FAST_DOWNLOAD_CONFIG });
      await api(ui.server, '/updatechannels', token, {
        method: 'POST',
        body: { add: [{ url: '@a11ychan', settings: { auto_download_enabled_tabs: '' } }] },
      });
      await api(ui.server, '/api/playlists', token, {
        method: 'POST',
        body: { url: `https://www.youtube.com/playlist?list=${playlistId}` },
      });
      await api(ui.server, '/api/videos/download', token, {
        method: 'POST',
        body: { url: `https://www.youtube.com/watch?v=${videoIds[0]}` },
      });
      await until(
        async () => {
          const { total } = await api<{ total: number }>(ui.server, '/api/videos', token);
          return total > 0 ? total : undefined;
        },
        'the download',
        60_000,
      );
    }, 90_000);

    for (const theme of THEMES)
      it(`the sign-in page, ${theme}`, () => check('/login', theme, '[data-testid="login-username"]'), 30_000);
  });

  describe('signed in', () => {
    /** Each route of the shell, with an element that shows once its content is there. */
    const pages: [path: string, ready: string][] = [
      ['/downloads', '[data-testid="history-job"]'],
      ['/library', '[data-testid="library-item"]'],
      [`/library/${videoIds[0]}`, '[data-testid="video-title"]'],
      ['/channels', '[data-testid="channel-item"]'],
      [`/channels/${channelId}`, '[data-testid="channel-video"]'],
      ['/playlists', '[data-testid="playlist-item"]'],
      [`/playlists/${playlistId}`, '[data-testid="playlist-video"]'],
      ['/settings', '[data-testid="apikey-name"]'],
      ['/settings/media-servers', 'main h1'],
      ['/settings/notifications', 'main h1'],
      ['/settings/retention', 'main h1'],
      ['/settings/files', 'main h1'],
      ['/settings/plugins', '[data-testid="plugin-row"]'],
    ];

    it('signs the page in', async () => {
      await signInWithToken(ui.page, ui.server.url, token);
    });

    for (const theme of THEMES)
      for (const [path, ready] of pages) it(`${path}, ${theme}`, () => check(path, theme, ready), 30_000);

    it('raised no script error', () => {
      expect(ui.errors).toEqual([]);
    });
  });
});
