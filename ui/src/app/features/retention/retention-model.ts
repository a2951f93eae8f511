import type {
  AutoRemovalDryRunRequest,
  AutoRemovalPlan,
  AutoRemovalResult,
  AutoRemovalRun,
  AutoRemovalSampleVideo,
  AutoRemovalStatus,
  RetentionConfigSection,
  WatchedRule,
} from '@vidkeep/contracts';
import {
  DAYS_MAX,
  FREE_SPACE_AMOUNT_MAX,
  KEEP_RECENT_COUNT_MAX,
  WATCHED_RULE_OPTIONS,
} from '../../shared/config-form/watch-retention-fields';

export type {
  AutoRemovalDryRunRequest,
  AutoRemovalPlan,
  AutoRemovalResult,
  AutoRemovalRun,
  AutoRemovalSampleVideo,
  AutoRemovalStatus,
  RetentionConfigSection,
  WatchedRule,
};

/** The retention keys (contracts `RetentionConfigSection`), in the order the page shows them. */
export const RETENTION_KEYS = [
  'autoRemovalEnabled',
  'autoRemovalVideoAgeThreshold',
  'autoRemovalFreeSpaceThreshold',
  'autoRemovalWatchedEnabled',
  'autoRemovalWatchedMinDaysSinceWatched',
  'autoRemovalWatchedMinVideoAgeDays',
  'autoRemovalKeepRecentCount',
] as const satisfies readonly (keyof RetentionConfigSection)[];
export const RULE_KEY = 'watchStatusWatchedRule';

/** What the page saves: the retention keys and the watch-status rule the watched strategy uses. */
export type RetentionValues = RetentionConfigSection & { watchStatusWatchedRule: WatchedRule };

/** The reference's age choices, in days (anything else is "custom"). */
export const AGE_DAYS = [7, 14, 30, 60, 120, 180, 365, 730, 1095, 1825] as const;

const ageLabel = (d: number): string => {
  const years = d / 365;
  return Number.isInteger(years)
    ? `${years} year${years === 1 ? '' : 's'} (${d.toLocaleString('en-US')} days)`
    : `${d} days`;
};

export const AGE_CHOICES: readonly { value: string; label: string }[] = [
  { value: 'off', label: 'Off: keep videos however old' },
  ...AGE_DAYS.map((d) => ({ value: String(d), label: ageLabel(d) })),
  { value: 'custom', label: 'Custom number of days' },
];

export const RULE_CHOICES = WATCHED_RULE_OPTIONS;
export const SPACE_UNITS = ['MB', 'GB'] as const;
export type SpaceUnit = (typeof SPACE_UNITS)[number];

/** The form's shape: the thresholds as people pick them (a choice of days, an amount and unit). */
export interface RetentionModel {
  enabled: boolean;
  /** `off`, one of `AGE_DAYS` as text, or `custom` (then `ageDays`). */
  age: string;
  ageDays: string;
  spaceOn: boolean;
  spaceAmount: string;
  spaceUnit: SpaceUnit;
  watchedEnabled: boolean;
  sinceWatched: string;
  minVideoAge: string;
  keepRecent: string;
  rule: WatchedRule;
}

/** Defaults of the schemas, for keys a server does not send. */
export const RETENTION_DEFAULTS: RetentionValues = {
  autoRemovalEnabled: false,
  autoRemovalVideoAgeThreshold: null,
  autoRemovalFreeSpaceThreshold: null,
  autoRemovalWatchedEnabled: false,
  autoRemovalWatchedMinDaysSinceWatched: '',
  autoRemovalWatchedMinVideoAgeDays: '',
  autoRemovalKeepRecentCount: 0,
  watchStatusWatchedRule: 'any',
};

/** The saved values of `GET /getconfig` (defaults where a key is missing). */
export function valuesOf(view: Readonly<Record<string, unknown>>): RetentionValues {
  const out: Record<string, unknown> = { ...RETENTION_DEFAULTS };
  for (const key of [...RETENTION_KEYS, RULE_KEY]) if (key in view) out[key] = view[key];
  return out as RetentionValues;
}

export function toModel(v: RetentionValues): RetentionModel {
  const age = v.autoRemovalVideoAgeThreshold;
  const known = age !== null && (AGE_DAYS as readonly number[]).includes(Number(age)) && String(Number(age)) === age;
  const space = /^(\d+)(MB|GB)$/.exec(v.autoRemovalFreeSpaceThreshold ?? '');
  return {
    enabled: v.autoRemovalEnabled,
    age: age === null ? 'off' : known ? age : 'custom',
    ageDays: age !== null && !known ? age : '',
    spaceOn: space !== null,
    spaceAmount: space?.[1] ?? '',
    spaceUnit: (space?.[2] as SpaceUnit | undefined) ?? 'GB',
    watchedEnabled: v.autoRemovalWatchedEnabled,
    sinceWatched: v.autoRemovalWatchedMinDaysSinceWatched,
    minVideoAge: v.autoRemovalWatchedMinVideoAgeDays,
    keepRecent: String(v.autoRemovalKeepRecentCount),
    rule: v.watchStatusWatchedRule,
  };
}

