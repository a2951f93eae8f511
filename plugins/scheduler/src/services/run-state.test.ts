import { describe, expect, it, vi } from 'vitest';
import type { MainThreadTask, TaskResult, TaskRunContext, WorkerTask } from '@vidkeep/contracts';
import {
  applyWorkerMessage,
  mayOverlap,
  newRunState,
  PROGRESS_WRITE_MS,
  unrecordedSummary,
  workerErrorText,
  workerOutcome,
  type RunOutcome,
} from './run-state.js';
import { silentLogger } from './testing.js';

const mainTask = (extra: Partial<MainThreadTask> = {}): MainThreadTask => ({
  key: 'fixture.main',
  title: 'Main',
  defaultSchedule: '0 3 * * *',
  run: async () => undefined,
  ...extra,
});
const workerTask = (extra: Partial<WorkerTask> = {}): WorkerTask => ({
  key: 'fixture.worker',
  title: 'Worker',
  defaultSchedule: '0 3 * * *',
  worker: '/plugins/fixture/dist/jobs/work.js',
  ...extra,
});

describe('mayOverlap', () => {
  it.each([
    ['a main-thread task', mainTask(), false],
    ['a main-thread task that allows it', mainTask({ allowOverlap: true }), true],
    ['a main-thread task that refuses it', mainTask({ allowOverlap: false }), false],
    ['a worker task', workerTask(), false],
  ])('%s: %s', (_name, task, expected) => {
    expect(mayOverlap(task)).toBe(expected);
  });
});

describe('workerOutcome', () => {
  const reported: TaskResult = { outcome: 'done', message: 'Handled 3 rows' };
  it.each<[string, TaskResult | null, string | null, boolean, RunOutcome]>([
    ['a reported result', reported, null, false, { status: 'success', result: reported }],
    ['a reported skip', { status: 'skipped' }, null, false, { status: 'skipped', result: { status: 'skipped' } }],
    // The worker said how it went before its thread ended badly: its word wins.
    [
      'a result, then a crash',
      reported,
      'The worker exited with code 1',
      false,
      { status: 'success', result: reported },
    ],
    [
      'a crash',
      null,
      'The worker exited with code 3',
      false,
      { status: 'error', result: { message: 'The worker exited with code 3' } },
    ],
    [
      'nothing',
      null,
      null,
      false,
      { status: 'success', result: { message: 'The worker finished without reporting a result' } },
    ],
    [
      'the time limit',
      null,
      'took too long',
      true,
      { status: 'error', result: { status: 'error', message: 'took too long' } },
    ],
    [
      'the time limit after a result',
      reported,
      'took too long',
      true,
      { status: 'error', result: { outcome: 'done', status: 'error', message: 'took too long' } },
    ],
  ])('%s', (_name, result, error, timedOut, expected) => {
    expect(workerOutcome({ result, error }, timedOut)).toEqual(expected);
  });
});

describe('workerErrorText', () => {
  it.each([
    ['Worker for job "fixture.exit" exited with code 3', 'The worker exited with code 3'],
    ['worker exploded', 'worker exploded'],
  ])('%j reads %j', (message, text) => {
    expect(workerErrorText(new Error(message))).toBe(text);
  });
});

describe('applyWorkerMessage', () => {
  it('keeps the result for the end of the run', () => {
    const state = newRunState(workerTask(), 'manual');
    expect(applyWorkerMessage(state, { type: 'result', result: { outcome: 'done' } }, 0)).toBeNull();
    expect(state.result).toEqual({ outcome: 'done' });
  });

  it('keeps every progress report and writes one at most every PROGRESS_WRITE_MS', () => {
    const state = newRunState(workerTask(), 'manual');
    const progress = (n: number, now: number) => applyWorkerMessage(state, { type: 'progress', details: { n } }, now);
    const t0 = 10_000;
    expect(progress(1, t0)).toEqual({ kind: 'write-details', details: { n: 1 } });
    expect(progress(2, t0 + PROGRESS_WRITE_MS - 1)).toBeNull();
    expect(state.details).toEqual({ n: 2 });
    expect(progress(3, t0 + PROGRESS_WRITE_MS)).toEqual({ kind: 'write-details', details: { n: 3 } });
  });

  it("hands data to the task's onData, called on the task", async () => {
    const task = workerTask({ onData: vi.fn() });
    const next = applyWorkerMessage(newRunState(task, 'manual'), { type: 'data', payload: [1, 2] }, 0);
    expect(next).toMatchObject({ kind: 'data', payload: [1, 2] });
    if (next?.kind !== 'data') throw new Error('expected data');
    const ctx: TaskRunContext = {
      runId: 1,
      trigger: 'manual',
      logger: silentLogger,
      signal: new AbortController().signal,
    };
    await next.onData(next.payload, ctx);
    expect(task.onData).toHaveBeenCalledWith([1, 2], ctx);
    expect(vi.mocked(task.onData!).mock.contexts[0]).toBe(task);
  });

  it.each([
    ['data without onData', workerTask(), { type: 'data', payload: 1 }],
    ['something that is not a message', workerTask(), 'hello'],
    ['null', workerTask(), null],
    ['a message for a main-thread task', mainTask(), { type: 'result', result: {} }],
  ])('ignores %s', (_name, task, raw) => {
    const state = newRunState(task, 'manual');
    expect(applyWorkerMessage(state, raw, 0)).toBeNull();
    expect(state.result).toBeNull();
  });
});

describe('unrecordedSummary', () => {
  it('describes a run whose end could not be saved', () => {
    const state = { ...newRunState(workerTask(), 'scheduled'), id: 7 };
    const now = new Date('2025-01-06T10:30:00.000Z');
    expect(unrecordedSummary(state, { status: 'error', result: { outcome: 'x', message: 'boom' } }, now)).toEqual({
      id: 7,
      taskKey: 'fixture.worker',
      triggerType: 'scheduled',
      status: 'error',
      outcome: 'x',
      message: 'boom',
      details: null,
      startedAt: '2025-01-06T10:30:00.000Z',
      finishedAt: '2025-01-06T10:30:00.000Z',
    });
  });
});
