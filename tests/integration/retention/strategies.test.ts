import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '@vidkeep/core/testing';
import type { AutoRemovalStatus } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { watchStatusControl } from '../../fixtures/plugins/shared.js';
import { bootDownloader, type DownloadApp } from '../../helpers/downloads.js';
import { withFixturePlugins, withPluginsOff } from '../../helpers/manifest.js';
import { call, until } from '../channels/helpers.js';
import {
  DAY,
  dryRun,
  freeBytes,
  MIB,
  mediaPath,
  outputDir,
  present,
  runNow,
  sampleIds,
  seed,
  type SeedVideo,
} from './helpers.js';

/**
 * The strategies and guards of automatic removal on real files in a temp output directory and a
 * real SQLite library: each strategy alone and together, in the order keep-recent, age, watched,
 * space; the preview with unsaved settings changes nothing.
 */
const h = new TestHarness();
afterEach(() => h.closeAll());

const id = (s: string) => fakeVideoId(`ret-${s}`);
const keepCh = fakeChannelId('ret-keep');
const safeCh = fakeChannelId('ret-safe');
const goneCh = fakeChannelId('ret-gone');
let p: FakePlatform;
const watch = watchStatusControl();

beforeAll(async () => {
  p = await startFakePlatform({
    channels: [
      { channelId: keepCh, handle: '@retkeep', name: 'Keep Channel', tabs: {} },
      { channelId: safeCh, handle: '@retsafe', name: 'Safe Channel', tabs: {} },
      { channelId: goneCh, handle: '@retgone', name: 'Gone Channel', tabs: {} },
    ],
  });
}, 60_000);
afterAll(() => p?.close());

/** With the stand-in watch-status service, or with no watch-status plugin loaded at all. */
const boot = (withWatch = true): Promise<DownloadApp> => {
  return bootDownloader(h, p, withWatch ? withFixturePlugins('fx-watch-status') : withPluginsOff('watch-status'));
};

/** Every file below the output directory, for "nothing changed" checks. */
function filesOf(app: DownloadApp): string[] {
  return (readdirSync(outputDir(app), { recursive: true }) as string[]).sort();
}

describe('the age strategy', () => {
  it('previews, then removes exactly the videos downloaded more than N days ago, oldest first; the last run survives a restart', async () => {
    const app = await boot();
    const videos: SeedVideo[] = [
      { sourceId: id('a100'), daysAgo: 100 },
      { sourceId: id('a60'), daysAgo: 60, layout: 'flat' },
      { sourceId: id('a40'), daysAgo: 40 },
      { sourceId: id('a10'), daysAgo: 10 },
      { sourceId: id('a1'), daysAgo: 1 },
    ];
    await seed(app, videos);
    const before = filesOf(app);

    const preview = await dryRun(app, { autoRemovalVideoAgeThreshold: '30' });
    expect(preview).toMatchObject({
      success: true,
      dryRun: true,
      deletedByAge: 3,
      totalDeleted: 3,
      freedBytes: 0,
      simulationTotals: { byAge: 3, byWatched: 0, bySpace: 0, total: 3, estimatedFreedBytes: 3 * 4096 },
    });
    expect(preview.plan.ageStrategy).toMatchObject({ enabled: true, thresholdDays: 30, candidateCount: 3 });
    expect(sampleIds(preview.plan.ageStrategy)).toEqual([id('a100'), id('a60'), id('a40')]);
    expect(preview.plan.ageStrategy.sampleVideos[0]).toMatchObject({
      title: `Title ${id('a100')}`,
      channelName: 'Seed Channel',
      fileSize: 4096,
      lastWatchedAt: null,
    });
    // The preview changed nothing: files, rows, saved settings.
    expect(filesOf(app)).toEqual(before);
    expect(await present(app)).toHaveLength(5);
    expect((await call(app, 'GET', '/getconfig')).body.autoRemovalVideoAgeThreshold).toBeNull();
    expect((await call<AutoRemovalStatus>(app, 'GET', '/api/auto-removal/status')).body).toEqual({
      enabled: false,
      running: false,
      lastRun: null,
    });

    const result = await runNow(app, { autoRemovalVideoAgeThreshold: '30' });
    expect(result).toMatchObject({ success: true, dryRun: false, deletedByAge: 3, totalDeleted: 3, errors: [] });
    expect(result.simulationTotals).toBeUndefined();
    expect(result.plan.ageStrategy).toMatchObject({ deletedCount: 3, failedCount: 0 });
    // 4096 bytes of media plus a 100-byte poster per video.
    expect(result.freedBytes).toBe(3 * 4196);
    expect(await present(app)).toEqual([id('a10'), id('a1')].sort());
    for (const v of videos.slice(0, 3)) expect(existsSync(mediaPath(app, v)), v.sourceId).toBe(false);
    for (const v of videos.slice(3)) expect(existsSync(mediaPath(app, v)), v.sourceId).toBe(true);
    // The record stays, marked removed, so the video still counts as downloaded.
    const gone = await call(app, 'GET', `/api/videos/${id('a100')}`);
    expect(gone.body).toMatchObject({ removed: true });

    const status = (await call<AutoRemovalStatus>(app, 'GET', '/api/auto-removal/status')).body;
    expect(status.lastRun).toMatchObject({ trigger: 'manual', error: null, result: { deletedByAge: 3 } });
    const again = await h.restart(app.t, { env: p.env, ...withFixturePlugins('fx-watch-status') });
    const after = await again.app.inject({ url: '/api/auto-removal/status', headers: app.headers });
    expect(after.json()).toEqual(status);
  });
});

