/// <reference lib="dom" />
/**
 * Settings generated from each plugin's declared config (issue 33): a third-party plugin outside
 * the built-in ones (`tests/fixtures/server/acme-notes`, no UI code) declares two keys, one of
 * them secret. In Chromium they appear under the plugin's own heading, check what they are given
 * with the plugin's own rules, save (the secret write-only), and the section goes away at once when
 * the plugin is switched off elsewhere. One real server, Debian's Chromium through playwright-core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigSchemaResponse } from '@vidkeep/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../helpers/server-api.js';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT, startServer, type ServerProcess } from '../helpers/server-process.js';
import { ARTIFACTS, checkBrowserSetup, launchChromium, openPage, signInWithToken, SKIP_BROWSER } from './browser.js';

const MANIFEST = join(REPO_ROOT, 'tests/fixtures/server/with-acme-notes.json');

interface Manifest {
  plugins: { id: string }[];
}

describe.skipIf(SKIP_BROWSER)("a third-party plugin's settings in Chromium, with no UI code", () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let dir: string | undefined;
  let token = '';
  const errors: string[] = [];

  beforeAll(async () => {
    checkBrowserSetup();
    dir = await scratchDir('e2e-plugin-settings');
    const configDir = join(dir, 'config');
    server = await startServer({
      CONFIG_DIR: configDir,
      SOURCE_OUTPUT_DIR: join(dir, 'data'),
      PLUGIN_MANIFEST: MANIFEST,
    });
    token = await signUp(server, configDir);
    browser = await launchChromium();
    page = await openPage(browser, errors);
    await signInWithToken(page, server.url, token);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await removeScratch(dir);
  });

  const field = (key: string) => page.locator('mat-form-field', { has: page.getByTestId(`config-${key}`) });
  const schema = () => api<ConfigSchemaResponse>(server, '/api/config/schema', token);

  it('runs every built-in plugin of the repository manifest, plus the third-party one', () => {
    const ours = JSON.parse(readFileSync(join(REPO_ROOT, 'plugin-manifest.json'), 'utf8')) as Manifest;
    const test = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
    expect(test.plugins.map((p) => p.id)).toEqual([...ours.plugins.map((p) => p.id), 'acme-notes']);
  });

  it('shows the keys under the plugin heading, checks them by its rules and saves the secret write-only', async () => {
    const declared = (await schema()).plugins.find((p) => p.id === 'acme-notes');
    expect(declared?.fields.map((f) => [f.key, f.kind])).toEqual([
      ['acmeNotesPerPage', 'integer'],
      ['acmeNotesToken', 'secret'],
    ]);

    await page.goto(`${server.url}/settings`);
    const group = page.getByTestId('config-group-acme-notes');
    await expect.poll(() => group.locator('legend').textContent(), { timeout: 15_000 }).toBe('Acme notes');
    expect(await field('acmeNotesPerPage').locator('mat-label').textContent()).toBe('Notes per page');
    expect(await field('acmeNotesPerPage').textContent()).toContain('5–50 notes');
    expect(await page.getByTestId('config-acmeNotesPerPage').inputValue()).toBe('10');
    expect(await page.getByTestId('config-acmeNotesToken').getAttribute('type')).toBe('password');
    expect(await page.getByTestId('config-secret-acmeNotesToken').textContent()).toContain('not set');

    // The plugin's own rules, checked while typing, as the server would answer them.
    await page.getByTestId('config-acmeNotesPerPage').fill('3');
    await page.getByTestId('config-acmeNotesToken').fill('NOT-OK');
    await page.getByTestId('config-save').click();
    await expect.poll(() => field('acmeNotesPerPage').locator('mat-error').textContent()).toBe('Must be at least 5');
    await expect
      .poll(() => field('acmeNotesToken').locator('mat-error').textContent())
      .toBe('Lower-case letters and digits only');
    const refused = await fetch(`${server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ acmeNotesToken: 'NOT-OK' }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Lower-case letters and digits only');
    await page.screenshot({ path: join(ARTIFACTS, 'settings-third-party-plugin.png'), fullPage: true });

    await page.getByTestId('config-acmeNotesPerPage').fill('20');
    await page.getByTestId('config-acmeNotesToken').fill('abc123');
    await page.getByTestId('config-save').click();
    await expect.poll(() => page.getByTestId('config-status').textContent()).toBe('Saved 2 settings.');
    const view = await api<Record<string, unknown> & { configuredSecrets: string[] }>(server, '/getconfig', token);
    expect(view['acmeNotesPerPage']).toBe(20);
    expect(view.configuredSecrets).toContain('acmeNotesToken');
    expect(view).not.toHaveProperty('acmeNotesToken');
    expect(await page.getByTestId('config-secret-acmeNotesToken').textContent()).toContain('set');
    expect(await page.getByTestId('config-acmeNotesToken').inputValue()).toBe('');
  }, 60_000);

  it('loses the section at once when the plugin is switched off, and gets it back when switched on', async () => {
    await page.goto(`${server.url}/settings`);
    await expect.poll(() => page.getByTestId('config-group-acme-notes').count(), { timeout: 15_000 }).toBe(1);
    // Switched off through the API, as another tab or a script would: this page is not reloaded.
    await api(server, '/api/plugins/acme-notes', token, { method: 'PATCH', body: { enabled: false } });
    await expect.poll(() => page.getByTestId('config-group-acme-notes').count(), { timeout: 15_000 }).toBe(0);
    expect((await schema()).plugins.find((p) => p.id === 'acme-notes')?.enabled).toBe(false);
    expect(await page.getByTestId('config-group-downloader').count()).toBe(1);

    await api(server, '/api/plugins/acme-notes', token, { method: 'PATCH', body: { enabled: true } });
    await expect.poll(() => page.getByTestId('config-group-acme-notes').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('config-acmeNotesPerPage').inputValue()).toBe('20');
    expect(errors).toEqual([]);
  }, 60_000);
});
