import { describe, expect, it } from 'vitest';
import type { PlaylistDetail, PlaylistVideoPage, TaskRun } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { waitForJob, platformSuite } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';

/** Automatic following (spec 1.1, 2.6, 2.7) through the scheduled task, with real yt-dlp listings. */
describe('automatic playlist downloads', () => {
  const ch = fakeChannelId('auto-pl');
  const big = fakeChannelId('auto-big');
  const v = (n: number) => fakeVideoId(`auto-pl-${n}`);
  const FOLLOW = 'PLautofollow0000000001';
  const c = { channelId: ch, channel: 'Auto Lists', handle: '@autolists' };
  let bigIds: string[] = [];

  const suite = platformSuite(
    () => ({
      videos: Array.from({ length: 9 }, (_, i) => ({ ...c, id: v(i + 1), title: `Song ${i + 1}`, duration: 30 + i })),
      channels: [
        { channelId: ch, handle: '@autolists', name: 'Auto Lists', tabs: { videos: [] } },
        { channelId: big, handle: '@autobig', name: 'Auto Big', tabs: {} },
      ],
      playlists: [{ id: FOLLOW, title: 'Followed', channelId: ch, videoIds: [v(1), v(2), v(3)] }],
    }),
    {
      config: { channelFilesToDownload: 1 },
      timeout: 120_000,
      prepare: (p) => {
        bigIds = p.generateTab(big, 'videos', 5001);
      },
    },
  );

  const detail = async () => (await call<PlaylistDetail>(suite.app, 'GET', `/api/playlists/${FOLLOW}`)).body;
  const entries = async () =>
    (await call<PlaylistVideoPage>(suite.app, 'GET', `/api/playlists/${FOLLOW}/videos?pageSize=200`)).body.videos;
  async function runTask(): Promise<TaskRun> {
    const started = await call(suite.app, 'POST', '/api/schedules/playlists.auto-download/run');
    expect(started.status).toBe(202);
    const id = started.body.run.id;
    return until(
      async () => {
        const runs = await call(suite.app, 'GET', '/api/schedules/playlists.auto-download/runs');
        const r = runs.body.runs.find((x: TaskRun) => x.id === id);
        return r && r.status !== 'running' ? r : undefined;
      },
      60_000,
      'the scheduled run',
    );
  }
  const finish = async (run: TaskRun) => {
    for (const job of (run.details as { jobs: string[] }).jobs) await waitForJob(suite.app, job);
  };

  it('saves a verified starting point on follow and downloads nothing that was already there', async () => {
    const res = await call(suite.app, 'POST', '/api/playlists', { url: FOLLOW, settings: { auto_download: true } });
    expect(res.status).toBe(201);
    expect(res.body.warning).toBeNull();
    const pl = res.body.playlist;
    expect(pl).toMatchObject({ auto_download: true, auto_download_setup_error: null, last_listing_complete: true });
    expect(pl.auto_download_baseline_at).not.toBeNull();
    expect(pl.auto_download_baseline_id).toBe(Math.max(...(await entries()).map((e) => e.id)));

    const run = await runTask();
    expect(run).toMatchObject({ status: 'success', outcome: 'nothing-new' });
    expect((await entries()).every((e) => !e.downloaded && e.auto_download_last_attempt_at === null)).toBe(true);
  });

  it('queues new entries up to the limit per run, newest first, writing the attempt time before queueing', async () => {
    suite.p.addPlaylist({ id: FOLLOW, title: 'Followed', channelId: ch, videoIds: [v(1), v(2), v(3), v(4), v(5)] });
    const before = Date.now();
    const first = await runTask();
    expect(first).toMatchObject({ status: 'success', outcome: 'queued' });
    expect(first.details).toMatchObject({ queued: 1 });
    await finish(first);
    const rows = await entries();
    const tried = rows.filter((e) => e.auto_download_last_attempt_at !== null);
    expect(tried.map((e) => e.source_id)).toEqual([v(5)]);
    expect(Date.parse(tried[0]!.auto_download_last_attempt_at!)).toBeGreaterThanOrEqual(before - 1000);
    await until(async () => ((await entries()).find((e) => e.source_id === v(5))?.downloaded ? true : undefined));

    const second = await runTask();
    await finish(second);
    expect((await entries()).filter((e) => e.downloaded).map((e) => e.source_id)).toEqual([v(4), v(5)]);
    expect(await runTask()).toMatchObject({ outcome: 'nothing-new' });
  }, 120_000);

  it('retries a failed discovery apart from new ones, and downloads selected existing videos', async () => {
    suite.p.setFailure(v(6), 'http-403');
    suite.p.addPlaylist({
      id: FOLLOW,
      title: 'Followed',
      channelId: ch,
      videoIds: [v(1), v(2), v(3), v(4), v(5), v(6)],
    });
    await finish(await runTask()); // v6 fails
    const failed = (await entries()).find((e) => e.source_id === v(6))!;
    expect(failed.downloaded).toBe(false);
    expect(failed.auto_download_last_attempt_at).not.toBeNull();

    const selected = await call(suite.app, 'POST', `/api/playlists/${FOLLOW}/auto-download/select`, {
      videoIds: [v(1), v(5), 'notInList1'],
    });
    expect(selected.body).toEqual({
      success: true,
      requested: 1,
      skipped: [
        { sourceId: v(5), reason: 'already downloaded' },
        { sourceId: 'notInList1', reason: 'not in this playlist' },
      ],
    });
    expect((await detail()).requested_count).toBe(1);

    // Both v1 (requested, never tried) and v6 (tried, failed) wait in the retry pool of one per run:
    // the never-tried request goes first; a new discovery queues beside it.
    suite.p.setFailure(v(6), null);
    suite.p.addPlaylist({
      id: FOLLOW,
      title: 'Followed',
      channelId: ch,
      videoIds: [v(1), v(2), v(3), v(4), v(5), v(6), v(7)],
    });
    const run = await runTask();
    expect(run.details).toMatchObject({ queued: 2 });
    await finish(run);
    const rows = await entries();
    expect(
      rows
        .filter((e) => e.downloaded)
        .map((e) => e.source_id)
        .sort(),
    ).toEqual([v(1), v(4), v(5), v(7)].sort());
    expect(rows.find((e) => e.source_id === v(1))!.auto_download_requested).toBe(false); // cleared on success
    expect((await detail()).requested_count).toBe(0);
    await finish(await runTask());
    expect((await entries()).find((e) => e.source_id === v(6))!.downloaded).toBe(true);
  }, 180_000);

  it('resets the starting point: pending requests are cleared, later entries only, pause state kept', async () => {
    await call(suite.app, 'POST', `/api/playlists/${FOLLOW}/auto-download/select`, { videoIds: [v(2), v(3)] });
    await call(suite.app, 'PATCH', `/api/playlists/${FOLLOW}`, { auto_download: false });
    const reset = await call(suite.app, 'POST', `/api/playlists/${FOLLOW}/auto-download/reset`);
    expect(reset.body).toMatchObject({ success: true, cleared: 2, playlist: { auto_download: false } });
    expect(reset.body.playlist.auto_download_baseline_id).toBe(Math.max(...(await entries()).map((e) => e.id)));
    expect((await detail()).requested_count).toBe(0);

    const off = await call(suite.app, 'POST', `/api/playlists/${FOLLOW}/auto-download/select`, { videoIds: [v(2)] });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('PLAYLISTS_AUTO_DOWNLOAD_NOT_READY');
    const on = await call(suite.app, 'PATCH', `/api/playlists/${FOLLOW}`, { auto_download: true });
    expect(on.body.playlist.auto_download_baseline_id).toBe(reset.body.playlist.auto_download_baseline_id);
  });

  it('pauses a playlist of more than 5,000 entries with PLAYLIST_TOO_LARGE, and follows one of exactly 5,000', async () => {
    suite.p.addPlaylist({ id: 'PLtoolarge000000000001', title: 'Too large', channelId: big, videoIds: bigIds });
    const large = await call(suite.app, 'POST', '/api/playlists', {
      url: 'PLtoolarge000000000001',
      settings: { auto_download: true },
    });
    expect(large.status).toBe(201);
    expect(large.body.fetched).toBe(5001);
    expect(large.body.playlist).toMatchObject({
      video_count: 5000,
      auto_download: true,
      auto_download_baseline_at: null,
      auto_download_setup_error: 'PLAYLIST_TOO_LARGE',
      last_listing_complete: false,
    });
    expect(large.body.warning).toMatch(/more than 5,000 entries/);
    const preview = await call(suite.app, 'POST', '/api/playlists/addplaylistinfo', { url: 'PLtoolarge000000000001' });
    expect(preview.body).toMatchObject({ video_count: 5001, auto_follow_possible: false });

    suite.p.addPlaylist({
      id: 'PLfivethousand00000001',
      title: 'Exactly',
      channelId: big,
      videoIds: bigIds.slice(0, 5000),
    });
    const exact = await call(suite.app, 'POST', '/api/playlists', {
      url: 'PLfivethousand00000001',
      settings: { auto_download: true },
    });
    expect(exact.body.playlist).toMatchObject({ video_count: 5000, auto_download_setup_error: null });
    expect(exact.body.playlist.auto_download_baseline_at).not.toBeNull();
    const last = await call<PlaylistVideoPage>(
      suite.app,
      'GET',
      '/api/playlists/PLfivethousand00000001/videos?sortOrder=desc&pageSize=1',
    );
    expect(last.body).toMatchObject({ total: 5000, videos: [{ position: 5000, source_id: bigIds[4999] }] });
  }, 180_000);
});
