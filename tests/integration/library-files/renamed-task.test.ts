import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduleEntry, ScheduleList } from '@vidkeep/contracts';
import { completeSetup, TestHarness } from '@vidkeep/core/testing';

/**
 * The rescan task moved with the library into its own plugin: `downloader.rescan-files` became
 * `library.rescan-files`. Scripts that call the old key keep working, and a schedule saved under
 * the old key before the upgrade still applies until it is changed.
 */
const h = new TestHarness();
afterEach(() => h.closeAll());

async function bootWithSavedSchedule() {
  const dir = await h.dir();
  await mkdir(join(dir, 'config'), { recursive: true });
  // What an earlier release saved: the task switched off and moved to Mondays at 02:00.
  await writeFile(
    join(dir, 'config', 'config.json'),
    JSON.stringify({ schedules: { 'downloader.rescan-files': { cron: '0 2 * * 1', enabled: false } } }),
  );
  const t = await h.boot({ dir });
  const headers = { 'x-access-token': await completeSetup(t) };
  const entry = async (key: string) =>
    (await t.app.inject({ url: '/api/schedules', headers })).json<ScheduleList>().schedules.find((s) => s.key === key);
  return { t, headers, entry };
}

describe('the rescan task under its new key', () => {
  it('keeps the schedule saved under the old key, and lists only the new key', async () => {
    const { entry } = await bootWithSavedSchedule();
    expect(await entry('downloader.rescan-files')).toBeUndefined();
    expect(await entry('library.rescan-files')).toMatchObject<Partial<ScheduleEntry>>({
      plugin: 'library',
      schedule: '0 2 * * 1',
      enabled: false,
    });
  });

  it('answers to the old key: run it, read its runs, change its schedule', async () => {
    const { t, headers, entry } = await bootWithSavedSchedule();
    const run = await t.app.inject({ method: 'POST', url: '/api/schedules/downloader.rescan-files/run', headers });
    expect(run.statusCode).toBe(202);
    const history = async (key: string) =>
      (await t.app.inject({ url: `/api/schedules/${key}/runs`, headers })).json<{ total: number }>().total;
    expect(await history('downloader.rescan-files')).toBe(1);
    expect(await history('library.rescan-files')).toBe(1);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/schedules/downloader.rescan-files',
      headers,
      payload: { enabled: true },
    });
    expect(patch.statusCode).toBe(200);
    // Saved under the new key, starting from what applied (the Monday cron); the old entry is gone.
    const saved = JSON.parse(await readFile(join(t.configDir, 'config.json'), 'utf8')) as {
      schedules: Record<string, unknown>;
    };
    expect(saved.schedules).toEqual({ 'library.rescan-files': { cron: '0 2 * * 1', enabled: true } });
    expect(await entry('library.rescan-files')).toMatchObject({ schedule: '0 2 * * 1', enabled: true });
  });
});
