import type { DownloaderJob } from '../entities.js';

type Slotted = Pick<DownloaderJob, 'id' | 'lane' | 'frontAt'>;

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
