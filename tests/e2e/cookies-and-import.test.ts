/// <reference lib="dom" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

const SESSION = { name: 'LOGIN_INFO', value: 'e2e-signed-in-session' };

/**
 * Issue 17's tool settings and subscription import in Chromium against the real server and the
 * fake platform: Settings → Cookies, the custom-argument check, the Data API key test, and
 * Import subscriptions from a CSV and from cookies.
 */
describe.skipIf(SKIP_BROWSER)('cookies, tool settings and import in Chromium', () => {
  const channels = ['alpha', 'beta', 'gamma', 'delta'].map((seed, i) => ({
    channelId: fakeChannelId(`e2e-import-${seed}`),
    handle: `@e2e${seed}`,
    name: `E2E ${seed[0]!.toUpperCase()}${seed.slice(1)}`,
    tabs: { videos: [fakeVideoId(`e2e-import-${i}`)] },
  }));
  const file = (name: string, text: string) => {
    const path = join(ui.dir!, name);
    writeFileSync(path, text);
    return path;
  };
  const text = async (id: string) =>
    ((await ui.page.getByTestId(id).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

  const ui = browserSuite({
    scratch: 'e2e-import',
    platform: () => ({
      channels,
      account: { cookie: SESSION, subscriptions: [channels[2]!.channelId, channels[3]!.channelId] },
    }),
    env: { AUTH_ENABLED: 'false', LOG_LEVEL: 'info' },
    timeout: 60_000,
  });

  it('uploads cookies on the Cookies card, reached from its link, and shows them signed in', async () => {
    await ui.page.goto(`${ui.server.url}/settings#cookies`);
    await expect.poll(() => ui.page.evaluate(() => document.activeElement?.id)).toBe('settings-cookies');
    expect(await text('cookies-state')).toBe('No cookie file');
    const cookies = file(
      'cookies.txt',
      `# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t0\t${SESSION.name}\t${SESSION.value}\n`,
    );
    await ui.page.getByTestId('cookies-drop-input').setInputFiles(cookies);
    await expect.poll(() => text('cookies-state')).toBe('In use');
    expect(await text('cookies-signed-in')).toBe('Signed in (LOGIN_INFO)');
    // The upload turned cookies on, and the form shows it.
    await expect
      .poll(() => ui.page.getByTestId('config-cookiesEnabled').locator('button').getAttribute('aria-checked'))
      .toBe('true');
    await ui.page.getByTestId('cookies-status').scrollIntoViewIfNeeded();
    await ui.page.screenshot({ path: join(ARTIFACTS, 'settings-cookies.png') });
  }, 60_000);

  it('names a refused custom option while typing, and the save refuses it on the field', async () => {
    const field = ui.page.getByTestId('config-ytdlpCustomArgs');
    await field.fill('--embed-chapters --exec "rm -rf ~"');
    await expect.poll(() => text('custom-args-option')).toBe('--exec');
    await ui.page.getByTestId('config-save').click();
    await expect
      .poll(async () => (await field.locator('xpath=ancestor::mat-form-field').textContent()) ?? '')
      .toContain('--exec is not allowed');
    await field.fill('--embed-chapters');
    await expect.poll(() => text('custom-args-ok')).toBe('✓ yt-dlp accepts these arguments.');
  }, 60_000);

  it('tests a Data API key without saving it', async () => {
    await ui.page.getByTestId('config-sourceApiKey').fill('test-data-api-key');
    await ui.page.getByTestId('api-key-test').click();
    await expect.poll(() => text('api-key-test-result')).toMatch(/^✓ The key works\./);
    await ui.page.getByTestId('config-sourceApiKey').fill('wrong-key');
    await ui.page.getByTestId('api-key-test').click();
    await expect.poll(() => text('api-key-test-code')).toBe('KEY_INVALID');
  }, 30_000);

  it('imports subscriptions from the account export, with the bad row reported, and lists them', async () => {
    await ui.page.goto(`${ui.server.url}/channels`);
    await ui.page.getByTestId('channels-import-toggle').click();
    const csv = file(
      'subscriptions.csv',
      [
        'Channel Id,Channel Url,Channel Title',
        ...channels.slice(0, 3).map((c) => `${c.channelId},http://www.youtube.com/channel/${c.channelId},${c.name}`),
        'broken row without an id,,',
      ].join('\n'),
    );
    await ui.page.getByTestId('import-drop-takeout-input').setInputFiles(csv);
    await expect.poll(() => text('import-found')).toBe('Found 3 channels.');
    await ui.page.getByTestId('import-problems').locator('summary').click();
    expect(await text('import-problems')).toContain('Line 5: No channel id');
    await ui.page.screenshot({ path: join(ARTIFACTS, 'channels-import-preview.png'), fullPage: true });
    await ui.page.getByTestId('import-start').click();
    // A finished import that went otherwise shows each failed channel's reason in the failure.
    const outcome = async () => {
      const status = await text('import-status');
      if (!status.startsWith('Done') || status === 'Done: 3 subscribed.') return status;
      const failed = ui.page.locator('[data-testid="import-result"]:not([data-state="success"])');
      return `${status} ${(await failed.allTextContents()).join(' | ')}`;
    };
    await expect.poll(outcome, { timeout: 60_000 }).toBe('Done: 3 subscribed.');
    await expect.poll(() => ui.page.locator('[data-testid="import-result"][data-state="success"]').count()).toBe(3);
    await expect.poll(() => ui.page.getByTestId('channel-item').count()).toBe(3);
    await ui.page.screenshot({ path: join(ARTIFACTS, 'channels-import-results.png'), fullPage: true });
  }, 90_000);

  it('previews the subscriptions of a signed-in browser from its cookies', async () => {
    await ui.page.getByTestId('import-again').click();
    await ui.page.getByTestId('import-source').getByText('Signed-in browser (cookies)').click();
    const cookies = file(
      'browser-cookies.txt',
      `# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t0\t${SESSION.name}\t${SESSION.value}\n`,
    );
    await ui.page.getByTestId('import-drop-cookies-input').setInputFiles(cookies);
    await expect.poll(() => text('import-found')).toBe('Found 2 channels; 1 already subscribed.');
    expect(await text('import-already')).toBe('already subscribed');
    expect(await text('import-start')).toBe('Import 1 channel');
    expect(ui.errors).toEqual([]);
  }, 60_000);

  it('fits a phone: the preview and the Cookies card stay within 360 px', async () => {
    const wide = () =>
      ui.page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((e) => `${e.tagName.toLowerCase()}.${Array.from(e.classList).join('.')}`)
          .slice(0, 5),
      );
    await ui.page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(wide).toEqual([]);
    await ui.page.screenshot({ path: join(ARTIFACTS, 'channels-import-phone.png'), fullPage: true });
    await ui.page.goto(`${ui.server.url}/settings#cookies`);
    await ui.page.getByTestId('cookies-state').waitFor();
    await expect.poll(wide).toEqual([]);
    await ui.page.setViewportSize({ width: 1280, height: 900 });
  }, 30_000);
});
