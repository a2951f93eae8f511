import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextRun, normalizeCron, onCron, scheduleProblem, taskKeyProblem } from './cron.js';

// Local times (schedules are local): Monday 6 January 2025, 10:30, far from any DST change.
const local = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi);
const MONDAY = local(2025, 1, 6, 10, 30);

describe('nextRun', () => {
  it.each([
    ['0 * * * *', MONDAY, local(2025, 1, 6, 11, 0)],
    ['*/15 * * * *', MONDAY, local(2025, 1, 6, 10, 45)],
    // Strictly after `from`: the minute it is called in does not count.
    ['30 10 * * *', MONDAY, local(2025, 1, 7, 10, 30)],
    ['0 3 * * *', MONDAY, local(2025, 1, 7, 3, 0)],
    ['30 5 * * mon-fri', local(2025, 1, 10, 12, 0), local(2025, 1, 13, 5, 30)],
    ['10-50/20 8 * * *', MONDAY, local(2025, 1, 7, 8, 10)],
    ['0 12 1,15 * *', MONDAY, local(2025, 1, 15, 12, 0)],
    ['0 0 1 jan *', MONDAY, local(2026, 1, 1, 0, 0)],
    ['0 0 29 2 *', MONDAY, local(2028, 2, 29, 0, 0)],
    ['0 0 31 2 *', MONDAY, null],
    ['61 * * * *', MONDAY, null],
    ['a b c d e', MONDAY, null],
    ['* * *', MONDAY, null],
  ])('%s after %s is %s', (cron, from, expected) => {
    expect(nextRun(cron, from)).toEqual(expected);
  });
});

describe('scheduleProblem', () => {
  it.each([
    ['0 3 * * *', null],
    ['30 5 * * mon-fri', null],
    ['0 0 31 2 *', 'Invalid schedule "0 0 31 2 *": it never runs'],
    ['* * *', 'Invalid schedule "* * *": expected 5 fields (minute hour day-of-month month day-of-week), got 3'],
    ['61 * * * *', 'Invalid schedule "61 * * * *": minute: "61" is outside 0-59'],
    ['0 0 * * 7', 'Invalid schedule "0 0 * * 7": day of week: "7" is outside 0-6'],
    ['*/0 * * * *', 'Invalid schedule "*/0 * * * *": minute: step "0" must be a number from 1'],
  ])('%s: %s', (cron, problem) => {
    expect(scheduleProblem(cron)).toBe(problem);
  });
});

describe('normalizeCron', () => {
  it.each([
    ['0 3 * * *', '0 3 * * *'],
    ['30  5 * * mon-fri', '30 5 * * mon-fri'],
    [' 0\t3 *  * * ', '0 3 * * *'],
  ])('%j is saved as %j', (cron, saved) => {
    expect(normalizeCron(cron)).toBe(saved);
  });
});

describe('taskKeyProblem', () => {
  const problem = (key: string) =>
    `Task key "${key}" must look like "<plugin>.<task>" in lower-case words joined by "-"`;
  it.each([
    ['auth.session-cleanup', null],
    ['watch-status.sync-2', null],
    [`${'a'.repeat(98)}.b`, null],
    [`${'a'.repeat(99)}.b`, problem(`${'a'.repeat(99)}.b`)],
    ['auth', problem('auth')],
    ['Auth.cleanup', problem('Auth.cleanup')],
    ['auth.session_cleanup', problem('auth.session_cleanup')],
    ['a.b.c', problem('a.b.c')],
    ['NOT A KEY', problem('NOT A KEY')],
  ])('%s: %s', (key, expected) => {
    expect(taskKeyProblem(key)).toBe(expected);
  });
});

describe('onCron', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls back each time the schedule fires, until cleared', () => {
    vi.useFakeTimers({ now: local(2025, 1, 6, 10, 0) });
    const fn = vi.fn();
    const timer = onCron('*/15 * * * *', fn);
    vi.advanceTimersByTime(14 * 60_000);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15 * 60_000);
    expect(fn).toHaveBeenCalledTimes(2);
    timer.clear();
    vi.advanceTimersByTime(60 * 60_000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
