/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Video } from '@vidkeep/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../fakes/platform/index.js';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { ARTIFACTS, checkBrowserSetup, launchChromium, openPage, SKIP_BROWSER } from './browser.js';

/** The content rating a media server reads from the file (ffprobe's `iTunEXTC` tag). */
const fileRating = (file: string) =>
  (
    JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file], {
        encoding: 'utf8',
      }),
    ) as { format: { tags?: Record<string, string> } }
  ).format.tags?.iTunEXTC;

/**
 * Library management in a real browser against a real server and the fake platform: previewing
 * pasted URLs, a rating chosen for a download, bulk rating from the Library, a video's page, and
 * the platform search.
 */
describe.skipIf(SKIP_BROWSER)('library management in Chromium', () => {
  let p: FakePlatform;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let dir: string | undefined;
  const channelId = fakeChannelId('e2e-lib');
  const first = fakeVideoId('e2e-lib-1');
  const second = fakeVideoId('e2e-lib-2');
  const errors: string[] = [];

  beforeAll(async () => {
    checkBrowserSetup();
    const c = { channelId, channel: 'Library Channel', handle: '@libchan' };
    p = await startFakePlatform({
      videos: [
        {
          ...c,
          id: first,
          title: 'Library chapters clip',
          tags: ['library'],
          chapters: [
            { title: 'Opening', start_time: 0, end_time: 2 },
            { title: 'Rest', start_time: 2, end_time: 5 },
          ],
        },
        { ...c, id: second, title: 'Library second clip' },
      ],
      channels: [{ channelId, handle: '@libchan', name: 'Library Channel', tabs: { videos: [second, first] } }],
    });
    dir = await scratchDir('e2e-library');
    server = await startServer({
      ...p.env,
      CONFIG_DIR: join(dir, 'config'),
      SOURCE_OUTPUT_DIR: join(dir, 'data'),
      AUTH_ENABLED: 'false',
    });
    const res = await fetch(`${server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sleepRequests: 0, downloadRetryCount: 0, downloadSocketTimeoutSeconds: 3 }),
    });
    expect(res.status).toBe(200);
    browser = await launchChromium();
    page = await openPage(browser, errors, { width: 1280, height: 800 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await p?.close();
    await removeScratch(dir);
  });

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const video = (id: string) => api<Video>(`/api/videos/${id}`);
  const choose = async (id: string, label: string) => {
    await page.getByTestId(id).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  };

  it('previews pasted URLs and downloads them with the chosen rating', async () => {
    await page.goto(`${server.url}/downloads`);
    await page
      .getByTestId('download-urls')
      .fill(
        [
          `https://youtu.be/${first}`,
          `https://www.youtube.com/watch?v=${second}`,
          'https://www.youtube.com/@libchan',
        ].join('\n'),
      );
    await expect
      .poll(() => page.getByTestId('url-preview-title').allTextContents())
      .toEqual(['Library chapters clip', 'Library second clip']);
    expect(await page.getByTestId('url-preview-invalid').getAttribute('data-code')).toBe('NOT_A_VIDEO_URL');
    await page.screenshot({ path: join(ARTIFACTS, 'downloads-previews.png'), fullPage: true });
    // Only the two videos go: the channel line is removed, as its preview says.
    await page.getByTestId('download-urls').fill(`https://youtu.be/${first}\nhttps://youtu.be/${second}`);
    await choose('download-rating', 'PG');
    await page.getByTestId('download-submit').click();
    await expect.poll(async () => (await api<{ total: number }>('/api/videos')).total, { timeout: 60_000 }).toBe(2);
    const v = await video(first);
    expect(v).toMatchObject({ normalized_rating: 'PG', rating_source: 'Manual Override' });
    expect(fileRating(v.filePath!)).toBe('mpaa|PG|200|');
  }, 90_000);

  it('rates selected videos from the Library, written into their files', async () => {
    await page.goto(`${server.url}/library`);
    await expect.poll(() => page.getByTestId('library-rating-badge').allTextContents()).toEqual(['PG', 'PG']);
    await page.getByTestId('library-select-page').click();
    await expect.poll(() => page.getByTestId('library-selected-count').textContent()).toContain('2 selected');
    await choose('library-bulk-rating', 'TV-14');
    await page.getByTestId('library-bulk-rate').click();
    await expect.poll(() => page.getByTestId('library-bulk-message').textContent()).toContain('2 videos rated TV-14');
    await expect.poll(() => page.getByTestId('library-rating-badge').allTextContents()).toEqual(['TV-14', 'TV-14']);
    expect(fileRating((await video(second)).filePath!)).toBe('us-tv|TV-14|500|');
    // The protected filter: nothing is protected yet.
    await choose('library-filter-protected', 'Only protected');
    await page.getByTestId('library-empty').waitFor();
    await page.getByTestId('library-clear-filters').click();
    await expect.poll(() => page.getByTestId('library-item').count()).toBe(2);
    await page.screenshot({ path: join(ARTIFACTS, 'library-bulk.png'), fullPage: true });
  }, 60_000);

  it("shows a video's page with its stored details, files and actions", async () => {
    await page.locator(`[data-testid="library-item"][data-source-id="${first}"]`).getByTestId('library-open').click();
    await page.waitForURL(new RegExp(`/library/${first}$`));
    await expect.poll(() => page.getByTestId('video-title').textContent()).toBe('Library chapters clip');
    expect(await page.getByTestId('video-chapters').textContent()).toContain('Opening');
    expect(await page.getByTestId('video-views').textContent()).toContain('views when downloaded');
    const files = await page.getByTestId('video-file').allTextContents();
    expect(files.some((f) => f.includes('.mp4'))).toBe(true);
    expect(files.some((f) => f.includes('.nfo'))).toBe(true);
    expect(await page.getByTestId('video-job').textContent()).toContain('Manual');
    await page.getByTestId('video-protect').click();
    await page.getByTestId('video-protected-badge').waitFor();
    expect((await video(first)).protected).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'video-page.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('video-title').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'video-page-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('searches the platform and adds a result to the download box', async () => {
    await page.goto(`${server.url}/downloads`);
    await page.getByTestId('video-search-open').click();
    await page.getByTestId('video-search-query').fill('Library');
    await page.getByTestId('video-search-submit').click();
    const row = page.locator(`[data-testid="video-search-result"][data-source-id="${first}"]`);
    await expect.poll(() => row.getByTestId('video-search-status').textContent()).toContain('In the library');
    await row.getByTestId('video-search-add').click();
    expect(await page.getByTestId('download-urls').inputValue()).toBe(`https://www.youtube.com/watch?v=${first}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
