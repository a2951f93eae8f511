import later from '@breejs/later';
import { cronProblem } from '@vidkeep/contracts';

// Schedules are in the server's local time zone, like the cron users know.
later.date.localTime();

const KEY_PATTERN = /^[a-z0-9-]+\.[a-z0-9-]+$/;
const KEY_MAX_LENGTH = 100;
/** later answers centuries ahead for impossible dates; five years is "never" for a schedule. */
const NEVER_MS = 5 * 366 * 86_400_000;

/** The next time a cron expression fires after `from`, or null if it never does (e.g. 31 February). */
export function nextRun(cron: string, from = new Date()): Date | null {
  if (cronProblem(cron)) return null;
  const sched = later.parse.cron(cron);
  if (sched.error !== -1 && sched.error !== undefined) return null;
  const next = later.schedule(sched).next(1, new Date(from.getTime() + 1000));
  if (!(next instanceof Date)) return null;
  return next.getTime() - from.getTime() > NEVER_MS ? null : next;
}

/** Why a cron expression cannot be used as a schedule, or null. */
export function scheduleProblem(cron: string): string | null {
  const problem = cronProblem(cron);
  if (problem) return `Invalid schedule "${cron}": ${problem}`;
  if (!nextRun(cron)) return `Invalid schedule "${cron}": it never runs`;
  return null;
}

/** A schedule as it is saved: the fields separated by single spaces. */
export function normalizeCron(cron: string): string {
  return cron.trim().split(/\s+/).join(' ');
}

/** Why a task key cannot be used, or null. */
export function taskKeyProblem(key: string): string | null {
  if (KEY_PATTERN.test(key) && key.length <= KEY_MAX_LENGTH) return null;
  return `Task key "${key}" must look like "<plugin>.<task>" in lower-case words joined by "-"`;
}

/** Calls `fn` each time `cron` fires until the returned timer is cleared. */
export function onCron(cron: string, fn: () => void): { clear(): void } {
  return later.setInterval(fn, later.parse.cron(cron), 'local');
}
