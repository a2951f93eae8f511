import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DownloaderErrorCodes, type PluginLogger } from '@vidkeep/contracts';
import { diagnose, toDiagnosis } from '../ytdlp/failures.js';
import type { DownloaderJob } from '../entities.js';
import { emptyAux, type JobStore } from './job-store.js';

const UUID_DIR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNFINISHED = ['queued', 'downloading', 'processing'] as const;

/**
 * Jobs found `running` at start ran when the process died: they become `interrupted`, with
 * their unfinished videos, and keep what they downloaded.
 */
export async function markInterrupted(store: JobStore, log: PluginLogger): Promise<void> {
  for (const job of await store.byStatus(['running'])) {
    const diagnosis = toDiagnosis(diagnose('interrupted'));
    const aux = { ...emptyAux(), ...(job.auxData ?? {}) };
    for (const v of await store.videos(job.id)) {
      if (!UNFINISHED.some((s) => s === v.state)) continue;
      aux.failedVideos.push({ sourceId: v.sourceId, error: diagnosis.cause, kind: 'interrupted' });
    }
    aux.diagnoses.push({ ...diagnosis, sourceId: null });
    await store.settleVideos(job.id, [...UNFINISHED], 'interrupted', { ...diagnosis, sourceId: null });
    const counts = (await store.counts([job.id])).get(job.id)!;
    await store.update(job.id, {
      status: 'interrupted',
      auxData: aux,
      finishedAt: new Date(),
      errorCode: DownloaderErrorCodes.interrupted,
      message: `Interrupted: the server stopped while this job ran. ${counts.completed} downloaded before that are kept; queue the rest again.`,
    });
    log.warn({ jobId: job.id }, 'Job was running when the server stopped; marked interrupted');
  }
}

/** Removes leftovers of jobs that are not running (only job-id folders: the base may be shared). */
export async function cleanStaging(base: string, isRunning: (jobId: string) => boolean): Promise<void> {
  await mkdir(base, { recursive: true }).catch(() => undefined);
  const entries = await readdir(base).catch(() => [] as string[]);
  for (const name of entries) {
    if (UUID_DIR.test(name) && !isRunning(name)) await rm(join(base, name), { recursive: true, force: true });
  }
}

/** Cancels a job that has not started (or waits to download videos again): its videos too. */
export async function cancelQueued(store: JobStore, job: DownloaderJob): Promise<void> {
  await store.settleVideos(job.id, ['queued'], 'cancelled', toDiagnosis(diagnose('cancelled'), null));
  // A job waiting for an automatic retry: the retries it waited for are off.
  const waiting = job.auxData?.autoRetries?.some((r) => r.outcome === 'waiting');
  const aux = waiting
    ? {
        auxData: {
          ...job.auxData!,
          autoRetries: (job.auxData?.autoRetries ?? []).map((r) =>
            r.outcome === 'waiting' ? { ...r, nextAttemptAt: null, outcome: 'cancelled' as const } : r,
          ),
        },
      }
    : {};
  await store.update(job.id, {
    status: 'cancelled',
    finishedAt: new Date(),
    retryAt: null,
    pausedAt: null,
    message: waiting ? 'Cancelled while it waited to download videos again' : 'Cancelled before it started',
    ...aux,
  });
}
