/**
 * Boots the real vidkeep core with this plugin loaded from a manifest entry, as an operator's
 * manifest would load it, on a temporary folder with a real SQLite file.
 */
import { fileURLToPath } from 'node:url';
import { completeSetup, startCore, type TestApp } from '@vidkeep/plugin-kit/testing';
import { afterEach, expect, it } from 'vitest';

const plugin = (options: Record<string, unknown> = {}) => ({
  id: 'acme-guestbook',
  package: fileURLToPath(new URL('../src/index.ts', import.meta.url)),
  options,
});

let apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.reverse()) await t.close();
  apps = [];
});

async function start(options?: Record<string, unknown>, dir?: string) {
  const t = await startCore({ plugins: [plugin(options)], ...(dir ? { dir } : {}) });
  apps.push(t);
  return t;
}

it('keeps signatures across a restart, and its nightly task runs', async () => {
  const t = await start();
  const headers = { 'x-access-token': await completeSetup(t) };
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/acme-guestbook/entries',
    headers,
    payload: { name: 'Ann', message: 'Hello' },
  });
  expect(signed.statusCode).toBe(200);
  expect(signed.json()).toMatchObject({ id: 1, name: 'Ann', message: 'Hello' });

  const bad = await t.app.inject({
    method: 'POST',
    url: '/api/acme-guestbook/entries',
    headers,
    payload: { name: '' },
  });
  expect(bad.statusCode).toBe(400);

  const run = await t.app.inject({ method: 'POST', url: '/api/schedules/acme-guestbook.tidy/run', headers });
  expect(run.statusCode).toBeLessThan(300);

  // Restart on the same folder: the migration does not run again and the entry is still there.
  await t.close({ keepDir: true });
  apps = [];
  const again = await start({}, t.dir);
  const listed = await again.app.inject({ url: '/api/acme-guestbook/entries', headers });
  expect(listed.json<{ entries: { name: string }[] }>().entries.map((e) => e.name)).toEqual(['Ann']);
});

it('answers a full guestbook with its own error code', async () => {
  const t = await start({ maxEntries: 1 });
  const headers = { 'x-access-token': await completeSetup(t) };
  const sign = () =>
    t.app.inject({ method: 'POST', url: '/api/acme-guestbook/entries', headers, payload: { name: 'A', message: 'B' } });
  expect((await sign()).statusCode).toBe(200);
  const full = await sign();
  expect(full.statusCode).toBe(400);
  expect(full.json()).toMatchObject({ code: 'ACME_GUESTBOOK_FULL' });
});

it('refuses options the manifest gets wrong', async () => {
  await expect(start({ maxEntries: 0 })).rejects.toThrow(
    /Plugin "acme-guestbook": invalid options: options\/maxEntries/,
  );
});
