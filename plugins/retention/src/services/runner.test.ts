import type { AutoRemovalResult, RetentionConfigSection, TaskRunContext, TaskTrigger } from '@vidkeep/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { RetentionEngine } from './engine.js';
import type { RunStore } from './run-store.js';
import { RetentionRunner } from './runner.js';

const settings = (on: boolean): RetentionConfigSection => ({
  autoRemovalEnabled: on,
  autoRemovalVideoAgeThreshold: '30',
  autoRemovalFreeSpaceThreshold: null,
  autoRemovalWatchedEnabled: false,
  autoRemovalWatchedMinDaysSinceWatched: '',
  autoRemovalWatchedMinVideoAgeDays: '',
  autoRemovalKeepRecentCount: 0,
});

const strategy = { sampleVideos: [] };
const result = {
  totalDeleted: 2,
  deletedByAge: 2,
  deletedByWatched: 0,
  deletedBySpace: 0,
  freedBytes: 2000,
  errors: [],
  plan: { ageStrategy: strategy, watchedStrategy: strategy, spaceStrategy: strategy },
} as unknown as AutoRemovalResult;

function runner(on: boolean) {
  const engine = { run: vi.fn(async () => result) };
  const store = { start: vi.fn(async () => 1), finish: vi.fn(async () => undefined) };
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const r = new RetentionRunner({
    engine: engine as unknown as RetentionEngine,
    store: store as unknown as RunStore,
    settings: () => settings(on),
    logger: logger as never,
  });
  return { r, engine, store };
}

const ctx = (trigger: TaskTrigger): TaskRunContext => ({
  runId: 1,
  trigger,
  logger: {} as never,
  signal: new AbortController().signal,
});

describe('the automatic-removal task', () => {
  it('skips its own runs while the nightly removal is switched off', async () => {
    for (const trigger of ['scheduled', 'startup'] as const) {
      const { r, engine } = runner(false);
      expect(await r.scheduled(ctx(trigger))).toMatchObject({ status: 'skipped', outcome: 'disabled' });
      expect(engine.run).not.toHaveBeenCalled();
    }
  });

  it("runs a person's Run now even while the nightly removal is switched off", async () => {
    const { r, engine, store } = runner(false);
    expect(await r.scheduled(ctx('manual'))).toMatchObject({ status: 'success', outcome: 'removed-2' });
    expect(engine.run).toHaveBeenCalledOnce();
    expect(store.start).toHaveBeenCalledWith('manual', expect.any(Date));
  });

  it('runs on schedule while switched on', async () => {
    const { r, store } = runner(true);
    expect(await r.scheduled(ctx('scheduled'))).toMatchObject({ status: 'success' });
    expect(store.start).toHaveBeenCalledWith('scheduled', expect.any(Date));
  });
});