/** The config values a (valid) form means. */
export function toValues(m: RetentionModel): RetentionValues {
  return {
    autoRemovalEnabled: m.enabled,
    autoRemovalVideoAgeThreshold: m.age === 'off' ? null : m.age === 'custom' ? m.ageDays.trim() : m.age,
    autoRemovalFreeSpaceThreshold: m.spaceOn ? `${m.spaceAmount.trim()}${m.spaceUnit}` : null,
    autoRemovalWatchedEnabled: m.watchedEnabled,
    autoRemovalWatchedMinDaysSinceWatched: m.sinceWatched.trim(),
    autoRemovalWatchedMinVideoAgeDays: m.minVideoAge.trim(),
    autoRemovalKeepRecentCount: Number(m.keepRecent.trim()),
    watchStatusWatchedRule: m.rule,
  };
}

/** The body of `POST /api/auto-removal/dry-run`: every retention key and the rule as the form holds them. */
export function dryRunBody(values: RetentionValues): AutoRemovalDryRunRequest {
  const keys: (keyof RetentionValues)[] = [...RETENTION_KEYS, RULE_KEY];
  return Object.fromEntries(keys.map((k) => [k, values[k]])) as AutoRemovalDryRunRequest;
}

/** The keys whose value differs from the saved one (the `PATCH /api/config` body). */
export function changedValues(saved: RetentionValues, current: RetentionValues): Partial<RetentionValues> {
  const out: Record<string, unknown> = {};
  for (const key of [...RETENTION_KEYS, RULE_KEY] as const) if (saved[key] !== current[key]) out[key] = current[key];
  return out as Partial<RetentionValues>;
}

const fmt = (n: number) => n.toLocaleString('en-US');
const wholeNumber = (text: string): number | null => (/^\d+$/.test(text) ? Number(text) : null);

/** A number of days: required (the custom age) or optional (empty means no limit). */
export function daysProblem(text: string, required: boolean): string | null {
  const t = text.trim();
  if (!t) return required ? 'Enter a number of days' : null;
  const n = wholeNumber(t);
  if (n === null) return 'Whole days only, e.g. 30';
  if (n < 1) return 'At least 1 day';
  if (n > DAYS_MAX) return `At most ${fmt(DAYS_MAX)} days`;
  return null;
}

export function spaceAmountProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return 'Enter an amount, e.g. 20';
  const n = wholeNumber(t);
  if (n === null) return 'A whole number (choose MB for less than 1 GB)';
  if (n < 1) return 'At least 1';
  if (n > FREE_SPACE_AMOUNT_MAX) return `At most ${fmt(FREE_SPACE_AMOUNT_MAX)}`;
  return null;
}

export function keepRecentProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return 'Enter a number (0: no such guard)';
  const n = wholeNumber(t);
  if (n === null) return 'A whole number, 0 or more';
  if (n > KEEP_RECENT_COUNT_MAX) return `At most ${fmt(KEEP_RECENT_COUNT_MAX)}`;
  return null;
}

/** The form control a config key is edited with (a 400's `details` land there). */
export function controlOfKey(key: string, m: Pick<RetentionModel, 'age'>): keyof RetentionModel | null {
  switch (key) {
    case 'autoRemovalEnabled':
      return 'enabled';
    case 'autoRemovalVideoAgeThreshold':
      return m.age === 'custom' ? 'ageDays' : 'age';
    case 'autoRemovalFreeSpaceThreshold':
      return 'spaceAmount';
    case 'autoRemovalWatchedEnabled':
      return 'watchedEnabled';
    case 'autoRemovalWatchedMinDaysSinceWatched':
      return 'sinceWatched';
    case 'autoRemovalWatchedMinVideoAgeDays':
      return 'minVideoAge';
    case 'autoRemovalKeepRecentCount':
      return 'keepRecent';
    case RULE_KEY:
      return 'rule';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The plan of a run or a preview, in words

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * A size in the thresholds' units (1024-based, as `20GB` is meant): 1536 → "1.5 KB",
 * 21_474_836_480 → "20 GB". Null → ''.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = value >= 100 || Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1);
  return `${text.replace(/\.0$/, '')} ${SIZE_UNITS[unit]}`;
}

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
  const want = `Keep at least ${formatSize(s.thresholdBytes) || s.threshold} free`;
  if (!s.storageStatus) return want;
  const now = `${formatSize(s.storageStatus.freeBytes)} of ${formatSize(s.storageStatus.totalBytes)} free now`;
  return `${want}; ${now}`;
}

function summaryOf(key: StrategyKey, s: Strategy, dryRun: boolean): string {
  if (key === 'spaceStrategy' && !(s as AutoRemovalPlan['spaceStrategy']).needsCleanup && s.candidateCount === 0)
    return 'Enough free space: nothing to remove';
  if (dryRun) {
    if (s.candidateCount === 0) return 'Would remove nothing';
    return `Would remove ${videoCount(s.candidateCount)}, about ${formatSize(s.estimatedFreedBytes)}`;
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
    return `Would remove ${videoCount(total)} and free about ${formatSize(bytes)}.`;
  }
  if (r.totalDeleted === 0) return 'Nothing was removed.';
  return `Removed ${videoCount(r.totalDeleted)} and freed ${formatSize(r.freedBytes)}.`;
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
