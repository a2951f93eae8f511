import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JobDetail } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { startServer, type ServerProcess } from '../../helpers/server-process.js';
import { FAST_DOWNLOAD_CONFIG, watchUrl } from '../../helpers/downloads.js';
import { api, queryDatabase as query, signUp, until } from '../../helpers/server-api.js';

let platform: FakePlatform;
let dir: string;
const servers: ServerProcess[] = [];
const channelId = fakeChannelId('crash-channel');
const ids = { stall: fakeVideoId('crash-stall'), next: fakeVideoId('crash-next') };

beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [
      {
        id: ids.stall,
        title: 'Hangs Forever',
        channelId,
        channel: 'Crash Channel',
        handle: '@crash',
        failure: 'stall',
      },
      { id: ids.next, title: 'Waits Its Turn', channelId, channel: 'Crash Channel', handle: '@crash' },
    ],
  });
  dir = await mkdtemp(join(tmpdir(), 'vidkeep-crash-'));
}, 120_000);
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop('SIGKILL');
});
afterAll(async () => {
  await platform?.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({
  CONFIG_DIR: join(dir, 'config'),
  SOURCE_OUTPUT_DIR: join(dir, 'data'),
  LOG_LEVEL: 'info',
  ...platform.env,
});

describe('a kill -9 during a download', () => {
  it('leaves a consistent database, no temp files, an interrupted job and the queued job still to run', async () => {
    const first = await startServer(env());
    servers.push(first);
    const token = await signUp(first, join(dir, 'config'));
    await api(first, '/api/config', token, {
      method: 'PATCH',
      body: { ...FAST_DOWNLOAD_CONFIG, downloadSocketTimeoutSeconds: 300 },
    });

    const hanging = await api<{ jobId: string }>(first, '/api/videos/download', token, {
      method: 'POST',
      body: { url: watchUrl(ids.stall) },
    });
    const waiting = await api<{ jobId: string }>(first, '/api/videos/download', token, {
      method: 'POST',
      body: { url: watchUrl(ids.next) },
    });
    const staging = join(dir, 'data', '.vidkeep-staging');
    await until(async () => {
      const job = await api<JobDetail>(first, `/api/jobs/${hanging.jobId}`, token);
      return job.videos[0]?.state === 'downloading' && (job.videos[0]?.progress?.downloadedBytes ?? 0) > 0
        ? job
        : undefined;
    }, 'the first download to be under way');
    expect(readdirSync(staging)).toContain(hanging.jobId);

    expect(await first.stop('SIGKILL')).toBeNull();
    servers.splice(0);

    const second = await startServer(env());
    servers.push(second);
    const interrupted = await api<JobDetail>(second, `/api/jobs/${hanging.jobId}`, token);
    expect(interrupted.status).toBe('interrupted');
    expect(interrupted.videos[0]).toMatchObject({ state: 'interrupted', diagnosis: { kind: 'interrupted' } });
    expect(interrupted.auxData?.failedVideos).toEqual([
      expect.objectContaining({ sourceId: ids.stall, kind: 'interrupted' }),
    ]);
    expect(interrupted.message).toMatch(/Interrupted/);
    // Its temp files are gone; the queued job survived the crash and now runs to the end.
    expect(existsSync(join(staging, hanging.jobId))).toBe(false);
    const finished = await until(async () => {
      const job = await api<JobDetail>(second, `/api/jobs/${waiting.jobId}`, token);
      return job.status === 'completed' ? job : undefined;
    }, 'the queued job to finish after the restart');
    expect(finished.videos[0]?.state).toBe('completed');
    const activity = await api<{ videos: Record<string, unknown> }>(second, '/api/jobs/video-activity', token);
    expect(activity.videos).toEqual({});

    await second.stop('SIGTERM');
    servers.splice(0);
    const db = join(dir, 'config', 'vidkeep.db');
    expect(await query<{ integrity_check: string }>(db, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const states = await query<{ status: string }>(db, 'select status from downloader_jobs order by created_at');
    expect(states.map((s) => s.status)).toEqual(['interrupted', 'completed']);
    expect(readdirSync(staging).filter((n) => n !== '.parts')).toEqual([]);
  }, 120_000);
});
