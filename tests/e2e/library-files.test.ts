/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { VideoList } from '@vidkeep/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../fakes/platform/index.js';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { ARTIFACTS, checkBrowserSetup, launchChromium, openPage, SKIP_BROWSER } from './browser.js';

/** Settings, Files on disk in the browser: a rescan, an import of a bare yt-dlp folder, subfolders. */
describe.skipIf(SKIP_BROWSER)('Files on disk in Chromium', () => {
  let p: FakePlatform;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let dir: string | undefined;
  const channelId = fakeChannelId('e2e-files');
  const ids = [fakeVideoId('e2e-files-1'), fakeVideoId('e2e-files-2')];
  const errors: string[] = [];

  beforeAll(async () => {
    checkBrowserSetup();
    const common = { channelId, channel: 'Old Tool Channel', handle: '@oldtool', heights: [360] };
    p = await startFakePlatform({
      videos: [
        { ...common, id: ids[0]!, title: 'Kept from before', uploadDate: '20250301' },
        { ...common, id: ids[1]!, title: 'Also kept', uploadDate: '20250302' },
      ],
    });
    dir = await scratchDir('e2e-files');
    const outputDir = join(dir, 'data');
    // What a user of bare yt-dlp has: its default names, info.json beside the files.
    const folder = join(outputDir, 'from-yt-dlp');
    mkdirSync(folder, { recursive: true });
    const child = spawn(
      'yt-dlp',
      ['--no-config', '--write-info-json', '-P', folder, ...ids.map((id) => `https://www.youtube.com/watch?v=${id}`)],
      {
        env: { ...process.env, ...p.env },
        stdio: 'ignore',
      },
    );
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    server = await startServer({
      ...p.env,
      CONFIG_DIR: join(dir, 'config'),
      SOURCE_OUTPUT_DIR: outputDir,
      AUTH_ENABLED: 'false',
    });
    browser = await launchChromium();
    page = await openPage(browser, errors);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await p?.close();
    await removeScratch(dir);
  });

  const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').replace(/\s+/g, ' ').trim();

  it('rescans, sees files the library lacks, previews and imports them, and manages subfolders', async () => {
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-files').click();
    await page.waitForURL(/\/settings\/files$/);
    await expect.poll(() => text('rescan-card')).toContain('No rescan has run yet');

    await page.getByTestId('rescan-start').click();
    await expect.poll(() => text('rescan-last')).toContain('2 files not in the library');

    await page.getByTestId('import-path').fill('from-yt-dlp');
    await page.getByTestId('import-preview').click();
    await expect.poll(() => text('import-preview-summary')).toContain('2 videos to add');
    expect(await page.getByTestId('import-row').count()).toBe(2);
    await expect.poll(() => text('import-start')).toBe('Import 2 videos');
    await page.getByTestId('import-start').click();
    await expect.poll(() => text('import-last')).toContain('2 videos added');
    const res = await fetch(`${server.url}/api/videos`);
    const list = (await res.json()) as VideoList;
    expect(list.videos.map((v) => [v.sourceId, v.channelName]).sort()).toEqual(
      ids.map((id) => [id, 'Old Tool Channel']).sort(),
    );

    // A second rescan finds everything in place.
    await page.getByTestId('rescan-start').click();
    await expect.poll(() => text('rescan-last')).toContain('2 videos checked against 2 files');

    // Subfolders: add one, then delete it.
    await page.getByTestId('subfolder-name').fill('Archive');
    await page.getByTestId('subfolder-add').click();
    await expect.poll(() => text('subfolder-notice')).toBe('Added __Archive.');
    const row = page.getByTestId('subfolder-Archive');
    await row.getByTestId('subfolder-delete').click();
    await row.getByTestId('subfolder-delete-confirm').click();
    await expect.poll(() => text('subfolder-notice')).toBe('Deleted __Archive.');
    await expect.poll(() => page.getByTestId('subfolder-Archive').count()).toBe(0);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'files-on-disk.png'), fullPage: true });
    // Every control is named, and a phone-sized window shows the page without sideways scrolling.
    const unnamed = (await page.locator('body').ariaSnapshot())
      .split('\n')
      .filter((line) => /^\s*- (button|textbox|checkbox|switch|link)(\s*\[[^\]]*\])*:?$/.test(line));
    expect(unnamed).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.waitForTimeout(500);
    const tooWide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('app-files-page *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')} ${e.textContent?.slice(0, 30)} ${Math.round(e.getBoundingClientRect().right)}`,
        )
        .slice(0, 5),
    );
    expect(tooWide).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
