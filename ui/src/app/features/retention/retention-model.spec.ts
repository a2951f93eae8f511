import { GB, removalResult, sampleVideo } from '../../../testing/fixtures/retention';
import {
  AGE_CHOICES,
  RETENTION_DEFAULTS,
  changedValues,
  controlOfKey,
  daysProblem,
  dryRunBody,
  keepRecentProblem,
  spaceAmountProblem,
  toModel,
  toValues,
  valuesOf,
  type RetentionValues,
} from './retention-model';
import { keepRecentText, resultBreakdown, resultHeadline, strategyViews } from './removal-words';

const values = (extra: Partial<RetentionValues> = {}): RetentionValues => ({ ...RETENTION_DEFAULTS, ...extra });

describe('retention form model', () => {
  it('offers the reference’s age choices, off and custom', () => {
    expect(AGE_CHOICES.map((c) => c.value)).toEqual([
      'off',
      '7',
      '14',
      '30',
      '60',
      '120',
      '180',
      '365',
      '730',
      '1095',
      '1825',
      'custom',
    ]);
    expect(AGE_CHOICES.find((c) => c.value === '730')?.label).toBe('2 years (730 days)');
  });

  it('reads the saved thresholds into choices, amounts and units, and back', () => {
    const saved = values({
      autoRemovalVideoAgeThreshold: '30',
      autoRemovalFreeSpaceThreshold: '500MB',
      autoRemovalKeepRecentCount: 5,
      watchStatusWatchedRule: 'primary',
    });
    const m = toModel(saved);
    expect(m).toMatchObject({ age: '30', ageDays: '', spaceOn: true, spaceAmount: '500', spaceUnit: 'MB' });
    expect(m).toMatchObject({ keepRecent: '5', rule: 'primary' });
    expect(toValues(m)).toEqual(saved);
    // A value that is not one of the choices is a custom number of days.
    expect(toModel(values({ autoRemovalVideoAgeThreshold: '45' }))).toMatchObject({ age: 'custom', ageDays: '45' });
    expect(toModel(values())).toMatchObject({ age: 'off', spaceOn: false, spaceUnit: 'GB' });
    expect(toValues(toModel(values()))).toEqual(values());
  });

  it('turns what was picked into config values', () => {
    const m = { ...toModel(values()), age: 'custom', ageDays: ' 45 ', spaceOn: true, spaceAmount: '20' };
    expect(toValues(m)).toMatchObject({ autoRemovalVideoAgeThreshold: '45', autoRemovalFreeSpaceThreshold: '20GB' });
    expect(toValues({ ...m, age: 'off', spaceOn: false })).toMatchObject({
      autoRemovalVideoAgeThreshold: null,
      autoRemovalFreeSpaceThreshold: null,
    });
  });

  it('takes defaults for keys the server does not send', () => {
    expect(valuesOf({ autoRemovalEnabled: true })).toEqual(values({ autoRemovalEnabled: true }));
  });

  it('sends every retention key and the rule to the dry run, and only changed keys to the save', () => {
    const current = values({ autoRemovalVideoAgeThreshold: '7', watchStatusWatchedRule: 'primary' });
    expect(dryRunBody(current)).toEqual({
      autoRemovalEnabled: false,
      autoRemovalVideoAgeThreshold: '7',
      autoRemovalFreeSpaceThreshold: null,
      autoRemovalWatchedEnabled: false,
      autoRemovalWatchedMinDaysSinceWatched: '',
      autoRemovalWatchedMinVideoAgeDays: '',
      autoRemovalKeepRecentCount: 0,
      watchStatusWatchedRule: 'primary',
    });
    expect(changedValues(values(), current)).toEqual({
      autoRemovalVideoAgeThreshold: '7',
      watchStatusWatchedRule: 'primary',
    });
  });

  it('checks the numbers as the schemas do', () => {
    expect(daysProblem('', true)).toBe('Enter a number of days');
    expect(daysProblem('', false)).toBeNull();
    expect(daysProblem('0', false)).toBe('At least 1 day');
    expect(daysProblem('1.5', true)).toBe('Whole days only, e.g. 30');
    expect(daysProblem('1000000', true)).toBe('At most 999,999 days');
    expect(spaceAmountProblem('')).toBe('Enter an amount, e.g. 20');
    expect(spaceAmountProblem('1.5')).toMatch(/choose MB/);
    expect(spaceAmountProblem('10000000')).toBe('At most 9,999,999');
    expect(spaceAmountProblem('20')).toBeNull();
    expect(keepRecentProblem('0')).toBeNull();
    expect(keepRecentProblem('-1')).toBe('A whole number, 0 or more');
    expect(keepRecentProblem('100001')).toBe('At most 100,000');
  });

  it('knows which control a server objection belongs to', () => {
    expect(controlOfKey('autoRemovalVideoAgeThreshold', { age: 'custom' })).toBe('ageDays');
    expect(controlOfKey('autoRemovalVideoAgeThreshold', { age: '30' })).toBe('age');
    expect(controlOfKey('autoRemovalFreeSpaceThreshold', { age: 'off' })).toBe('spaceAmount');
    expect(controlOfKey('watchStatusWatchedRule', { age: 'off' })).toBe('rule');
    expect(controlOfKey('somethingElse', { age: 'off' })).toBeNull();
  });
});

