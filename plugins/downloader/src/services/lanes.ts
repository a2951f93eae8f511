import type { DownloaderJob } from '../entities.js';

type Slotted = Pick<DownloaderJob, 'id' | 'lane' | 'frontAt'>;
type Owned = Slotted & Pick<DownloaderJob, 'type' | 'label' | 'options'>;

/**
 * Whether the next queued job may start now, given the jobs holding download slots, and which
 * running job yields its slot otherwise:
 * - a person's request (`manual`) or a job moved to the front starts whenever a slot is free;
 * - automatic work leaves one slot free for a person's requests when more than one job may run
 *   (it takes at most `concurrentJobs - 1`);
 * - with no slot free, a person's request (or a job moved to the front) makes a running automatic
 *   job yield: it goes back into the queue behind it and later resumes where it stopped. A job
 *   moved to the front never yields.
 */
export function slotFor(next: Slotted, downloading: readonly Slotted[], concurrentJobs: number) {
  const automatic = downloading.filter((j) => j.lane !== 'manual');
  const urgent = next.lane === 'manual' || next.frontAt !== null;
  const free = downloading.length < concurrentJobs;
  const start = urgent ? free : free && automatic.length < Math.max(1, concurrentJobs - 1);
  const yielding = !start && urgent ? automatic.find((j) => j.frontAt === null) : undefined;
  return { start, yielding: yielding?.id ?? null };
}

/** Whose work a job is, for turns: its channel, else its kind and name (a playlist, an import). */
export const ownerOf = (job: Pick<DownloaderJob, 'type' | 'label' | 'options'>): string =>
  job.options?.ownerChannelId ?? `${job.type}:${job.label}`;

/**
 * Fair turns between channels: when the next automatic job cannot start for want of a slot and a
 * running automatic job belongs to someone else, that job gives its slot up after its current
 * video (and joins the queue again behind the waiting one). A backlog of one channel so delays
 * another channel's new video by one video at most. Jobs moved to the front never yield.
 */
export function fairYield(next: Owned, downloading: readonly Owned[]): string | null {
  if (next.lane !== 'automatic') return null;
  const owner = ownerOf(next);
  return downloading.find((j) => j.lane === 'automatic' && j.frontAt === null && ownerOf(j) !== owner)?.id ?? null;
}
