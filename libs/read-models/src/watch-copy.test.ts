import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginLogger, VideoWatch, WatchStatusService } from '@vidkeep/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, pluginOrm } from '@vidkeep/core/testing';
import { WatchCopy, watchCopyEntity } from './watch-copy.js';

const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {} } as unknown as PluginLogger;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A watch-status service over a map the test changes; `delayMs` slows every answer down. */
function fakeService(states: Map<string, VideoWatch>) {
  const calls = { watchOf: 0, watchOfAll: 0 };
  const service = {
    delayMs: 0,
    failAll: 0,
    calls,
    async watchOf(ids: readonly string[]) {
      calls.watchOf++;
      const out = new Map(ids.flatMap((id) => (states.has(id) ? [[id, { ...states.get(id)! }] as const] : [])));
      await tick(service.delayMs);
      return out;
    },
    async watchOfAll() {
      calls.watchOfAll++;
      if (service.failAll > 0) {
        service.failAll--;
        throw new Error('watch-status store busy');
      }
      return new Map([...states].map(([id, w]) => [id, { ...w }] as const));
    },
    enabled: () => true,
  };
  return service satisfies WatchStatusService;
}

const watched = (by: string[]): VideoWatch => ({ watched: true, watchedBy: by, lastWatchedAt: new Date(0) });
const unwatched: VideoWatch = { watched: false, watchedBy: [], lastWatchedAt: null };

/** The copy's one job: WatchCopy on a real SQLite file, without the rest of the app. */
describe('WatchCopy', () => {
  let dir: string;
  let orm: Awaited<ReturnType<typeof openDatabase>>;
  let states: Map<string, VideoWatch>;
  let service: ReturnType<typeof fakeService>;
  let changes: number;
  const copy = (present = true, chunkSize = 2) =>
    new WatchCopy({
      orm: pluginOrm(orm),
      table: 'fx_video_watch',
      service: () => (present ? service : undefined),
      logger: silent,
      onChange: () => changes++,
      chunkSize,
    });
  const shown = async (c: WatchCopy, ids: string[]) => Object.fromEntries(await c.of(ids));

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidkeep-watch-copy-'));
    orm = await openDatabase({
      file: join(dir, 'test.db'),
      entities: [watchCopyEntity('FxVideoWatch', 'fx_video_watch')],
      migrations: [],
      logger: silent,
    });
    await orm.getSchemaGenerator().createSchema();
    states = new Map();
    service = fakeService(states);
    changes = 0;
  });
  afterEach(async () => {
    await orm.close(true);
    await rm(dir, { recursive: true, force: true });
  });

  it('refreshes in batches: known ids written with who watched, absent ones removed (unknown)', async () => {
    const c = copy();
    states
      .set('a', watched(['alice (Plex)']))
      .set('b', unwatched)
      .set('c', watched(['bob (Emby)']));
    await c.refresh(['a', 'b', 'c', 'd', 'a']);
    expect(service.calls.watchOf).toBe(2); // 4 distinct ids, 2 per batch
    expect(await shown(c, ['a', 'b', 'c', 'd'])).toEqual({
      a: { watched: true, watched_by: ['alice (Plex)'] },
      b: { watched: false, watched_by: [] },
      c: { watched: true, watched_by: ['bob (Emby)'] },
    });
    expect(changes).toBeGreaterThan(0);
    states.delete('a');
    await c.refresh(['a']);
    expect(await shown(c, ['a', 'b'])).toEqual({ b: { watched: false, watched_by: [] } });
  });

  it('applies updates in the order they arrived, even when an earlier answer is slower', async () => {
    const c = copy();
    states.set('a', unwatched);
    service.delayMs = 50;
    const first = c.refresh(['a']);
    await tick(5);
    states.set('a', watched(['alice (Plex)']));
    service.delayMs = 0;
    await Promise.all([first, c.refresh(['a'])]);
    expect(await shown(c, ['a'])).toEqual({ a: { watched: true, watched_by: ['alice (Plex)'] } });
  });

  it('fills an empty copy with everything known before the first update, also when a change comes first', async () => {
    const c = copy();
    states.set('a', watched(['alice (Plex)'])).set('b', unwatched);
    await c.refresh(['b']);
    expect(Object.keys(await shown(c, ['a', 'b']))).toEqual(['a', 'b']);
    await c.atBoot();
    expect(service.calls.watchOfAll).toBe(1);
  });

  it('does not refill a copy that has rows, and finishes a fill that failed at the next update', async () => {
    states.set('a', watched(['alice (Plex)']));
    await copy().atBoot();
    states.set('b', unwatched);
    const next = copy();
    await next.atBoot(); // not empty: b stays unknown until a change names it
    expect(Object.keys(await shown(next, ['a', 'b']))).toEqual(['a']);

    await orm.em.getConnection().execute('delete from fx_video_watch');
    const failing = copy();
    service.failAll = 1;
    await failing.atBoot();
    expect(await shown(failing, ['a', 'b'])).toEqual({});
    await failing.refresh(['b']); // the fill runs again first, then the change
    expect(Object.keys(await shown(failing, ['a', 'b']))).toEqual(['a', 'b']);
  });

  it('without the service, nothing is read and a copy left from an earlier run is emptied at boot', async () => {
    states.set('a', watched(['alice (Plex)']));
    await copy().atBoot();
    const without = copy(false);
    await without.refresh(['a']);
    expect(service.calls.watchOf).toBe(0);
    changes = 0;
    await without.atBoot();
    expect(await shown(without, ['a'])).toEqual({});
    expect(changes).toBe(1);
  });

  it('gives the SQL of each filter over the joined copy', () => {
    const c = copy();
    expect(c.join('w', 'v.source_id')).toBe('left join fx_video_watch w on w.source_id = v.source_id');
    expect(c.stateCondition('w', 'any')).toBeNull();
    expect(c.stateCondition('w', 'watched')).toEqual({ sql: 'w.watched = ?', params: [true] });
    expect(c.stateCondition('w', 'unwatched')).toEqual({ sql: 'w.watched = ?', params: [false] });
    expect(c.stateCondition('w', 'unknown')).toEqual({ sql: 'w.source_id is null', params: [] });
    expect(c.triStateCondition('w', 'off')).toBeNull();
    expect(c.triStateCondition('w', 'exclude')).toEqual({
      sql: '(w.source_id is null or w.watched = ?)',
      params: [false],
    });
    expect(
      () => new WatchCopy({ orm: pluginOrm(orm), table: 'x; drop table y', service: () => undefined, logger: silent }),
    ).toThrow(/Invalid/);
  });
});
