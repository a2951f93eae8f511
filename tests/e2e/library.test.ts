/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Video } from '@vidkeep/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

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
  const channelId = fakeChannelId('e2e-lib');
  const first = fakeVideoId('e2e-lib-1');
  const second = fakeVideoId('e2e-lib-2');

  const ui = browserSuite({
    scratch: 'e2e-library',
    platform: () => {
      const c = { channelId, channel: 'Library Channel', handle: '@libchan' };
      return {
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
      };
    },
    env: { AUTH_ENABLED: 'false' },
    viewport: { width: 1280, height: 800 },
    timeout: 60_000,
  });
  beforeAll(async () => {
    const res = await fetch(`${ui.server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sleepRequests: 0, downloadRetryCount: 0, downloadSocketTimeoutSeconds: 3 }),
    });
    expect(res.status).toBe(200);
  }, 60_000);

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${ui.server.url}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const video = (id: string) => api<Video>(`/api/videos/${id}`);
  const choose = async (id: string, label: string) => {
    await ui.page.getByTestId(id).click();
    await ui.page.getByRole('option', { name: label, exact: true }).click();
    await ui.page.getByRole('listbox').waitFor({ state: 'detached' });
  };

  it('previews pasted URLs and downloads them with the chosen rating', async () => {
    await ui.page.goto(`${ui.server.url}/downloads`);
    await ui.page
      .getByTestId('download-urls')
      .fill(
        [
          `https://youtu.be/${first}`,
          `https://www.youtube.com/watch?v=${second}`,
          'https://www.youtube.com/@libchan',
        ].join('\n'),
      );
    await expect
      .poll(() => ui.page.getByTestId('url-preview-title').allTextContents())
      .toEqual(['Library chapters clip', 'Library second clip']);
    expect(await ui.page.getByTestId('url-preview-invalid').getAttribute('data-code')).toBe('NOT_A_VIDEO_URL');
    await ui.page.screenshot({ path: join(ARTIFACTS, 'downloads-previews.png'), fullPage: true });
    // Only the two videos go: the channel line is removed, as its preview says.
    await ui.page.getByTestId('download-urls').fill(`https://youtu.be/${first}\nhttps://youtu.be/${second}`);
    await choose('download-rating', 'PG');
    await ui.page.getByTestId('download-submit').click();
    await expect.poll(async () => (await api<{ total: number }>('/api/videos')).total, { timeout: 60_000 }).toBe(2);
    const v = await video(first);
    expect(v).toMatchObject({ normalized_rating: 'PG', rating_source: 'Manual Override' });
    expect(fileRating(v.filePath!)).toBe('mpaa|PG|200|');
  }, 90_000);

  it('rates selected videos from the Library, written into their files', async () => {
    await ui.page.goto(`${ui.server.url}/library`);
    await expect.poll(() => ui.page.getByTestId('library-rating-badge').allTextContents()).toEqual(['PG', 'PG']);
    await ui.page.getByTestId('library-select-page').click();
    await expect.poll(() => ui.page.getByTestId('library-selected-count').textContent()).toContain('2 selected');
    await choose('library-bulk-rating', 'TV-14');
    await ui.page.getByTestId('library-bulk-rate').click();
    await expect
      .poll(() => ui.page.getByTestId('library-bulk-message').textContent())
      .toContain('2 videos rated TV-14');
    await expect.poll(() => ui.page.getByTestId('library-rating-badge').allTextContents()).toEqual(['TV-14', 'TV-14']);
    expect(fileRating((await video(second)).filePath!)).toBe('us-tv|TV-14|500|');
    // The protected filter: nothing is protected yet.
    await choose('library-filter-protected', 'Only protected');
    await ui.page.getByTestId('library-empty').waitFor();
    await ui.page.getByTestId('library-clear-filters').click();
    await expect.poll(() => ui.page.getByTestId('library-item').count()).toBe(2);
    await ui.page.screenshot({ path: join(ARTIFACTS, 'library-bulk.png'), fullPage: true });
  }, 60_000);

  it("shows a video's page with its stored details, files and actions", async () => {
    await ui.page
      .locator(`[data-testid="library-item"][data-source-id="${first}"]`)
      .getByTestId('library-open')
      .click();
    await ui.page.waitForURL(new RegExp(`/library/${first}$`));
    await expect.poll(() => ui.page.getByTestId('video-title').textContent()).toBe('Library chapters clip');
    expect(await ui.page.getByTestId('video-chapters').textContent()).toContain('Opening');
    expect(await ui.page.getByTestId('video-views').textContent()).toContain('views when downloaded');
    const files = await ui.page.getByTestId('video-file').allTextContents();
    expect(files.some((f) => f.includes('.mp4'))).toBe(true);
    expect(files.some((f) => f.includes('.nfo'))).toBe(true);
    expect(await ui.page.getByTestId('video-job').textContent()).toContain('Manual');
    await ui.page.getByTestId('video-protect').click();
    await ui.page.getByTestId('video-protected-badge').waitFor();
    expect((await video(first)).protected).toBe(true);
    await ui.page.screenshot({ path: join(ARTIFACTS, 'video-page.png'), fullPage: true });
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.reload();
    await ui.page.getByTestId('video-title').waitFor();
    await ui.page.screenshot({ path: join(ARTIFACTS, 'video-page-phone.png'), fullPage: true });
    await ui.page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('searches the platform and adds a result to the download box', async () => {
    await ui.page.goto(`${ui.server.url}/downloads`);
    await ui.page.getByTestId('video-search-open').click();
    await ui.page.getByTestId('video-search-query').fill('Library');
    await ui.page.getByTestId('video-search-submit').click();
    const row = ui.page.locator(`[data-testid="video-search-result"][data-source-id="${first}"]`);
    await expect.poll(() => row.getByTestId('video-search-status').textContent()).toContain('In the library');
    await row.getByTestId('video-search-add').click();
    expect(await ui.page.getByTestId('download-urls').inputValue()).toBe(`https://www.youtube.com/watch?v=${first}`);
    expect(ui.errors).toEqual([]);
  }, 60_000);
});
