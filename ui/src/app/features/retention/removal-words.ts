import type {
  AutoRemovalPlan,
  AutoRemovalResult,
  AutoRemovalRun,
  AutoRemovalSampleVideo,
  AutoRemovalStatus,
  WatchedRule,
} from '@vidkeep/contracts';
import { formatBytes } from '../../shared/format';

/**
 * The plan of a run or a preview, in words: sizes, counts, each strategy's rule and outcome,
 * the headline and breakdown of a result, the keep-recent guard and when a run happened.
 * (The form's values and their checks are in `retention-model.ts`.)
 */
export type { AutoRemovalPlan, AutoRemovalResult, AutoRemovalRun, AutoRemovalSampleVideo, AutoRemovalStatus };

const fmt = (n: number) => n.toLocaleString('en-US');

/** A free-space threshold as it was set: "20GB" → "20 GB" (the unit the form offers, 1024-based). */
const thresholdText = (threshold: string): string => threshold.replace(/^(\d+)\s*([KMGT]?B)$/i, '$1 $2');

export const videoCount = (n: number): string => `${fmt(n)} video${n === 1 ? '' : 's'}`;

export type StrategyKey = 'ageStrategy' | 'watchedStrategy' | 'spaceStrategy';

/** One strategy of a plan as the page lists it. */
export interface StrategyView {
  key: StrategyKey;
  title: string;
  /** The rule as it was applied ("downloaded more than 30 days ago"). */
  rule: string;
  /** Off, skipped (why), or what it found / did. */
  state: 'off' | 'skipped' | 'ran';
  summary: string;
  samples: AutoRemovalSampleVideo[];
  /** Candidates beyond the samples listed. */
  more: number;
}

type Strategy = AutoRemovalPlan[StrategyKey];

const RULE_WORDS: Readonly<Record<WatchedRule, string>> = {
  any: 'watched by any synced account',
  primary: 'watched by the primary account of a server',
};

function ruleOf(key: StrategyKey, plan: AutoRemovalPlan): string {
  if (key === 'ageStrategy') {
    const d = plan.ageStrategy.thresholdDays;
    return d ? `Downloaded more than ${fmt(d)} day${d === 1 ? '' : 's'} ago` : 'No age set';
  }
  if (key === 'watchedStrategy') {
    const w = plan.watchedStrategy;
    const limits = [
      w.minDaysSinceWatched ? `last watched at least ${fmt(w.minDaysSinceWatched)} days ago` : null,
      w.minVideoAgeDays ? `downloaded at least ${fmt(w.minVideoAgeDays)} days ago` : null,
    ].filter((l): l is string => l !== null);
    const text = `Counted as ${RULE_WORDS[w.rule]}`;
    return limits.length ? `${text}, ${limits.join(' and ')}` : text;
  }
  const s = plan.spaceStrategy;
  if (!s.threshold) return 'No free-space minimum set';
  const want = `Keep at least ${thresholdText(s.threshold)} free`;
  if (!s.storageStatus) return want;
  const now = `${formatBytes(s.storageStatus.freeBytes)} of ${formatBytes(s.storageStatus.totalBytes)} free now`;
  return `${want}; ${now}`;
}

function summaryOf(key: StrategyKey, s: Strategy, dryRun: boolean): string {
  if (key === 'spaceStrategy' && !(s as AutoRemovalPlan['spaceStrategy']).needsCleanup && s.candidateCount === 0)
    return 'Enough free space: nothing to remove';
  if (dryRun) {
    if (s.candidateCount === 0) return 'Would remove nothing';
    return `Would remove ${videoCount(s.candidateCount)}, about ${formatBytes(s.estimatedFreedBytes)}`;
  }
  const failed = s.failedCount ? `; ${fmt(s.failedCount)} could not be removed` : '';
  return s.deletedCount === 0 && !failed ? 'Removed nothing' : `Removed ${videoCount(s.deletedCount)}${failed}`;
}

const TITLES: Readonly<Record<StrategyKey, string>> = {
  ageStrategy: 'By age',
  watchedStrategy: 'Watched videos',
  spaceStrategy: 'By free space',
};

/** The strategies of a result in the order they run: age, watched, space. */
export function strategyViews(result: AutoRemovalResult): StrategyView[] {
  const plan = result.plan;
  return (['ageStrategy', 'watchedStrategy', 'spaceStrategy'] as const).map((key) => {
    const s: Strategy = plan[key];
    const state = !s.enabled ? 'off' : s.skipped ? 'skipped' : 'ran';
    const summary =
      state === 'off' ? 'Off' : state === 'skipped' ? `Skipped: ${s.skipped}` : summaryOf(key, s, result.dryRun);
    const samples = state === 'ran' ? s.sampleVideos : [];
    const shown = result.dryRun ? s.candidateCount : s.deletedCount;
    return {
      key,
      title: TITLES[key],
      rule: ruleOf(key, plan),
      state,
      summary,
      samples,
      more: Math.max(0, shown - samples.length),
    };
  });
}

/** The headline of a result: what a preview would remove, or what a run removed. */
export function resultHeadline(r: AutoRemovalResult): string {
  if (r.dryRun) {
    const t = r.simulationTotals;
    const total =
      t?.total ??
      r.plan.ageStrategy.candidateCount + r.plan.watchedStrategy.candidateCount + r.plan.spaceStrategy.candidateCount;
    const bytes = t?.estimatedFreedBytes ?? 0;
    if (total === 0) return 'Nothing would be removed with these settings.';
    return `Would remove ${videoCount(total)} and free about ${formatBytes(bytes)}.`;
  }
  if (r.totalDeleted === 0) return 'Nothing was removed.';
  return `Removed ${videoCount(r.totalDeleted)} and freed ${formatBytes(r.freedBytes)}.`;
}

/** How many each strategy counted (a preview's totals; a run's deletions). */
export function resultBreakdown(r: AutoRemovalResult): string {
  const t = r.dryRun
    ? (r.simulationTotals ?? { byAge: 0, byWatched: 0, bySpace: 0 })
    : { byAge: r.deletedByAge, byWatched: r.deletedByWatched, bySpace: r.deletedBySpace };
  return `By age ${fmt(t.byAge)} · watched ${fmt(t.byWatched)} · free space ${fmt(t.bySpace)}`;
}

/** The keep-recent guard in words, or null when it kept nothing. */
export function keepRecentText(plan: AutoRemovalPlan): string | null {
  const k = plan.keepRecent;
  if (k.protectedCount === 0 && k.count === 0) return null;
  const global = k.count > 0 ? `the newest ${fmt(k.count)} overall` : 'no global count';
  return `Kept by the keep-recent counts (${global}, plus each channel’s own): ${videoCount(k.protectedCount)}.`;
}

const RUN_TRIGGERS: Readonly<Record<AutoRemovalRun['trigger'], string>> = {
  scheduled: 'The nightly run',
  manual: 'A run started by hand',
};

/** "The nightly run started Nov 25, 2026, 2:00 AM and finished 2:00 AM." */
export function runWhen(run: AutoRemovalRun, when: (iso: string | null) => string): string {
  const started = `${RUN_TRIGGERS[run.trigger]} started ${when(run.startedAt)}`;
  return run.finishedAt ? `${started} and finished ${when(run.finishedAt)}.` : `${started} and has not finished.`;
}