describe('the watched strategy', () => {
  afterEach(() => {
    watch.states.clear();
    watch.enabled = true;
  });

  it('removes what counts as watched, long enough ago; unwatched and unknown videos stay', async () => {
    const app = await boot();
    const now = Date.now();
    await seed(app, [
      { sourceId: id('w-old'), daysAgo: 90 },
      { sourceId: id('w-recent'), daysAgo: 80 },
      { sourceId: id('w-young'), daysAgo: 3 },
      { sourceId: id('unwatched'), daysAgo: 70 },
      { sourceId: id('unknown'), daysAgo: 60 },
    ]);
    const watchedAt = (days: number) => new Date(now - days * DAY);
    watch.states.set(id('w-old'), { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: watchedAt(40) });
    watch.states.set(id('w-recent'), { watched: true, watchedBy: ['bob (Emby)'], lastWatchedAt: watchedAt(2) });
    watch.states.set(id('w-young'), { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: watchedAt(1) });
    watch.states.set(id('unwatched'), { watched: false, watchedBy: [], lastWatchedAt: null });

    const any = await dryRun(app, { autoRemovalWatchedEnabled: true });
    expect(sampleIds(any.plan.watchedStrategy)).toEqual([id('w-old'), id('w-recent'), id('w-young')]);
    expect(any.plan.watchedStrategy).toMatchObject({ enabled: true, rule: 'any', skipped: null, candidateCount: 3 });
    const aged = await dryRun(app, { autoRemovalWatchedEnabled: true, autoRemovalWatchedMinVideoAgeDays: '30' });
    expect(sampleIds(aged.plan.watchedStrategy)).toEqual([id('w-old'), id('w-recent')]);

    const result = await runNow(app, {
      autoRemovalWatchedEnabled: true,
      autoRemovalWatchedMinDaysSinceWatched: '30',
      autoRemovalWatchedMinVideoAgeDays: '30',
    });
    expect(result).toMatchObject({ success: true, deletedByWatched: 1, totalDeleted: 1 });
    expect(result.plan.watchedStrategy).toMatchObject({ minDaysSinceWatched: 30, minVideoAgeDays: 30 });
    expect(result.plan.watchedStrategy.sampleVideos[0]).toMatchObject({
      sourceId: id('w-old'),
      lastWatchedAt: watchedAt(40).toISOString(),
    });
    expect(await present(app)).toEqual([id('w-recent'), id('w-young'), id('unwatched'), id('unknown')].sort());
  });

  it('is skipped with the reason when watch-status sync is off or no plugin provides it', async () => {
    const app = await boot();
    await seed(app, [{ sourceId: id('w-any'), daysAgo: 90 }]);
    watch.states.set(id('w-any'), { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: null });
    watch.enabled = false;
    const off = await dryRun(app, { autoRemovalWatchedEnabled: true });
    expect(off.plan.watchedStrategy).toMatchObject({ enabled: true, candidateCount: 0 });
    expect(off.plan.watchedStrategy.skipped).toMatch(/Watch-status sync is switched off \(watchStatusSyncEnabled\)/);

    const without = await boot(false);
    await seed(without, [{ sourceId: id('w-any'), daysAgo: 90 }]);
    const result = await runNow(without, { autoRemovalWatchedEnabled: true });
    expect(result).toMatchObject({ totalDeleted: 0, success: true });
    expect(result.plan.watchedStrategy.skipped).toMatch(/watch-status plugin is not loaded/);
    expect(await present(without)).toEqual([id('w-any')]);
  });
});

