import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@vidkeep/contracts';
import { buildTestApp, completeSetup, type TestApp } from '@vidkeep/core/testing';
import type { Orm } from '@vidkeep/core/plugin-api';

interface Page {
  videos: Video[];
  total: number;
  page: number;
  pageSize: number;
}

const DAY = 86_400_000;
const rows = [
  // source_id, title, channel, duration, file_size, removed, days ago
  ['aaaaaaaaaaa', '100% real footage', 'Alpha Channel', 60, 5_000, false, 1],
  ['bbbbbbbbbbb', '1000 real things', 'Beta Channel', 600, 9_000, false, 2],
  ['ccccccccccc', 'Under_score tricks', 'alpha channel', 30, null, false, 3],
  ['ddddddddddd', 'Underscore tricks', 'Gamma', 3600, 1_000, false, 4],
  ['eeeeeeeeeee', 'Removed one', 'Alpha Channel', 10, 2_000, true, 5],
] as const;

describe('GET /api/videos (the library list)', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    headers = { 'x-access-token': await completeSetup(t) };
    const orm = t.app.diContainer.resolve<Orm>('orm');
    const now = Date.now();
    for (const [sourceId, title, channel, duration, size, removed, daysAgo] of rows) {
      await orm.em.getConnection().execute(
        `insert into library_videos (source_id, title, channel_name, channel_id, duration, upload_date, media_type, file_path, file_size, video_resolution, removed, downloaded_at)
         values (?, ?, ?, 'UCaaaaaaaaaaaaaaaaaaaaaa', ?, '20260101', 'video', ?, ?, '1280x720', ?, ?)`,
        [
          sourceId,
          title,
          channel,
          duration,
          `${t.dir}/data/${channel}/${title} [${sourceId}].mp4`, // inside the output dir: deletable
          size,
          removed,
          orm.em.getPlatform().processDateProperty(new Date(now - daysAgo * DAY)),
        ] as never[],
        'run',
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/videos?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const ids = (p: Page) => p.videos.map((v) => v.sourceId);

  it('lists the newest downloads first with every field, leaving removed videos out', async () => {
    const p = await list('');
    expect(p.total).toBe(4);
    expect(ids(p)).toEqual(['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc', 'ddddddddddd']);
    expect(p.videos[0]).toMatchObject({
      sourceId: 'aaaaaaaaaaa',
      title: '100% real footage',
      channelName: 'Alpha Channel',
      duration: 60,
      fileSize: 5_000,
      video_resolution: '1280x720',
      removed: false,
      sourceUrl: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
    });
    expect(new Date(p.videos[0]!.downloadedAt).getTime()).toBeGreaterThan(
      new Date(p.videos[1]!.downloadedAt).getTime(),
    );
    expect((await list('includeRemoved=true')).total).toBe(5);
  });

  it('searches titles and channels without case, and takes % and _ literally', async () => {
    expect(ids(await list('search=100%25'))).toEqual(['aaaaaaaaaaa']);
    expect(ids(await list('search=under_score'))).toEqual(['ccccccccccc']);
    expect(ids(await list('search=ALPHA&sortBy=title&sortOrder=asc'))).toEqual(['aaaaaaaaaaa', 'ccccccccccc']);
    expect(ids(await list('search=ddddddddddd'))).toEqual(['ddddddddddd']);
  });

  it('sorts by each field in both directions and pages', async () => {
    expect(ids(await list('sortBy=duration&sortOrder=desc'))).toEqual([
      'ddddddddddd',
      'bbbbbbbbbbb',
      'aaaaaaaaaaa',
      'ccccccccccc',
    ]);
    expect(ids(await list('sortBy=fileSize&sortOrder=desc&pageSize=2'))).toEqual(['bbbbbbbbbbb', 'aaaaaaaaaaa']);
    const last = await list('sortBy=fileSize&sortOrder=desc&pageSize=2&page=2');
    expect(last).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(ids(last)).toEqual(['ddddddddddd', 'ccccccccccc']);
    expect(ids(await list('page=3&pageSize=2'))).toEqual([]);
  });

  it('filters by download days, duration, size, channel, protection and missing files, before paging', async () => {
    const orm = t.app.diContainer.resolve<Orm>('orm');
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    // Downloaded 1, 2, 3 and 4 days ago (a, b, c, d): a range of days is inclusive at both ends.
    expect(ids(await list(`downloadedFrom=${day(3)}&downloadedTo=${day(2)}`))).toEqual(['bbbbbbbbbbb', 'ccccccccccc']);
    expect(ids(await list(`downloadedFrom=${day(1)}`))).toEqual(['aaaaaaaaaaa']);
    expect((await list(`downloadedTo=${day(4)}`)).total).toBe(1);
    expect(ids(await list('minDuration=60&maxDuration=600&sortBy=duration&sortOrder=asc'))).toEqual([
      'aaaaaaaaaaa',
      'bbbbbbbbbbb',
    ]);
    // c has no size: it matches no size bound.
    expect(ids(await list('minSize=1000&maxSize=5000&sortBy=fileSize&sortOrder=asc'))).toEqual([
      'ddddddddddd',
      'aaaaaaaaaaa',
    ]);
    expect((await list('channelId=UCaaaaaaaaaaaaaaaaaaaaaa')).total).toBe(4);
    expect((await list('channelId=UCzzzzzzzzzzzzzzzzzzzzzz')).total).toBe(0);

    const protect = await t.app.inject({
      method: 'PATCH',
      url: '/api/videos/bbbbbbbbbbb/protected',
      headers,
      payload: { protected: true },
    });
    expect(protect.statusCode).toBe(200);
    // Remembered totals are forgotten on the change.
    expect(ids(await list('protectedFilter=only'))).toEqual(['bbbbbbbbbbb']);
    expect((await list('protectedFilter=exclude')).total).toBe(3);
    await orm.em
      .getConnection()
      .execute(
        "update library_videos set missing_at = ? where source_id = 'ccccccccccc'",
        [Date.now()] as never[],
        'run',
      );
    expect(ids(await list('missingFilter=only'))).toEqual(['ccccccccccc']);
    expect(ids(await list('missingFilter=exclude&protectedFilter=exclude&pageSize=1'))).toEqual(['aaaaaaaaaaa']);
    expect((await list('missingFilter=exclude&protectedFilter=exclude&pageSize=1')).total).toBe(2);
    await orm.em
      .getConnection()
      .execute("update library_videos set missing_at = null where source_id = 'ccccccccccc'", [] as never[], 'run');

    for (const bad of ['downloadedFrom=2026-13', 'minDuration=-1', 'protectedFilter=yes', 'minSize=abc']) {
      const res = await t.app.inject({ url: `/api/videos?${bad}`, headers });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('counts a deleted video out at once (totals are remembered only until a change)', async () => {
    expect((await list('')).total).toBe(4);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/videos/ddddddddddd', headers });
    expect(del.statusCode, del.body).toBe(200);
    const after = await list('');
    expect(after.total).toBe(3);
    expect(ids(after)).not.toContain('ddddddddddd');
    expect((await list('includeRemoved=true')).total).toBe(5);
  });
});
