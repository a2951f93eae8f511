/// <reference lib="dom" />
/**
 * Issue 37, podcast feeds in the browser: a feed made on the channel page, its address copied
 * with the Copy button and read back from the clipboard, then fetched over HTTP as a podcast app
 * would (RSS listing the downloaded episode); its QR code; Settings listing it, and Revoke ending
 * the address. One real server on the fake platform, Debian's Chromium through playwright-core.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadResponse, JobDetail } from '@vidkeep/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { FAST_DOWNLOAD_CONFIG } from '../helpers/downloads.js';
import { api, until } from '../helpers/server-api.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

describe.skipIf(SKIP_BROWSER)('podcast feeds in Chromium', () => {
  const channelId = fakeChannelId('e2e-feeds');
  const episode = fakeVideoId('e2e-feeds-1');

  const ui = browserSuite({
    scratch: 'e2e-feeds',
    platform: () => {
      const c = { channelId, channel: 'Feed Channel', handle: '@e2efeeds' };
      return {
        videos: [{ ...c, id: episode, title: 'Listen to this episode', duration: 5, uploadDate: '20260101' }],
        channels: [{ channelId, handle: '@e2efeeds', name: 'Feed Channel', tabs: { videos: [episode] } }],
      };
    },
    signIn: true,
    timeout: 90_000,
  });
  beforeAll(async () => {
    await api(ui.server, '/api/config', ui.token, { method: 'PATCH', body: FAST_DOWNLOAD_CONFIG });
    await api(ui.server, '/updatechannels', ui.token, {
      method: 'POST',
      body: { add: [{ url: '@e2efeeds', settings: { auto_download_enabled_tabs: '' } }] },
    });
    // The video with its mp3 beside it: the audio feed lists it at once.
    const res = await api<DownloadResponse>(ui.server, '/api/videos/download', ui.token, {
      method: 'POST',
      body: { url: `https://www.youtube.com/watch?v=${episode}`, audioFormat: 'video_mp3' },
    });
    await until(
      async () => {
        const job = await api<JobDetail>(ui.server, `/api/jobs/${res.jobId}`, ui.token);
        if (job.status === 'failed') throw new Error(`the download failed: ${JSON.stringify(job)}`);
        return job.status === 'completed' ? job : undefined;
      },
      'the download',
      60_000,
    );
    await ui.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.server.url });
  }, 90_000);

  const text = async (id: string) => ((await ui.page.getByTestId(id).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const shot = (name: string) => ui.page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  let link = '';
  /** Content-security-policy violations the browser logs (the OPML download goes through a blob: URL). */
  const csp: string[] = [];
  beforeAll(() => {
    ui.page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
  });

  it('makes an audio feed on the channel page, copies its address, and the address serves the episode as RSS', async () => {
    await ui.page.goto(`${ui.server.url}/channels/${channelId}`);
    await ui.page.getByTestId('feeds-make-audio').click();
    const copy = ui.page.locator('[data-testid^="feed-copy-"]').first();
    await copy.waitFor();
    const id = (await copy.getAttribute('data-testid'))!.replace('feed-copy-', '');
    await expect.poll(() => text(`feed-facts-${id}`)).toBe('1 episode · not fetched by a podcast app yet');
    // Only the video format is left to make.
    expect(await ui.page.getByTestId('feeds-make-audio').count()).toBe(0);

    await copy.click();
    await expect.poll(() => text(`feed-copy-state-${id}`)).toBe('Copied');
    link = await ui.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/[^/]+\/feeds\/[A-Za-z0-9_-]{43}\/feed\.xml$/);
    expect(await ui.page.getByTestId(`feed-url-${id}`).inputValue()).toBe(link);

    // A podcast app has no session: plain HTTP to the copied address.
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const rss = await res.text();
    expect(rss).toContain('<rss');
    expect(rss).toContain('<title>Feed Channel');
    expect(rss).toContain('Listen to this episode');
    expect(rss).toMatch(/<enclosure [^>]*url="[^"]*\/feeds\/[^"]+\/media\/[^"]+\.mp3"/);

    // The QR code of the same address, to scan with a phone.
    await ui.page.getByTestId(`feed-qr-toggle-${id}`).click();
    await ui.page.getByTestId(`feed-qr-${id}`).waitFor();
    await ui.page.reload();
    await expect.poll(() => text(`feed-facts-${id}`)).toMatch(/^1 episode · last fetched by a podcast app /);
    await ui.page.getByTestId(`feed-qr-toggle-${id}`).click();
    await shot('channel-feeds');
    // The address, its buttons and the QR code fit a small phone.
    await ui.page.setViewportSize({ width: 360, height: 800 });
    await ui.page.getByTestId(`feed-qr-${id}`).waitFor();
    expect(await ui.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ui.page.getByTestId(`feed-qr-${id}`).screenshot({ path: join(ARTIFACTS, 'channel-feed-qr-phone.png') });
    await ui.page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('lists the feed in Settings with its OPML file, and Revoke ends its address', async () => {
    await ui.page.goto(`${ui.server.url}/settings`);
    const name = ui.page.locator('[data-testid^="feed-name-"]');
    await expect
      .poll(async () => (await name.allTextContents()).map((t) => t.trim()))
      .toEqual(['Audio feed of Feed Channel']);
    const id = (await name.first().getAttribute('data-testid'))!.replace('feed-name-', '');
    // Download OPML: a file podcast apps import, naming the feed's address.
    const [download] = await Promise.all([ui.page.waitForEvent('download'), ui.page.getByTestId('feeds-opml').click()]);
    expect(download.suggestedFilename()).toBe('vidkeep-feeds.opml');
    const opml = await readFile(await download.path(), 'utf8');
    expect(opml).toContain('<opml');
    expect(opml).toContain(`xmlUrl="${link}"`);
    await ui.page.getByTestId('settings-nav-feeds').click();
    await ui.page.getByTestId(`feed-revoke-${id}`).click();
    await ui.page.getByTestId(`feed-revoke-${id}-confirm`).click();
    await expect.poll(() => text('feeds-settings-empty')).toBe('No feeds yet.');
    expect((await fetch(link)).status).toBe(404);
    expect(ui.errors).toEqual([]);
    expect(csp).toEqual([]);
  }, 60_000);
});
