import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { WatchStatusServerOutcome } from '@vidkeep/contracts';
import { startEmby } from '../../fakes/mediaservers/emby.js';
import { startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { startFakePlexServer } from '../../fakes/mediaservers/plex.js';
import type { MediaServerKind, StartFakeServer } from '../../fakes/mediaservers/types.js';
import { call } from '../channels/helpers.js';
import { startWorld, type World } from '../mediaservers/conformance/setup.js';
import { downloadAndIndex, fileOf, sql, statusOf, syncNow } from './world.js';

const KINDS: [MediaServerKind, StartFakeServer, Record<string, unknown>, string][] = [
  ['plex', startFakePlexServer, { resolveBackoffSeconds: [0.2, 0.5, 1, 2], requestTimeoutSeconds: 15 }, 'Plex'],
  ['jellyfin', startJellyfin, { scanWaitSeconds: 2, requestTimeoutSeconds: 15 }, 'Jellyfin'],
  ['emby', startEmby, { scanWaitSeconds: 2, requestTimeoutSeconds: 15 }, 'Emby'],
];

const updated = (o: WatchStatusServerOutcome | undefined) =>
  o && 'updated' in o ? o.updated : `error: ${JSON.stringify(o)}`;

describe.each(KINDS)('watch status from a %s-type server', (kind, startFake, options, label) => {
  const h = new TestHarness();
  let w: World;
  let primary: string;
  let kid: string;

  beforeAll(async () => {
    w = await startWorld(h, kind, startFake, options);
    await downloadAndIndex(w, [1, 2, 3]);
    primary = w.fake.watching.users().find((u) => u.primary)!.id;
    kid = w.fake.watching.addUser('kid');
  }, 90_000);
  afterAll(async () => {
    await h.closeAll();
    await w?.fake.close();
    await w?.p.close();
  });

  it('first sync: every user known per video, nobody watched yet (known, not unknown)', async () => {
    const run = await syncNow(w);
    expect(run.trigger).toBe('manual');
    // Rows are written for every account and video, but no video's watched state changed.
    expect(updated(run.servers[kind])).toBe(0);
    const s = await statusOf(w, 1);
    expect(s.watched).toBe(false);
    expect(s.watched_by).toEqual([]);
    // Every account of the server, each with a known "not played" state.
    const accounts = w.fake.watching.users().map((u) => [label, u.name, u.primary, false]);
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    expect(s.statuses.map((x) => [x.serverLabel, x.userName, x.primary, x.played]).sort()).toEqual(accounts.sort());
    // A video the library never had: unknown, not unwatched.
    const unknown = await call(w.app, 'GET', `/api/videos/${w.v(6)}/watch-status`);
    expect(unknown.body).toMatchObject({ watched: null, watched_by: [], statuses: [] });
  });

  it('an unchanged server: the next sync writes nothing', async () => {
    const before = await sql(w, 'select max(last_synced_at) as m, count(*) as n from watch_status_videos');
    const run = await syncNow(w);
    expect(updated(run.servers[kind])).toBe(0);
    expect(await sql(w, 'select max(last_synced_at) as m, count(*) as n from watch_status_videos')).toEqual(before);
  });

  it('plays show up at the next sync: who watched, how often, when', async () => {
    // Plays happen now (a server's history never gains rows in the past).
    const at = new Date();
    w.fake.watching.play(await fileOf(w, 1), kid, { at });
    w.fake.watching.play(await fileOf(w, 1), kid, { at: new Date(at.getTime() + 60_000) });
    w.fake.watching.play(await fileOf(w, 2), primary, { at });
    const run = await syncNow(w);
    expect(updated(run.servers[kind])).toBe(2);
    const one = await statusOf(w, 1);
    expect(one.watched).toBe(true);
    expect(one.watched_by).toEqual([`kid (${label})`]);
    const fam = one.statuses.find((x) => x.userName === 'kid')!;
    expect(fam).toMatchObject({ played: true, playCount: 2, serverUserId: kid });
    // Plex-type servers keep whole seconds.
    expect(Math.abs(new Date(fam.lastWatchedAt!).getTime() - (at.getTime() + 60_000))).toBeLessThan(1000);
    expect((await statusOf(w, 2)).statuses.find((x) => x.primary)).toMatchObject({ played: true, playCount: 1 });
    expect((await statusOf(w, 3)).watched).toBe(false);
  });

  it('the `primary` rule counts only the primary account', async () => {
    expect((await call(w.app, 'PATCH', '/api/config', { watchStatusWatchedRule: 'primary' })).status).toBe(200);
    expect((await statusOf(w, 1)).watched).toBe(false); // only the kid watched it
    expect((await statusOf(w, 1)).watched_by).toEqual([`kid (${label})`]);
    expect((await statusOf(w, 2)).watched).toBe(true);
    expect((await call(w.app, 'PATCH', '/api/config', { watchStatusWatchedRule: 'any' })).status).toBe(200);
    expect((await statusOf(w, 1)).watched).toBe(true);
  });

  it('a user removed on the server takes their watch state along', async () => {
    w.fake.watching.removeUser(kid);
    const run = await syncNow(w);
    expect(updated(run.servers[kind])).toBe(1); // of the gone user's three videos, the one they watched
    const one = await statusOf(w, 1);
    expect(one.statuses.map((x) => x.userName)).not.toContain('kid');
    expect(one.watched).toBe(false);
  });

  it('with the all-users switch off only the primary account is synced', async () => {
    const extra = w.fake.watching.addUser('visitor');
    w.fake.watching.play(await fileOf(w, 3), extra);
    await call(w.app, 'PATCH', '/api/config', { [`${kind}WatchStatusAllUsers`]: false });
    await syncNow(w);
    expect((await statusOf(w, 3)).statuses.map((x) => x.primary)).toEqual([true]);
    await call(w.app, 'PATCH', '/api/config', { [`${kind}WatchStatusAllUsers`]: true });
    await syncNow(w);
    expect((await statusOf(w, 3)).watched_by).toEqual([`visitor (${label})`]);
  });
});
