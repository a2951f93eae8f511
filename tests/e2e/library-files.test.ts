/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { VideoList } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

/** Settings, Files on disk in the browser: a rescan, an import of a bare yt-dlp folder, subfolders. */
describe.skipIf(SKIP_BROWSER)('Files on disk in Chromium', () => {
  const channelId = fakeChannelId('e2e-files');
  const ids = [fakeVideoId('e2e-files-1'), fakeVideoId('e2e-files-2')];

  const ui = browserSuite({
    scratch: 'e2e-files',
    platform: () => {
      const common = { channelId, channel: 'Old Tool Channel', handle: '@oldtool', heights: [360] };
      return {
        videos: [
          { ...common, id: ids[0]!, title: 'Kept from before', uploadDate: '20250301' },
          { ...common, id: ids[1]!, title: 'Also kept', uploadDate: '20250302' },
        ],
      };
    },
    // What a user of bare yt-dlp has: its default names, info.json beside the files.
    prepare: async ({ p, dir }) => {
      const folder = join(dir, 'data', 'from-yt-dlp');
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
    },
    env: { AUTH_ENABLED: 'false' },
    timeout: 120_000,
  });

  const text = async (id: string) => ((await ui.page.getByTestId(id).textContent()) ?? '').replace(/\s+/g, ' ').trim();

  it('rescans, sees files the library lacks, previews and imports them, and manages subfolders', async () => {
    await ui.page.goto(`${ui.server.url}/settings`);
    await ui.page.getByTestId('settings-files').click();
    await ui.page.waitForURL(/\/settings\/files$/);
    await expect.poll(() => text('rescan-card')).toContain('No rescan has run yet');

    await ui.page.getByTestId('rescan-start').click();
    await expect.poll(() => text('rescan-last')).toContain('2 files not in the library');

    await ui.page.getByTestId('import-path').fill('from-yt-dlp');
    await ui.page.getByTestId('import-preview').click();
    await expect.poll(() => text('import-preview-summary')).toContain('2 videos to add');
    expect(await ui.page.getByTestId('import-row').count()).toBe(2);
    await expect.poll(() => text('import-start')).toBe('Import 2 videos');
    await ui.page.getByTestId('import-start').click();
    await expect.poll(() => text('import-last')).toContain('2 videos added');
    const res = await fetch(`${ui.server.url}/api/videos`);
    const list = (await res.json()) as VideoList;
    expect(list.videos.map((v) => [v.sourceId, v.channelName]).sort()).toEqual(
      ids.map((id) => [id, 'Old Tool Channel']).sort(),
    );

    // A second rescan finds everything in place.
    await ui.page.getByTestId('rescan-start').click();
    await expect.poll(() => text('rescan-last')).toContain('2 videos checked against 2 files');

    // Subfolders: add one, then delete it.
    await ui.page.getByTestId('subfolder-name').fill('Archive');
    await ui.page.getByTestId('subfolder-add').click();
    await expect.poll(() => text('subfolder-notice')).toBe('Added __Archive.');
    const row = ui.page.getByTestId('subfolder-Archive');
    await row.getByTestId('subfolder-delete').click();
    await row.getByTestId('subfolder-delete-confirm').click();
    await expect.poll(() => text('subfolder-notice')).toBe('Deleted __Archive.');
    await expect.poll(() => ui.page.getByTestId('subfolder-Archive').count()).toBe(0);

    mkdirSync(ARTIFACTS, { recursive: true });
    await ui.page.screenshot({ path: join(ARTIFACTS, 'files-on-disk.png'), fullPage: true });
    // Every control is named, and a phone-sized window shows the page without sideways scrolling.
    const unnamed = (await ui.page.locator('body').ariaSnapshot())
      .split('\n')
      .filter((line) => /^\s*- (button|textbox|checkbox|switch|link)(\s*\[[^\]]*\])*:?$/.test(line));
    expect(unnamed).toEqual([]);
    await ui.page.setViewportSize({ width: 360, height: 800 });
    await ui.page.waitForTimeout(500);
    const tooWide = await ui.page.evaluate(() =>
      Array.from(document.querySelectorAll('app-files-page *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')} ${e.textContent?.slice(0, 30)} ${Math.round(e.getBoundingClientRect().right)}`,
        )
        .slice(0, 5),
    );
    expect(tooWide).toEqual([]);
    expect(ui.errors).toEqual([]);
  }, 180_000);
});