describe('the free-space strategy', () => {
  it('measures the real file system and removes just enough of the oldest videos', async () => {
    const app = await boot();
    // 16 MiB each: the threshold is set 24 MiB above the free space read here, so exactly two
    // videos are needed whatever else writes to this disk meanwhile (within 8 MiB).
    const videos = [5, 4, 3, 2, 1].map((n) => ({ sourceId: id(`s${n}`), daysAgo: n * 10, bytes: 16 * MIB }));
    await seed(app, videos);
    const free = freeBytes(outputDir(app));
    const thresholdMb = Math.ceil((free + 24 * MIB) / MIB);
    const threshold = `${thresholdMb}MB`;

    const preview = await dryRun(app, { autoRemovalFreeSpaceThreshold: threshold });
    const space = preview.plan.spaceStrategy;
    expect(space).toMatchObject({
      enabled: true,
      threshold,
      thresholdBytes: thresholdMb * MIB,
      needsCleanup: true,
      iterations: 1,
      candidateCount: 2,
      estimatedFreedBytes: 32 * MIB,
    });
    expect(sampleIds(space)).toEqual([id('s5'), id('s4')]);
    expect(Math.abs(space.storageStatus!.freeBytes - free)).toBeLessThan(8 * MIB);
    expect(space.storageStatus!.totalBytes).toBeGreaterThan(space.storageStatus!.freeBytes);
    expect(await present(app)).toHaveLength(5);

    const result = await runNow(app, { autoRemovalFreeSpaceThreshold: threshold });
    expect(result).toMatchObject({ success: true, deletedBySpace: 2, totalDeleted: 2 });
    expect(result.freedBytes).toBeGreaterThanOrEqual(32 * MIB);
    expect(await present(app)).toEqual([id('s3'), id('s2'), id('s1')].sort());
    expect(freeBytes(outputDir(app))).toBeGreaterThan(free + 24 * MIB - 8 * MIB);

    // Now above the threshold: nothing more goes.
    const calm = await runNow(app);
    expect(calm.plan.spaceStrategy).toMatchObject({ needsCleanup: false, candidateCount: 0, iterations: 0 });
    expect(calm.totalDeleted).toBe(0);
  });

  it('says so when everything that may go is not enough', async () => {
    const app = await boot();
    await seed(app, [
      { sourceId: id('tiny1'), daysAgo: 9 },
      { sourceId: id('tiny2'), daysAgo: 8, protected: true },
    ]);
    const huge = `${Math.ceil(freeBytes(outputDir(app)) / MIB) + 1024}MB`;
    const preview = await dryRun(app, { autoRemovalFreeSpaceThreshold: huge });
    expect(preview.success).toBe(false);
    expect(preview.errors).toEqual([expect.stringMatching(/^Free space would still be below .*MB: removing 1 video/)]);
    expect(sampleIds(preview.plan.spaceStrategy)).toEqual([id('tiny1')]);
  });
});

describe('the preview is the run', () => {
  it('a saved keep-recent count guards the preview too, when the preview sends other keys only', async () => {
    const app = await boot();
    await seed(
      app,
      [1, 2, 3, 4].map((n) => ({ sourceId: id(`same${n}`), daysAgo: 10 - n })),
    );
    expect((await call(app, 'PATCH', '/api/config', { autoRemovalKeepRecentCount: 1 })).status).toBe(200);
    const huge = `${Math.ceil(freeBytes(outputDir(app)) / MIB) + 1024}MB`;
    const preview = await dryRun(app, { autoRemovalFreeSpaceThreshold: huge });
    expect(preview.plan.keepRecent).toEqual({ count: 1, protectedCount: 1 });
    expect(sampleIds(preview.plan.spaceStrategy)).toEqual([id('same1'), id('same2'), id('same3')]);
    const run = await runNow(app, { autoRemovalEnabled: true, autoRemovalFreeSpaceThreshold: huge });
    expect(run.deletedBySpace).toBe(preview.deletedBySpace);
    expect(sampleIds(run.plan.spaceStrategy)).toEqual(sampleIds(preview.plan.spaceStrategy));
    expect(await present(app)).toEqual([id('same4')]);
  });
});

