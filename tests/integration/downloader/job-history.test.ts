import { afterEach, describe, expect, it } from 'vitest';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import type { Orm } from '@vidkeep/core/plugin-api';

const h = new TestHarness();
afterEach(() => h.closeAll());

const DAY = 86_400_000;
const STATUSES = ['completed', 'failed', 'completed_with_errors', 'cancelled', 'interrupted'] as const;
/** Finished jobs, one per day for the last 13 days and one from 40 days ago, as [id, status, days ago]. */
const JOBS = [...Array.from({ length: 13 }, (_, i) => i + 1), 40].map(
  (daysAgo, i) =>
    [`00000000-0000-4000-8000-${String(daysAgo).padStart(12, '0')}`, STATUSES[i % STATUSES.length]!, daysAgo] as const,
);
const label = (daysAgo: number) => `Job ${daysAgo} days ago`;

async function insertJobs(t: TestApp): Promise<void> {
  const orm = t.app.diContainer.resolve<Orm>('orm');
  const date = (d: Date) => orm.em.getPlatform().processDateProperty(d);
  for (const [id, status, daysAgo] of JOBS) {
    const at = new Date(Date.now() - daysAgo * DAY);
    await orm.em.getConnection().execute(
      `insert into downloader_jobs (id, type, label, status, options, aux_data, created_at, started_at, finished_at, updated_at)
         values (?, 'manual', ?, ?, '{}', null, ?, ?, ?, ?)`,
      [id, label(daysAgo), status, date(at), date(at), date(at), date(at)] as never[],
      'run',
    );
    await orm.em
      .getConnection()
      .execute(
        `insert into downloader_job_videos (job_id, source_id, url, position, state) values (?, ?, ?, 0, 'completed')`,
        [id, `vid${daysAgo}`.padEnd(11, 'x'), 'https://www.youtube.com/watch?v=x'] as never[],
        'run',
      );
  }
}

async function history(t: TestApp, headers: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/jobs?pageSize=50', headers });
  return res.json<{ jobs: { label: string }[] }>().jobs.map((j) => j.label);
}

describe('job history', () => {
  it('keeps finished jobs jobHistoryDays long and at most jobHistoryMax of them, the newest', async () => {
    let t = await h.boot();
    const headers = { 'x-access-token': await completeSetup(t) };
    const patch = async (payload: Record<string, unknown>) =>
      expect((await t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload })).statusCode).toBe(200);
    await patch({ jobHistoryDays: 30, jobHistoryMax: 20 });
    await insertJobs(t);
    expect(await history(t, headers)).toHaveLength(14);

    // The queue prunes at start (and after every job): the 40-day-old job goes.
    t = await h.restart(t);
    expect(await history(t, headers)).toEqual(Array.from({ length: 13 }, (_, i) => label(i + 1)));

    await patch({ jobHistoryMax: 10 });
    t = await h.restart(t);
    expect(await history(t, headers)).toEqual(Array.from({ length: 10 }, (_, i) => label(i + 1)));
    const orm = t.app.diContainer.resolve<Orm>('orm');
    const rows = await orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*) as n from downloader_job_videos');
    expect(Number(rows[0]!.n)).toBe(10);
  });
});
