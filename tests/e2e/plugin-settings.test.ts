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
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server-api.js';
import { REPO_ROOT } from '../helpers/server-process.js';
import { ARTIFACTS, SKIP_BROWSER } from './browser.js';
import { browserSuite } from './suite.js';

const MANIFEST = join(REPO_ROOT, 'tests/fixtures/server/with-acme-notes.json');

interface Manifest {
  plugins: { id: string }[];
}

describe.skipIf(SKIP_BROWSER)("a third-party plugin's settings in Chromium, with no UI code", () => {
  const ui = browserSuite({
    scratch: 'e2e-plugin-settings',
    env: { PLUGIN_MANIFEST: MANIFEST },
    signIn: true,
    timeout: 90_000,
  });

  const field = (key: string) => ui.page.locator('mat-form-field', { has: ui.page.getByTestId(`config-${key}`) });
  const schema = () => api<ConfigSchemaResponse>(ui.server, '/api/config/schema', ui.token);

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

    await ui.page.goto(`${ui.server.url}/settings`);
    const group = ui.page.getByTestId('config-group-acme-notes');
    await expect.poll(() => group.locator('legend').textContent(), { timeout: 15_000 }).toBe('Acme notes');
    expect(await field('acmeNotesPerPage').locator('mat-label').textContent()).toBe('Notes per page');
    expect(await field('acmeNotesPerPage').textContent()).toContain('5–50 notes');
    expect(await ui.page.getByTestId('config-acmeNotesPerPage').inputValue()).toBe('10');
    expect(await ui.page.getByTestId('config-acmeNotesToken').getAttribute('type')).toBe('password');
    expect(await ui.page.getByTestId('config-secret-acmeNotesToken').textContent()).toContain('not set');

    // The plugin's own rules, checked while typing, as the server would answer them.
    await ui.page.getByTestId('config-acmeNotesPerPage').fill('3');
    await ui.page.getByTestId('config-acmeNotesToken').fill('NOT-OK');
    await ui.page.getByTestId('config-save').click();
    await expect.poll(() => field('acmeNotesPerPage').locator('mat-error').textContent()).toBe('Must be at least 5');
    await expect
      .poll(() => field('acmeNotesToken').locator('mat-error').textContent())
      .toBe('Lower-case letters and digits only');
    const refused = await fetch(`${ui.server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'x-access-token': ui.token, 'content-type': 'application/json' },
      body: JSON.stringify({ acmeNotesToken: 'NOT-OK' }),
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Lower-case letters and digits only');
    await ui.page.screenshot({ path: join(ARTIFACTS, 'settings-third-party-plugin.png'), fullPage: true });

    await ui.page.getByTestId('config-acmeNotesPerPage').fill('20');
    await ui.page.getByTestId('config-acmeNotesToken').fill('abc123');
    await ui.page.getByTestId('config-save').click();
    await expect.poll(() => ui.page.getByTestId('config-status').textContent()).toBe('Saved 2 settings.');
    const view = await api<Record<string, unknown> & { configuredSecrets: string[] }>(
      ui.server,
      '/getconfig',
      ui.token,
    );
    expect(view['acmeNotesPerPage']).toBe(20);
    expect(view.configuredSecrets).toContain('acmeNotesToken');
    expect(view).not.toHaveProperty('acmeNotesToken');
    expect(await ui.page.getByTestId('config-secret-acmeNotesToken').textContent()).toContain('set');
    expect(await ui.page.getByTestId('config-acmeNotesToken').inputValue()).toBe('');
  }, 60_000);

  it('loses the section at once when the plugin is switched off, and gets it back when switched on', async () => {
    await ui.page.goto(`${ui.server.url}/settings`);
    await expect.poll(() => ui.page.getByTestId('config-group-acme-notes').count(), { timeout: 15_000 }).toBe(1);
    // Switched off through the API, as another tab or a script would: this page is not reloaded.
    await api(ui.server, '/api/plugins/acme-notes', ui.token, { method: 'PATCH', body: { enabled: false } });
    await expect.poll(() => ui.page.getByTestId('config-group-acme-notes').count(), { timeout: 15_000 }).toBe(0);
    expect((await schema()).plugins.find((p) => p.id === 'acme-notes')?.enabled).toBe(false);
    expect(await ui.page.getByTestId('config-group-downloader').count()).toBe(1);

    await api(ui.server, '/api/plugins/acme-notes', ui.token, { method: 'PATCH', body: { enabled: true } });
    await expect.poll(() => ui.page.getByTestId('config-group-acme-notes').count(), { timeout: 15_000 }).toBe(1);
    expect(await ui.page.getByTestId('config-acmeNotesPerPage').inputValue()).toBe('20');
    expect(ui.errors).toEqual([]);
  }, 60_000);
});
