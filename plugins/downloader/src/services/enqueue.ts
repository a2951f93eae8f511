import type { EnqueueRequest, EnqueueResult, LiveHub } from '@vidkeep/contracts';
import { videoUrl } from '@vidkeep/platform';
import type { ActivityTracker } from './activity.js';
import { toSummary, type JobStore } from './job-store.js';

/**
 * Creates a queued job for the videos of a request that are not queued or downloading already
 * (each video once), and announces it. The caller holds the queue's lock of enqueue decisions.
 */
export async function createJob(
  deps: { activity: ActivityTracker; store: JobStore; hub: LiveHub | undefined },
  request: EnqueueRequest,
): Promise<EnqueueResult> {
  const accepted: string[] = [];
  const alreadyActive: string[] = [];
  for (const id of new Set(request.sourceIds)) {
    if (deps.activity.get(id)) alreadyActive.push(id);
    else accepted.push(id);
  }
  if (accepted.length === 0) return { job: null, acceptedIds: [], alreadyActiveIds: alreadyActive };
  const job = await deps.store.create({
    type: request.type,
    label: request.label,
    options: request.options ?? {},
    requestedBy: request.requestedBy ?? null,
    videos: accepted.map((sourceId) => ({
      sourceId,
      url: videoUrl(sourceId),
      title: request.metadata?.[sourceId]?.title ?? null,
      duration: request.metadata?.[sourceId]?.duration ?? null,
      thumbnail: request.metadata?.[sourceId]?.thumbnail ?? null,
    })),
  });
  deps.activity.setMany(accepted, job.id, 'queued');
  const n = accepted.length;
  const summary = toSummary(job, { total: n, queued: n, active: 0, completed: 0, failed: 0, skipped: 0, cancelled: 0 });
  deps.hub?.broadcast({ type: 'jobUpdated', job: summary });
  return { job: summary, acceptedIds: accepted, alreadyActiveIds: alreadyActive };
}
