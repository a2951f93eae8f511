import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { waitForJob, platformSuite } from '../../helpers/downloads.js';
import { call, runSweep, until } from './helpers.js';

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out.push(join(e.parentPath, e.name));
  return out;
}

/** Download-all, automatic downloads, channel .m3u files and big listings, with real downloads. */
describe('channel downloads', () => {
  const small = fakeChannelId('small');
  const auto = fakeChannelId('auto');
  const big = fakeChannelId('big');
  const sv = (s: string) => fakeVideoId(`small-${s}`);
  const av = (s: string) => fakeVideoId(`auto-${s}`);
  const s = { channelId: small, channel: 'Small Channel', handle: '@small' };
  const a = { channelId: auto, channel: 'Auto Channel', handle: '@auto' };
  const suite = platformSuite(
    () => ({
      videos: [
        { ...s, id: sv('1'), title: 'Small one', uploadDate: '20250301' },
        { ...s, id: sv('2'), title: 'Small two', uploadDate: '20250302' },
        { ...a, id: av('1'), title: 'KEEP old one', uploadDate: '20250101' },
        { ...a, id: av('2'), title: 'skip old two', uploadDate: '20250102' },
        { ...a, id: av('3'), title: 'KEEP old three', uploadDate: '20250103' },
      ],
      channels: [
        { channelId: small, handle: '@small', name: 'Small Channel', tabs: { videos: [sv('2'), sv('1')] } },
        { channelId: auto, handle: '@auto', name: 'Auto Channel', tabs: { videos: [av('3'), av('2'), av('1')] } },
        { channelId: big, handle: '@big', name: 'Big Channel', tabs: {} },
      ],
    }),
    { prepare: (p) => p.generateTab(big, 'videos', 5000) },
  );

  it('downloads every known video of a tab as one job, writes the channel .m3u, and counts deleted videos as downloaded', async () => {
    expect(
      (
        await call(suite.app, 'POST', '/updatechannels', {
          add: [{ url: '@small', settings: { auto_download_enabled_tabs: '' } }],
        })
      ).status,
    ).toBe(200);
    await call(suite.app, 'PUT', `/api/channels/${small}/settings`, { m3u_enabled: true });
    await call(suite.app, 'GET', `/getchannelvideos/${small}`);
    expect((await call(suite.app, 'GET', `/api/channels/${small}/download-all/preview`)).body).toMatchObject({
      count: 2,
      totalDurationSeconds: 10,
      missingDurations: 0,
      skipped: [],
    });
    expect((await call(suite.app, 'POST', `/api/channels/${small}/download-all`, { tabType: 'music' })).status).toBe(
      400,
    );
    expect(
      (
        await call(suite.app, 'POST', `/api/channels/${small}/download-all`, {
          overrideSettings: { resolution: '999' },
        })
      ).status,
    ).toBe(400);
    expect((await call(suite.app, 'POST', `/api/channels/${fakeChannelId('never')}/download-all`, {})).status).toBe(
      404,
    );
    const started = await call(suite.app, 'POST', `/api/channels/${small}/download-all`, {
      tabType: 'videos',
      overrideSettings: { resolution: '360', allowRedownload: true },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'accepted', queued: 2 });
    const job = await waitForJob(suite.app, started.body.jobId);
    expect(job.status).toBe('completed');
    expect(job.type).toBe('download-all');
    expect(job.options).toMatchObject({ exemptFromRuntimeCap: true, ownerChannelId: small, resolution: '360' });
    const out = join(suite.app.t.dir, 'data');
    const files = await filesUnder(out);
    expect(files.filter((f) => f.endsWith('.mp4')).every((f) => f.includes(`${join(out, 'Small Channel')}/`))).toBe(
      true,
    );
    expect(files.filter((f) => f.endsWith('.mp4'))).toHaveLength(2);
    const m3u = join(out, 'Small Channel', 'Small Channel.m3u');
    await until(async () => (existsSync(m3u) ? true : undefined), 10_000, 'channel m3u');
    const lines = readFileSync(m3u, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const entries = lines.filter((l) => !l.startsWith('#'));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain(sv('1')); // oldest first by default
    expect(existsSync(join(out, 'Small Channel', entries[0]!))).toBe(true);

    const page = await until(
      async () => {
        const r = await call(suite.app, 'GET', `/getchannelvideos/${small}?downloadedFilter=only`);
        return r.body.total === 2 ? r : undefined;
      },
      5000,
      'downloads to reach the listing',
    );
    expect(page.body.videos.map((x: any) => [x.sourceId, x.downloaded, x.published_at_source])).toEqual([
      [sv('2'), true, 'exact'],
      [sv('1'), true, 'exact'],
    ]);
    expect((await call(suite.app, 'GET', `/api/channels/${small}/tab-stats`)).body.tabs.videos).toMatchObject({
      downloaded: 2,
      loaded: 2,
      total: 2,
      percent: 100,
    });

    // Deleting a file keeps it counted as downloaded and out of download-all.
    expect((await call(suite.app, 'DELETE', `/api/videos/${sv('1')}`)).status).toBe(200);
    // The listing learns of the deletion from the downloader's event, right after the answer.
    const removed = await until(
      async () => {
        const after = await call(suite.app, 'GET', `/getchannelvideos/${small}`);
        const row = after.body.videos.find((x: any) => x.sourceId === sv('1'));
        return row.removed ? row : undefined;
      },
      5000,
      'the deletion to reach the listing',
    );
    expect(removed).toMatchObject({ downloaded: true, removed: true });
    expect((await call(suite.app, 'GET', `/api/channels/${small}/tab-stats`)).body.tabs.videos.downloaded).toBe(2);
    expect((await call(suite.app, 'GET', `/api/channels/${small}/download-all/preview`)).body.count).toBe(0);
    expect((await call(suite.app, 'POST', `/api/channels/${small}/download-all`)).body).toMatchObject({
      status: 'nothing-to-download',
      queued: 0,
    });
    // Turning m3u off removes the file.
    await call(suite.app, 'PUT', `/api/channels/${small}/settings`, { m3u_enabled: false });
    expect(existsSync(m3u)).toBe(false);
  }, 120_000);

  it('refuses a subfolder change while the channel downloads, and download-all while storage is paused', async () => {
    suite.p.addVideo({
      channelId: small,
      channel: 'Small Channel',
      handle: '@small',
      id: sv('3'),
      title: 'Small three',
      uploadDate: '20250303',
      failure: 'stall',
    });
    suite.p.addChannel({
      channelId: small,
      handle: '@small',
      name: 'Small Channel',
      tabs: { videos: [sv('3'), sv('2'), sv('1')] },
    });
    await call(suite.app, 'POST', `/fetchallchannelvideos/${small}`);
    const started = await call(suite.app, 'POST', `/api/channels/${small}/download-all`);
    expect(started.body.queued).toBe(1);
    await waitForJob(suite.app, started.body.jobId, ['running']);
    const busy = await call(suite.app, 'PUT', `/api/channels/${small}/settings`, { subfolder: 'Elsewhere' });
    expect(busy.status).toBe(409);
    const busyAdd = await call(suite.app, 'POST', '/updatechannels', {
      add: [{ url: '@small', settings: { sub_folder: 'Elsewhere' } }],
    });
    expect(busyAdd.status).toBe(409);
    expect((await call(suite.app, 'GET', `/api/channels/${small}/settings`)).body.settings.subfolder).toBeNull();
    // Other settings may change meanwhile.
    expect((await call(suite.app, 'PUT', `/api/channels/${small}/settings`, { additional_tags: 'x' })).status).toBe(
      200,
    );
    expect((await call(suite.app, 'POST', `/api/jobs/${started.body.jobId}/cancel`)).status).toBe(200);
    suite.p.releaseStalls();
    await waitForJob(suite.app, started.body.jobId);

    await call(suite.app, 'PATCH', '/api/config', { storageMinFreeGb: 1_000_000 });
    const paused = await call(suite.app, 'POST', `/api/channels/${small}/download-all`);
    expect(paused.status).toBe(409);
    expect(paused.body.error).toMatch(/^Downloads are paused:/);
    await call(suite.app, 'PATCH', '/api/config', { storageMinFreeGb: 0 });
  }, 120_000);

  it('automatic downloads queue only new videos that match the title filter', async () => {
    await call(suite.app, 'PATCH', '/api/config', { channelFilesToDownload: 5 });
    expect(
      (
        await call(suite.app, 'POST', '/updatechannels', {
          add: [{ url: '@auto', settings: { auto_download_enabled_tabs: 'video' } }],
        })
      ).status,
    ).toBe(200);
    await call(suite.app, 'PUT', `/api/channels/${auto}/settings`, { title_filter_regex: '^KEEP' });
    const sweep = () => runSweep(suite.app);
    const first = await sweep();
    expect(first).toMatchObject({ status: 'success', outcome: 'queued', triggerType: 'manual' });
    expect(first.details.queued).toBe(2);
    const [jobId] = first.details.jobs;
    const job = await waitForJob(suite.app, jobId);
    expect(job.type).toBe('channel');
    expect(job.videos.map((x: any) => x.sourceId).sort()).toEqual([av('1'), av('3')].sort());

    // Nothing new: nothing queued.
    expect(await sweep()).toMatchObject({ status: 'success', outcome: 'nothing-new' });

    // Two new uploads, one matching; an ignored matching one stays out.
    suite.p.addVideo({
      channelId: auto,
      channel: 'Auto Channel',
      handle: '@auto',
      id: av('4'),
      title: 'KEEP new four',
      uploadDate: '20250201',
    });
    suite.p.addVideo({
      channelId: auto,
      channel: 'Auto Channel',
      handle: '@auto',
      id: av('5'),
      title: 'skip new five',
      uploadDate: '20250202',
    });
    suite.p.addVideo({
      channelId: auto,
      channel: 'Auto Channel',
      handle: '@auto',
      id: av('6'),
      title: 'KEEP but ignored',
      uploadDate: '20250203',
    });
    suite.p.addChannel({
      channelId: auto,
      handle: '@auto',
      name: 'Auto Channel',
      tabs: { videos: [av('6'), av('5'), av('4'), av('3'), av('2'), av('1')] },
    });
    await call(suite.app, 'POST', `/fetchallchannelvideos/${auto}`);
    await call(suite.app, 'POST', `/api/channels/${auto}/videos/${av('6')}/ignore`);
    const second = await sweep();
    expect(second.details.queued).toBe(1);
    const job2 = await waitForJob(suite.app, second.details.jobs[0]);
    expect(job2.videos.map((x: any) => x.sourceId)).toEqual([av('4')]);
    expect(job2.status).toBe('completed');
  }, 180_000);

  it('fetches a 5,000-entry tab with fetch-status progress, one fetch at a time', async () => {
    expect((await call(suite.app, 'POST', '/addchannelinfo', { url: '@big' })).status).toBe(200);
    const seen: any[] = [];
    let done = false;
    const fetching = call(suite.app, 'POST', `/fetchallchannelvideos/${big}?tabType=videos&pageSize=25`).finally(() => {
      done = true;
    });
    let conflict: number | null = null;
    while (!done) {
      const s = await call(suite.app, 'GET', `/api/channels/${big}/fetch-status?tabType=videos`);
      if (s.body.isFetching) {
        seen.push(s.body);
        if (conflict === null) conflict = (await call(suite.app, 'POST', `/fetchallchannelvideos/${big}`)).status;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const result = await fetching;
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      success: true,
      videosFound: 5000,
      total: 5000,
      pageSize: 25,
      dataSource: 'fresh',
    });
    expect(result.body.videos).toHaveLength(25);
    expect(result.body.videos[0].title).toBe('Big Channel Video #5000');
    expect(conflict).toBe(409);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ isFetching: true, type: 'full', tabType: 'videos' });
    expect(seen.every((s) => s.progress && ['listing', 'saving'].includes(s.progress.stage))).toBe(true);
    const counts = seen.map((s) => s.progress.itemsFetched);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // Without a tab the status has no progress object.
    expect((await call(suite.app, 'GET', `/api/channels/${big}/fetch-status`)).body).toEqual({ isFetching: false });
    const last = await call(suite.app, 'GET', `/getchannelvideos/${big}?page=100&pageSize=50`);
    expect(last.body.videos.at(-1).title).toBe('Big Channel Video #1');
  }, 180_000);
});
