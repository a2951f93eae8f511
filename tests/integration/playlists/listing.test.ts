import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { PlaylistVideo, PlaylistVideoPage } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { platformSuite } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';

/** What a listing keeps and changes: unavailable entries, reordering, removals, interrupted listings. */
describe('playlist listings', () => {
  const ch = fakeChannelId('listing');
  const v = (n: number) => fakeVideoId(`listing-${n}`);
  const LIST = 'PLlisting0000000000001';
  const c = { channelId: ch, channel: 'Lister', handle: '@lister' };
  const set = (videoIds: string[], failAfter: number | null = null) =>
    suite.p.addPlaylist({ id: LIST, title: 'Listed', channelId: ch, videoIds, failAfter });

  const suite = platformSuite(
    () => ({
      videos: [
        ...[1, 2, 3, 4, 5].map((n) => ({ ...c, id: v(n), title: `Clip ${n}`, duration: 20 + n })),
        { ...c, id: v(6), title: 'Secret', failure: 'private' as const },
        { ...c, id: v(7), title: 'Gone', failure: 'removed' as const },
      ],
      channels: [{ channelId: ch, handle: '@lister', name: 'Lister', tabs: { videos: [] } }],
    }),
    { prepare: () => set([v(1), v(6), v(2), v(7), v(3)]) },
  );

  const rows = async (): Promise<PlaylistVideo[]> =>
    (await call<PlaylistVideoPage>(suite.app, 'GET', `/api/playlists/${LIST}/videos?pageSize=200`)).body.videos;
  const refresh = () => call(suite.app, 'POST', `/api/playlists/${LIST}/refresh`);

  it('keeps private and deleted entries in their place, flagged and not counted', async () => {
    const res = await call(suite.app, 'POST', '/api/playlists', { url: LIST });
    expect(res.body).toMatchObject({ fetched: 5, warning: null, playlist: { video_count: 3 } });
    expect((await rows()).map((r) => [r.position, r.source_id, r.unavailable, r.title])).toEqual([
      [1, v(1), false, 'Clip 1'],
      [2, v(6), true, '[Private video]'],
      [3, v(2), false, 'Clip 2'],
      [4, v(7), true, '[Deleted video]'],
      [5, v(3), false, 'Clip 3'],
    ]);
    const detail = await call(suite.app, 'GET', `/api/playlists/${LIST}`);
    expect(detail.body.not_downloaded_count).toBe(3);
    const dl = await call(suite.app, 'POST', `/api/playlists/${LIST}/download`, { videoIds: [v(6)] });
    expect(dl.body).toMatchObject({ status: 'accepted', queued: 0 });
  });

  it('follows a reordering: new positions, first_seen_at kept, entries that left removed after a complete listing', async () => {
    const before = new Map((await rows()).map((r) => [r.source_id, r.first_seen_at]));
    await new Promise((r) => setTimeout(r, 20));
    set([v(3), v(4), v(1), v(6)]);
    const res = await refresh();
    expect(res.body).toEqual({ fetched: 4, complete: true, warning: null });
    const after = await rows();
    expect(after.map((r) => [r.position, r.source_id])).toEqual([
      [1, v(3)],
      [2, v(4)],
      [3, v(1)],
      [4, v(6)],
    ]);
    for (const r of after) {
      if (before.has(r.source_id)) expect(r.first_seen_at).toBe(before.get(r.source_id));
      else expect(Date.parse(r.first_seen_at)).toBeGreaterThan(Date.parse(before.get(v(1))!));
    }
    const recent = await call<PlaylistVideoPage>(suite.app, 'GET', `/api/playlists/${LIST}/videos?sortOrder=recent`);
    expect(recent.body.videos[0]!.source_id).toBe(v(4));
  });

  it('removes nothing after an interrupted listing, and says the listing is partial', async () => {
    set([v(5), v(3), v(4), v(1), v(6)], 2);
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fetched: 2, complete: false });
    expect(res.body.warning).toMatch(/stopped after 2 entries/);
    const ids = (await rows()).map((r) => r.source_id);
    expect(ids).toEqual(expect.arrayContaining([v(1), v(3), v(4), v(5), v(6)]));
    expect(ids).toHaveLength(5);

    // Automatic downloads cannot start from a listing that was not verified complete.
    const on = await call(suite.app, 'PATCH', `/api/playlists/${LIST}`, { auto_download: true });
    expect(on.body.playlist).toMatchObject({
      auto_download: true,
      last_listing_complete: false,
      auto_download_baseline_at: null,
      auto_download_setup_error: 'PLAYLIST_REFRESH_INCOMPLETE',
    });
    set([v(5), v(3), v(4), v(1), v(6)]);
    const complete = await refresh();
    expect(complete.body).toEqual({ fetched: 5, complete: true, warning: null });
    const detail = await call(suite.app, 'GET', `/api/playlists/${LIST}`);
    expect(detail.body.playlist).toMatchObject({ auto_download_setup_error: null, last_listing_complete: true });
    expect(detail.body.playlist.auto_download_baseline_at).not.toBeNull();
  });

  it('refuses a second listing of the same playlist while one runs', async () => {
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.code).toBe('PLAYLISTS_FETCH_IN_PROGRESS');
  });

  it('pushes the progress of a long listing to an authenticated WebSocket client', async () => {
    const BIG = 'PLlistingbig0000000001';
    const big = fakeChannelId('listing-big');
    suite.p.addChannel({ channelId: big, handle: '@listingbig', name: 'Listing Big', tabs: {} });
    const ids = suite.p.generateTab(big, 'videos', 1200);
    suite.p.addPlaylist({ id: BIG, title: 'Long', channelId: big, videoIds: ids });
    const address = await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`, {
      headers: { 'x-access-token': suite.app.token },
    });
    const messages: Record<string, unknown>[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await until(async () => (messages.some((m) => m.type === 'ready') ? true : undefined), 10_000, 'ready');

    const res = await call(suite.app, 'POST', '/api/playlists', { url: BIG });
    expect(res.body.fetched).toBe(1200);
    await until(
      async () =>
        messages.some((m) => m.type === 'playlistFetchProgress' && m.playlistId === BIG && m.stage === 'done')
          ? true
          : undefined,
      10_000,
      'the done message',
    );
    const progress = messages.filter((m) => m.type === 'playlistFetchProgress' && m.playlistId === BIG);
    const stages = progress.map((m) => m.stage);
    // Coalesced to at most four a second (the latest wins), always in order, ending with done.
    const order = ['listing', 'saving', 'done'];
    expect(stages[0]).toBe('listing');
    expect(stages.at(-1)).toBe('done');
    expect(stages.map((x) => order.indexOf(x as string))).toEqual(
      [...stages.map((x) => order.indexOf(x as string))].sort((a, b) => a - b),
    );
    const counts = progress.filter((m) => m.stage === 'listing').map((m) => m.itemsFetched as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(progress.at(-1)).toMatchObject({ itemsFetched: 1200 });
    expect(messages).toContainEqual({
      type: 'playlistUpdated',
      playlistId: BIG,
      reason: 'listed',
    });
    ws.close();
  }, 60_000);
});
