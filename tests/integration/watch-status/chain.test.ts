import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { AutoRemovalResult, PlaylistVideoPage, VideoList } from '@vidkeep/contracts';
import { startJellyfin } from '../../fakes/mediaservers/jellyfin.js';
import { call, until } from '../channels/helpers.js';
import { LIST, startWorld, type World } from '../mediaservers/conformance/setup.js';
import { downloadAndIndex, fileOf, syncNow } from './world.js';

/**
 * The whole chain with real plugins only: a Jellyfin user watches a downloaded video, the
 * watch-status sync reads it, the library and playlist lists filter by it (their copies follow
 * the change event), and retention's watched strategy would remove it, under the rule, never
 * when protected.
 */
describe('watch status from a server to the lists and retention', () => {
  const h = new TestHarness();
  let w: World;

  const ids = async (url: string) =>
    (await call<VideoList>(w.app, 'GET', url)).body.videos.map((v) => v.sourceId).sort();
  const dryRun = async (extra: Record<string, unknown> = {}) =>
    (
      await call<AutoRemovalResult>(w.app, 'POST', '/api/auto-removal/dry-run', {
        autoRemovalWatchedEnabled: true,
        ...extra,
      })
    ).body.plan.watchedStrategy;

  beforeAll(async () => {
    w = await startWorld(h, 'jellyfin', startJellyfin, { scanWaitSeconds: 2, requestTimeoutSeconds: 15 });
    await downloadAndIndex(w, [1, 2, 3]);
  }, 90_000);
  afterAll(async () => {
    await h.closeAll();
    await w?.fake.close();
    await w?.p.close();
  });

  it('a play on the server shows in the library and playlist filters after a sync', async () => {
    expect(await ids('/api/videos?watchedState=unknown')).toEqual([w.v(1), w.v(2), w.v(3)].sort());
    const family = w.fake.watching.users().find((u) => !u.primary)!;
    w.fake.watching.play(await fileOf(w, 1), family.id);
    await syncNow(w);
    await until(
      async () => ((await ids('/api/videos?watchedState=watched')).join() === w.v(1) ? true : undefined),
      10_000,
      'the library copy to follow the sync',
    );
    expect(await ids('/api/videos?watchedState=unwatched')).toEqual([w.v(2), w.v(3)].sort());
    const listed = (await call<VideoList>(w.app, 'GET', '/api/videos?watchedState=watched')).body.videos[0]!;
    expect(listed.watched_by).toEqual([`${family.name} (Jellyfin)`]);
    const playlist = (await call<PlaylistVideoPage>(w.app, 'GET', `/api/playlists/${LIST}/videos?watchedState=watched`))
      .body;
    expect(playlist.videos.map((v) => v.source_id)).toEqual([w.v(1)]);
  });

  it("retention's watched strategy picks what counts as watched under the rule, never a protected video", async () => {
    expect(await dryRun()).toMatchObject({ skipped: null, candidateCount: 1, sampleVideos: [{ sourceId: w.v(1) }] });
    // The preview of an unsaved rule, then the saved one.
    expect(await dryRun({ watchStatusWatchedRule: 'primary' })).toMatchObject({ rule: 'primary', candidateCount: 0 });
    expect((await call(w.app, 'PATCH', '/api/config', { watchStatusWatchedRule: 'primary' })).status).toBe(200);
    expect(await dryRun()).toMatchObject({ candidateCount: 0 });
    await until(
      async () => ((await ids('/api/videos?watchedState=watched')).length === 0 ? true : undefined),
      10_000,
      'the library copy to follow the rule',
    );
    await call(w.app, 'PATCH', '/api/config', { watchStatusWatchedRule: 'any' });
    expect(await dryRun({ watchStatusWatchedRule: 'any' })).toMatchObject({ candidateCount: 1 });
    expect((await call(w.app, 'PATCH', `/api/videos/${w.v(1)}/protected`, { protected: true })).status).toBe(200);
    expect(await dryRun()).toMatchObject({ candidateCount: 0 });
  });
});