describe('guards and strategies together', () => {
  it('keep-recent (global and per channel), protected videos and protected channels are never removed; age, watched and space run in that order', async () => {
    const app = await boot();
    const subscribe = await call(app, 'POST', '/updatechannels', {
      add: [
        { url: '@retkeep', settings: { auto_download_enabled_tabs: '' } },
        { url: '@retsafe', settings: { auto_download_enabled_tabs: '' } },
        { url: '@retgone', settings: { auto_download_enabled_tabs: '' } },
      ],
    });
    expect(subscribe.status, JSON.stringify(subscribe.body)).toBe(200);
    expect(
      (await call(app, 'PUT', `/api/channels/${keepCh}/settings`, { auto_removal_keep_recent_count: 2 })).status,
    ).toBe(200);
    expect((await call(app, 'PUT', `/api/channels/${safeCh}/settings`, { auto_removal_protected: true })).status).toBe(
      200,
    );
    // Protection of a channel nobody is subscribed to any more is dormant (spec 2.3).
    expect((await call(app, 'PUT', `/api/channels/${goneCh}/settings`, { auto_removal_protected: true })).status).toBe(
      200,
    );
    expect((await call(app, 'POST', '/updatechannels', { remove: ['@retgone'] })).status).toBe(200);

    const keep = { channelId: keepCh, channelName: 'Keep Channel' };
    const safe = { channelId: safeCh, channelName: 'Safe Channel' };
    const gone = { channelId: goneCh, channelName: 'Gone Channel' };
    await seed(app, [
      { sourceId: id('k1'), daysAgo: 200, ...keep },
      { sourceId: id('k2'), daysAgo: 190, ...keep },
      { sourceId: id('k3'), daysAgo: 180, ...keep }, // the channel's two most recent: kept
      { sourceId: id('k4'), daysAgo: 170, ...keep },
      { sourceId: id('safe'), daysAgo: 300, ...safe }, // protected channel
      { sourceId: id('gone'), daysAgo: 250, ...gone }, // dormant protection: goes by age
      { sourceId: id('prot'), daysAgo: 400, protected: true }, // protected video
      { sourceId: id('old'), daysAgo: 120 }, // age
      { sourceId: id('watched'), daysAgo: 20 }, // watched
      { sourceId: id('space1'), daysAgo: 15, bytes: 16 * MIB }, // space (oldest left)
      { sourceId: id('space2'), daysAgo: 12, bytes: 16 * MIB },
      { sourceId: id('space3'), daysAgo: 9, bytes: 16 * MIB },
      { sourceId: id('new1'), daysAgo: 2 }, // global keep-recent 2
      { sourceId: id('new2'), daysAgo: 1 },
    ]);
    watch.states.set(id('watched'), { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: null });
    // Age and watched would be removed by the age strategy too if they were older; the watched one is not.
    watch.states.set(id('old'), { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: null });
    watch.states.set(id('new1'), { watched: true, watchedBy: ['ann (Plex)'], lastWatchedAt: null });
    const threshold = `${Math.ceil((freeBytes(outputDir(app)) + 24 * MIB) / MIB)}MB`;
    const settings = {
      autoRemovalVideoAgeThreshold: '100',
      autoRemovalWatchedEnabled: true,
      autoRemovalFreeSpaceThreshold: threshold,
      autoRemovalKeepRecentCount: 2,
    };

    const preview = await dryRun(app, settings);
    expect(preview.plan.keepRecent).toEqual({ count: 2, protectedCount: 4 });
    expect(sampleIds(preview.plan.ageStrategy)).toEqual([id('gone'), id('k1'), id('k2'), id('old')]);
    expect(sampleIds(preview.plan.watchedStrategy)).toEqual([id('watched')]);
    // The age and watched picks are left out of the space simulation and their bytes credited.
    expect(sampleIds(preview.plan.spaceStrategy)).toEqual([id('space1'), id('space2')]);
    expect(preview.simulationTotals).toMatchObject({ byAge: 4, byWatched: 1, bySpace: 2, total: 7 });
    expect(await present(app)).toHaveLength(14);

    const result = await runNow(app, settings);
    expect(result).toMatchObject({
      success: true,
      deletedByAge: 4,
      deletedByWatched: 1,
      deletedBySpace: 2,
      totalDeleted: 7,
    });
    expect(await present(app)).toEqual(
      [id('k3'), id('k4'), id('safe'), id('prot'), id('space3'), id('new1'), id('new2')].sort(),
    );
    // Nested folders went whole; the channel folder of the removed videos stays while others are in it.
    expect(existsSync(dirname(mediaPath(app, { sourceId: id('k1'), daysAgo: 0, ...keep })))).toBe(false);
    expect(existsSync(mediaPath(app, { sourceId: id('k3'), daysAgo: 0, ...keep }))).toBe(true);
    // The "Gone Channel" folder held only that video: it is gone too.
    expect(existsSync(`${outputDir(app)}/Gone Channel`)).toBe(false);
    watch.states.clear();
  });
});