describe('a removal plan in words', () => {
  it('gives sizes in the units of every other page (decimal, as formatBytes), thresholds as they were set', () => {
    const run = removalResult({ dryRun: false, totalDeleted: 1, deletedByAge: 1, freedBytes: 1_400_000 });
    // 1024-based units made this "1.3 MB" here and "1.4 MB" in the Library.
    expect(resultHeadline(run)).toBe('Removed 1 video and freed 1.4 MB.');
    const r = removalResult();
    r.plan.spaceStrategy = {
      ...r.plan.spaceStrategy,
      enabled: true,
      threshold: '20GB',
      thresholdBytes: 20 * GB,
      storageStatus: { totalBytes: 500_000_000_000, freeBytes: 100_000_000_000 },
    };
    expect(strategyViews(r).find((v) => v.key === 'spaceStrategy')!.rule).toBe(
      'Keep at least 20 GB free; 100 GB of 500 GB free now',
    );
  });

  it('sums up a preview per strategy, with skipped reasons and samples', () => {
    const r = removalResult();
    r.plan.ageStrategy = {
      ...r.plan.ageStrategy,
      enabled: true,
      thresholdDays: 30,
      candidateCount: 12,
      estimatedFreedBytes: 24 * GB,
      sampleVideos: Array.from({ length: 10 }, (_, i) => sampleVideo(i + 1)),
    };
    r.plan.watchedStrategy = {
      ...r.plan.watchedStrategy,
      enabled: true,
      skipped: 'watch-status sync is switched off',
      minDaysSinceWatched: 7,
    };
    r.plan.spaceStrategy = {
      ...r.plan.spaceStrategy,
      enabled: true,
      threshold: '20GB',
      thresholdBytes: 20 * GB,
      storageStatus: { totalBytes: 500 * GB, freeBytes: 100 * GB },
    };
    r.plan.keepRecent = { count: 5, protectedCount: 7 };
    r.simulationTotals = { byAge: 12, byWatched: 0, bySpace: 0, total: 12, estimatedFreedBytes: 24 * GB };
    const [age, watched, space] = strategyViews(r);
    expect(age).toMatchObject({
      title: 'By age',
      rule: 'Downloaded more than 30 days ago',
      state: 'ran',
      summary: 'Would remove 12 videos, about 26 GB',
      more: 2,
    });
    expect(age!.samples).toHaveLength(10);
    expect(watched).toMatchObject({
      state: 'skipped',
      summary: 'Skipped: watch-status sync is switched off',
      rule: 'Counted as watched by any synced account, last watched at least 7 days ago',
      samples: [],
    });
    expect(space).toMatchObject({
      rule: 'Keep at least 20 GB free; 107 GB of 537 GB free now',
      summary: 'Enough free space: nothing to remove',
    });
    expect(resultHeadline(r)).toBe('Would remove 12 videos and free about 26 GB.');
    expect(resultBreakdown(r)).toBe('By age 12 · watched 0 · free space 0');
    expect(keepRecentText(r.plan)).toBe(
      'Kept by the keep-recent counts (the newest 5 overall, plus each channel’s own): 7 videos.',
    );
  });

  it('says what a run removed, and when nothing would go', () => {
    expect(resultHeadline(removalResult())).toBe('Nothing would be removed with these settings.');
    expect(strategyViews(removalResult()).map((s) => s.summary)).toEqual(['Off', 'Off', 'Off']);
    expect(keepRecentText(removalResult().plan)).toBeNull();
    const run = removalResult({ dryRun: false, totalDeleted: 3, deletedByWatched: 3, freedBytes: 3 * GB });
    delete run.simulationTotals;
    run.plan.watchedStrategy = { ...run.plan.watchedStrategy, enabled: true, deletedCount: 3, failedCount: 1 };
    expect(resultHeadline(run)).toBe('Removed 3 videos and freed 3.2 GB.');
    expect(resultBreakdown(run)).toBe('By age 0 · watched 3 · free space 0');
    expect(strategyViews(run)[1]!.summary).toBe('Removed 3 videos; 1 could not be removed');
  });
});
