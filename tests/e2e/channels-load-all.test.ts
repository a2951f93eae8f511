/// <reference lib="dom" />
/**
 * Issue 16, channels, in the browser: "Load all" of a long tab shows its pages, entries and pacing
 * while yt-dlp reads and can be cancelled; after a complete listing the tab's figures, its badge
 * and download-all's preview tell the same numbers in the same format; a download is counted
 * without reloading the page. One real server on the fake platform (tabs in pages of 30, paced
 * by `sleepRequests`), Debian's Chromium through playwright-core.
 */
import { join } from 'node:path';
import type { DownloadResponse, JobDetail } from '@vidkeep/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId } from '../fakes/platform/index.js';
import { api } from '../helpers/server-api.js';
import { FAST_DOWNLOAD_CONFIG } from '../helpers/downloads.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

const ENTRIES = 1200;

describe.skipIf(SKIP_BROWSER)('Load all and channel figures in Chromium', () => {
  let ids: string[] = [];
  const channelId = fakeChannelId('e2e-loadall');

  // The platform offers no tab playlist for this channel: its total is unknown until a Load all counts it.
  const ui = browserSuite({
    scratch: 'e2e-loadall',
    platform: () => ({
      channels: [{ channelId, handle: '@e2eloadall', name: 'Long Channel', tabs: {}, tabPlaylists: false }],
    }),
    prepare: ({ p }) => {
      ids = p.generateTab(channelId, 'videos', ENTRIES);
    },
    env: { LOG_LEVEL: 'info' },
    signIn: true,
    timeout: 90_000,
  });
  beforeAll(async () => {
    await api(ui.server, '/api/config', ui.token, { method: 'PATCH', body: FAST_DOWNLOAD_CONFIG });
    await api(ui.server, '/updatechannels', ui.token, {
      method: 'POST',
      body: { add: [{ url: '@e2eloadall', settings: { auto_download_enabled_tabs: '' } }] },
    });
  }, 90_000);

  const text = async (id: string) => ((await ui.page.getByTestId(id).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const shot = (name: string) => ui.page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  it('shows Load all page by page with its pacing while yt-dlp reads, and cancels it keeping what was read', async () => {
    // 40 pages, a quarter of a second apart: about ten seconds of listing.
    await api(ui.server, '/api/config', ui.token, { method: 'PATCH', body: { sleepRequests: 0.25 } });
    await ui.page.goto(`${ui.server.url}/channels/${channelId}`);
    // The first visit lists the newest 50.
    await expect.poll(() => text('tab-known-text')).toBe('50 known here · 0 ignored');
    expect(await text('tab-stats-text')).toBe('0 downloaded · total not known yet (Load all counts it)');
    expect(await text('channel-tab-figure-videos')).toBe('0 downloaded');

    await ui.page.getByTestId('fetch-all').click();
    // Entries arrive page by page, long before the listing ends.
    const progress =
      /^Listing the tab: page (\d+), ([\d,]+) entries read \(the tab's total is not known, so no time estimate\)$/;
    await expect.poll(() => text('fetch-progress'), { timeout: 20_000 }).toMatch(progress);
    const first = progress.exec(await text('fetch-progress'))!;
    await expect
      .poll(async () => Number(progress.exec(await text('fetch-progress'))?.[1] ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(Number(first[1]) + 1);
    expect(await text('fetch-pacing')).toBe(
      'yt-dlp reads the tab page by page, about 30 entries a page; pages are requested 0.25 s apart (the sleepRequests setting).',
    );
    await shot('channel-load-all-progress');

    await ui.page.getByTestId('fetch-cancel').click();
    await expect
      .poll(() => text('fetch-notice'), { timeout: 20_000 })
      .toMatch(
        /^Load all of the Videos tab cancelled after \d+ s: the [\d,]+ videos read so far are kept\. Load all again to read the rest\.$/,
      );
    const kept = Number(/the ([\d,]+) videos/.exec(await text('fetch-notice'))![1]!.replace(/,/g, ''));
    expect(kept).toBeGreaterThan(50);
    expect(kept).toBeLessThan(ENTRIES);
    await expect.poll(() => text('tab-known-text')).toBe(`${kept.toLocaleString('en-US')} known here · 0 ignored`);
    // A cancelled listing says nothing about the total.
    expect(await text('tab-stats-text')).toBe('0 downloaded · total not known yet (Load all counts it)');
    expect(await ui.page.getByTestId('fetch-progress').count()).toBe(0);
  }, 90_000);

  it("after a complete Load all, the tab's figures, its badge and download-all tell the same numbers", async () => {
    await api(ui.server, '/api/config', ui.token, { method: 'PATCH', body: { sleepRequests: 0 } });
    await ui.page.goto(`${ui.server.url}/channels/${channelId}`);
    await ui.page.getByTestId('fetch-all').click();
    await expect
      .poll(() => text('fetch-notice'), { timeout: 60_000 })
      .toMatch(/^Loaded the Videos tab: 1,200 videos found in \d+ s \(40 pages\)\.$/);
    await expect.poll(() => text('tab-stats-text')).toBe('0 downloaded of 1,200 (0 %)');
    expect(await text('tab-known-text')).toBe('1,200 known here · 0 ignored');
    expect(await text('channel-tab-figure-videos')).toBe('0 of 1,200 downloaded');
    await expect.poll(() => text('videos-count')).toMatch(/^1,200 videos · listing updated/);

    await ui.page.getByTestId('download-all-open').click();
    // 1,200 videos of 5 s: 6,000 s; at 1080p's typical 3.63 Mbit/s about 2.7 GB.
    await expect
      .poll(() => text('download-all-summary'))
      .toBe('1,200 videos would be queued as one job: 1 h 40 min in total, about 2.7 GB at 1080p.');
    expect(await text('download-all-size-basis')).toBe(
      'Size estimated from the lengths at a typical 3.6 Mbit/s for 1080p (audio included); real files vary with the content.',
    );
    expect(await text('download-all-confirm')).toBe('Queue 1,200 videos');
    // The whole tab is known: no "Load all first".
    expect(await ui.page.getByTestId('download-all-load-first').count()).toBe(0);
    await shot('channel-download-all-preview');
    await ui.page.getByTestId('download-all-cancel').click();

    // The labelled figures still fit a phone.
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.goto(`${ui.server.url}/channels/${channelId}`);
    await expect.poll(() => text('tab-stats-text')).toBe('0 downloaded of 1,200 (0 %)');
    await shot('channel-figures-phone');
    expect(await ui.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await ui.page.setViewportSize({ width: 1280, height: 900 });
  }, 120_000);

  it('counts each download of a running job as it happens, without reloading the page', async () => {
    await ui.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    // One job of two videos; the second comes over a slow link, so the job runs on after the first.
    ui.p.setThrottle(ids[1]!, { bytes: 2000, everyMs: 100 });
    const res = await api<DownloadResponse>(ui.server, '/api/videos/download', ui.token, {
      method: 'POST',
      body: { urls: [ids[0], ids[1]].map((id) => `https://www.youtube.com/watch?v=${id}`) },
    });
    expect(res.queued).toBe(2);
    await expect.poll(() => text('tab-stats-text'), { timeout: 60_000 }).toBe('1 downloaded of 1,200 (0 %)');
    expect(await text('channel-tab-figure-videos')).toBe('1 of 1,200 downloaded');
    // Counted while the job still runs, not when it ends.
    const job = await api<JobDetail>(ui.server, `/api/jobs/${res.jobId}`, ui.token);
    expect(job.status).toBe('running');
    expect(await ui.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await api(ui.server, `/api/jobs/${res.jobId}/cancel`, ui.token, { method: 'POST' });
    ui.p.setThrottle(ids[1]!, null);
    expect(ui.errors).toEqual([]);
  }, 90_000);
});