describe('runs', () => {
  it('need something to remove by; Run now of the task runs while the nightly removal is off', async () => {
    const app = await boot();
    await seed(app, [{ sourceId: id('n1'), daysAgo: 50 }]);
    const nothing = await call(app, 'POST', '/api/auto-removal/run');
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ code: 'RETENTION_NOTHING_CONFIGURED' });
    expect(nothing.body.error).toMatch(/no age or free-space threshold is set/);
    const empty = await dryRun(app);
    expect(empty).toMatchObject({ totalDeleted: 0, success: true });
    const bare = await app.t.app.inject({ method: 'POST', url: '/api/auto-removal/dry-run', headers: app.headers });
    expect(bare.json()).toEqual(empty);
    expect(empty.plan.ageStrategy.enabled).toBe(false);

    const task = (await call(app, 'GET', '/api/schedules')).body.schedules.find(
      (t: { key: string }) => t.key === 'retention.auto-removal',
    );
    expect(task).toMatchObject({ schedule: '0 2 * * *', enabled: true });
    const runTask = async () => {
      const started = await call(app, 'POST', '/api/schedules/retention.auto-removal/run');
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      return until(async () => {
        const runs = await call(app, 'GET', '/api/schedules/retention.auto-removal/runs');
        const r = runs.body.runs.find((x: { id: number }) => x.id === started.body.run.id);
        return r && r.status !== 'running' ? r : undefined;
      }, 20_000);
    };
    // A person's Run now runs although the nightly removal is switched off (the unit test of the
    // runner shows that the nightly and start-up runs are still skipped then).
    await call(app, 'PATCH', '/api/config', { autoRemovalVideoAgeThreshold: '30' });
    const ran = await runTask();
    expect(ran).toMatchObject({ status: 'success', outcome: 'removed-1' });
    expect(ran.message).toMatch(/^Removed 1 video\(s\)/);
    expect(await present(app)).toEqual([]);
    const status = (await call<AutoRemovalStatus>(app, 'GET', '/api/auto-removal/status')).body;
    expect(status).toMatchObject({
      enabled: false,
      running: false,
      lastRun: { trigger: 'manual', result: { deletedByAge: 1 } },
    });
  });

  it('run one at a time: a second run while one runs answers 409', async () => {
    const app = await boot();
    await seed(
      app,
      Array.from({ length: 30 }, (_, i) => ({ sourceId: id(`busy${i}`), daysAgo: 50 + i })),
    );
    await call(app, 'PATCH', '/api/config', { autoRemovalVideoAgeThreshold: '10' });
    const [a, b] = await Promise.all([
      call(app, 'POST', '/api/auto-removal/run'),
      call(app, 'POST', '/api/auto-removal/run'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({ code: 'RETENTION_RUNNING' });
    expect((a.status === 200 ? a : b).body.totalDeleted).toBe(30);
  });

  it('refuse settings that break the rules, with every problem named', async () => {
    const app = await boot();
    const bad = await call(app, 'POST', '/api/auto-removal/dry-run', {
      autoRemovalFreeSpaceThreshold: '1TB',
      autoRemovalVideoAgeThreshold: '0',
    });
    expect(bad.status).toBe(400);
    expect([...new Set(bad.body.details.map((d: { path: string }) => d.path))].sort()).toEqual([
      'body/autoRemovalFreeSpaceThreshold',
      'body/autoRemovalVideoAgeThreshold',
    ]);
    expect((await call(app, 'POST', '/api/auto-removal/dry-run', { somethingElse: true })).status).toBe(400);
    expect((await call(app, 'PATCH', '/api/config', { autoRemovalFreeSpaceThreshold: '500' })).status).toBe(400);
  });
});
