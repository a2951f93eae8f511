import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { PlaylistDetail } from '@vidkeep/contracts';
import { startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { startFakePlexServer } from '../../fakes/mediaservers/plex.js';
import type { FakeMediaServer } from '../../fakes/mediaservers/types.js';
import { call, until } from '../channels/helpers.js';
import { LIST, startWorld, type World } from '../mediaservers/conformance/setup.js';
import { downloadAndIndex, fileOf, sql, statusOf, syncNow } from './world.js';

/** The Plex-type history cursor (spec 2.12) and two servers at once, one of them down. */
describe('watch status: the Plex-type history cursor, and a server down while another syncs', () => {
  const h = new TestHarness();
  let w: World;
  let jf: FakeMediaServer;
  /** Requests the fake Plex served since the mark. */
  let mark = 0;
  const plexSince = () => w.fake.requests.slice(mark).map((r) => r.path.split('?')[0]!);

  beforeAll(async () => {
    w = await startWorld(h, 'plex', startFakePlexServer, { resolveBackoffSeconds: [0.2, 0.5, 1, 2] });
    jf = await startJellyfin({ outputDir: w.outputDir });
    expect((await call(w.app, 'PATCH', '/api/config', jf.config)).status).toBe(200);
    await downloadAndIndex(w, [1, 2]);
    await until(
      async () => {
        const d = (await call<PlaylistDetail>(w.app, 'GET', `/api/playlists/${LIST}`)).body;
        return d.sync_state.find((s) => s.server === 'jellyfin')?.items_synced === 2 ? true : undefined;
      },
      30_000,
      'Jellyfin indexing both videos',
    );
  }, 90_000);
  afterAll(async () => {
    await h.closeAll();
    await jf?.close();
    await w?.fake.close();
    await w?.p.close();
  });

  it('a first Plex sync reads the libraries and the whole history', async () => {
    w.fake.watching.play(await fileOf(w, 1), '1');
    mark = w.fake.requests.length;
    const run = await syncNow(w);
    expect(run.servers).toMatchObject({ plex: { users: 1 }, jellyfin: { users: 2 } });
    expect(plexSince()).toContain('/library/sections/1/all');
    expect(plexSince()).toContain('/status/sessions/history/all');
    expect((await sql(w, 'select count(*) as n from watch_status_cursors'))[0]).toEqual({ n: 1 });
    expect((await statusOf(w, 1)).watched_by).toEqual(['admin (Plex)']);
  });

  it('later syncs ask only for plays since the cursor: no library listing, nothing written when nothing changed', async () => {
    mark = w.fake.requests.length;
    const unchanged = await syncNow(w);
    expect(unchanged.servers.plex).toMatchObject({ updated: 0 });
    expect(plexSince()).not.toContain('/library/sections/1/all');
    // The accounts and the plays since the cursor: nothing already read is read again.
    expect(plexSince()).toEqual(['/accounts', '/status/sessions/history/all']);

    w.fake.watching.play(await fileOf(w, 2), '1');
    mark = w.fake.requests.length;
    const run = await syncNow(w);
    expect(run.servers.plex).toMatchObject({ updated: 1 });
    expect(plexSince()).not.toContain('/library/sections/1/all');
    expect((await statusOf(w, 2)).statuses.find((s) => s.server === 'plex')).toMatchObject({
      played: true,
      playCount: 1,
    });
  });

  it('deleting the cursor row forces a full rescan at the next sync', async () => {
    await sql(w, "delete from watch_status_cursors where server_type = 'plex'");
    mark = w.fake.requests.length;
    const run = await syncNow(w);
    expect(plexSince()).toContain('/library/sections/1/all');
    expect(run.servers.plex).toMatchObject({ updated: 0 }); // the same states, found again
    expect((await sql(w, 'select count(*) as n from watch_status_cursors'))[0]).toEqual({ n: 1 });
  });

  it('one server down: the other syncs, the down one reports why in plain words', async () => {
    const user = jf.watching.users().find((u) => !u.primary)!;
    jf.watching.play(await fileOf(w, 2), user.id);
    jf.fail('down');
    const run = await syncNow(w);
    expect(run.servers.jellyfin).toEqual({ error: expect.stringMatching(/Jellyfin.*(refused|reach)/i) });
    expect(run.servers.plex).toMatchObject({ updated: 0 });
    // What Jellyfin said before stays: absence of an answer is not "unwatched".
    const two = await statusOf(w, 2);
    expect(two.statuses.filter((s) => s.server === 'jellyfin')).toHaveLength(2);
    jf.fail('none');
    const again = await syncNow(w);
    expect(again.servers.jellyfin).toMatchObject({ updated: 1 });
    expect((await statusOf(w, 2)).watched_by).toEqual(
      expect.arrayContaining(['admin (Plex)', `${user.name} (Jellyfin)`]),
    );
  });

  it('the sync is a scheduled task that follows watchStatusSyncFrequency and watchStatusSyncEnabled; 409 while one runs', async () => {
    const task = async () =>
      (
        await call<{ schedules: { key: string; schedule: string; enabled: boolean }[] }>(w.app, 'GET', '/api/schedules')
      ).body.schedules.find((t) => t.key === 'watch-status.sync');
    expect(await task()).toMatchObject({ schedule: '0 */4 * * *', enabled: true });
    await call(w.app, 'PATCH', '/api/config', {
      watchStatusSyncFrequency: '30 2 * * *',
      watchStatusSyncEnabled: false,
    });
    expect(await task()).toMatchObject({ schedule: '30 2 * * *', enabled: false });
    // A manual sync still works with the schedule off; a second one at the same time is refused.
    const [first, second] = await Promise.all([
      call(w.app, 'POST', '/api/mediaservers/watch-status/sync'),
      call(w.app, 'POST', '/api/mediaservers/watch-status/sync'),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body).toMatchObject({ code: 'WATCH_STATUS_SYNC_RUNNING' });
    await until(
      async () =>
        (await call(w.app, 'GET', '/api/mediaservers/watch-status')).body.running === false ? true : undefined,
      30_000,
      'the sync to end',
    );
    const runs = (await call(w.app, 'GET', '/api/schedules/watch-status.sync/runs')).body;
    expect(JSON.stringify(runs)).toContain('manual');
  });
});
