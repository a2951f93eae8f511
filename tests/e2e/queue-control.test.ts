/// <reference lib="dom" />
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

/**
 * Queue control on the Downloads page: pause and resume the queue, then one running job, then the
 * platform's cool-down after a 429.
 */
describe.skipIf(SKIP_BROWSER)('Queue control in Chromium', () => {
  const channelId = fakeChannelId('e2e-queue');
  const ids = {
    quick: fakeVideoId('e2e-queue-quick'),
    slow: fakeVideoId('e2e-queue-slow'),
    busy: fakeVideoId('e2e-queue-busy'),
  };

  const ui = browserSuite({
    scratch: 'e2e-queue',
    platform: () => {
      const common = { channelId, channel: 'Queue Channel', handle: '@queuechannel', heights: [360] };
      return {
        videos: [
          { ...common, id: ids.quick, title: 'Waits for the queue' },
          { ...common, id: ids.slow, title: 'Slow download', throttle: { bytes: 4_000, everyMs: 100 } },
          { ...common, id: ids.busy, title: 'Platform says slow down', failure: 'http-429' },
        ],
      };
    },
    env: { AUTH_ENABLED: 'false' },
    timeout: 120_000,
  });

  const page = () => ui.page;
  const read = async (testId: string, within = page().locator('body')) =>
    ((await within.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  /** The queue's card of the job of one video. */
  const jobOf = (id: string) =>
    page().locator('[data-testid="queue-job"]', { has: page().locator(`[data-source-id="${id}"]`) });
  const queueUrl = async (id: string) => {
    await page().getByTestId('download-urls').fill(`https://www.youtube.com/watch?v=${id}`);
    await page().getByTestId('download-submit').click();
    await expect.poll(() => read('download-message'), { timeout: 30_000 }).toMatch(/queued/i);
  };

  it('pauses the queue: a new download waits with the notice, and runs once the queue is resumed', async () => {
    await page().goto(`${ui.server.url}/downloads`);
    await expect.poll(() => read('queue-bar-state')).toContain('Queue running');
    await page().getByTestId('queue-pause').click();
    await expect.poll(() => read('queue-bar-state')).toContain('Queue paused');
    expect(await read('queue-paused-notice')).toBe(
      'Queue paused: no download starts until you resume it. Running downloads stopped and will continue where they stopped.',
    );

    await queueUrl(ids.quick);
    const job = jobOf(ids.quick);
    await expect.poll(() => read('queue-job-status', job)).toBe('queued');
    await expect.poll(() => read('queue-bar-state')).toContain('1 waiting');
    // Still waiting a while later: the paused queue starts nothing.
    await page().waitForTimeout(2_000);
    expect(await read('queue-job-status', job)).toBe('queued');
    expect(await read('queue-video-state', job)).toBe('queued');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page()
      .getByTestId('queue')
      .screenshot({ path: join(ARTIFACTS, 'queue-paused.png') });

    // After a reload the queue is still paused (the server keeps it).
    await page().reload();
    await expect.poll(() => read('queue-bar-state')).toContain('Queue paused');
    await page().getByTestId('queue-resume').click();
    await expect.poll(() => read('queue-bar-state')).toContain('Queue running');
    expect(await page().getByTestId('queue-paused-notice').count()).toBe(0);
    await expect.poll(() => read('queue-job-status', jobOf(ids.quick)), { timeout: 60_000 }).toBe('completed');
    expect(await read('queue-video-state', jobOf(ids.quick))).toBe('completed');
  }, 120_000);

  it('pauses a running download: it shows Paused, stays put, and completes once resumed', async () => {
    await queueUrl(ids.slow);
    const job = jobOf(ids.slow);
    await expect.poll(() => read('queue-job-status', job), { timeout: 30_000 }).toBe('running');
    await expect.poll(() => read('queue-video-progress', job), { timeout: 30_000 }).toMatch(/\d/);
    await job.getByTestId('queue-job-pause').click();
    await expect.poll(() => read('queue-job-paused', job)).toBe('Paused');
    await expect.poll(() => read('queue-job-status', job)).toBe('queued');
    await expect.poll(() => read('queue-bar-state')).toContain('1 waiting (1 paused)');
    expect(await job.getByTestId('queue-job-front').isVisible()).toBe(true);
    await page().waitForTimeout(1_500);
    expect(await read('queue-job-status', job)).toBe('queued');
    await page()
      .getByTestId('queue')
      .screenshot({ path: join(ARTIFACTS, 'queue-job-paused.png') });
    // On a 360 px phone the queue bar and the job's buttons wrap instead of running off the side.
    await page().setViewportSize({ width: 360, height: 800 });
    await page().waitForTimeout(300);
    const tooWide = await page().evaluate(() =>
      Array.from(document.querySelectorAll('app-active-queue *'))
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => `${e.tagName.toLowerCase()} ${e.textContent?.trim().slice(0, 30)}`)
        .slice(0, 5),
    );
    expect(tooWide).toEqual([]);
    await page()
      .getByTestId('queue')
      .screenshot({ path: join(ARTIFACTS, 'queue-job-paused-phone.png') });
    await page().setViewportSize({ width: 1280, height: 900 });

    // The rest arrives at full speed, so the test need not wait for the slow link.
    ui.p.setThrottle(ids.slow, null);
    await job.getByTestId('queue-job-resume').click();
    await expect.poll(() => job.getByTestId('queue-job-paused').count()).toBe(0);
    await expect.poll(() => read('queue-job-status', job), { timeout: 60_000 }).toBe('completed');
    expect(await read('queue-video-state', job)).toBe('completed');
    expect(ui.errors).toEqual([]);
  }, 120_000);

  it('shows the cool-down after a 429: until when, why, and that one request of yours still goes through', async () => {
    const res = await fetch(`${ui.server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platformCooldownMinutes: 15, platformRequestsPerHour: 36000 }),
    });
    expect(res.status).toBe(200);
    await page().reload();
    await expect.poll(() => read('platform-usage')).toMatch(/^Requests this hour: \d+ of 36000$/);
    await queueUrl(ids.busy);
    await expect
      .poll(() => read('platform-cooldown'), { timeout: 30_000 })
      .toMatch(
        /^Cooling down until \d\d:\d\d: the platform asked us to slow down \(429\)\. A download you ask for now still goes through once\.$/,
      );
    // The video waits for the cool-down instead of failing.
    const job = jobOf(ids.busy);
    await expect.poll(() => read('queue-job-status', job)).toBe('queued');
    expect(await read('queue-video-state', job)).toBe('queued');
    await page()
      .getByTestId('queue')
      .screenshot({ path: join(ARTIFACTS, 'queue-cooling-down.png') });
    // Still there after a reload: the server keeps the cool-down.
    await page().reload();
    await expect.poll(() => read('platform-cooldown')).toContain('Cooling down until');
    expect(ui.errors).toEqual([]);
  }, 90_000);
});
