import type { AutoRemovalDryRunRequest, RetentionConfigSection, WatchedRule } from '@vidkeep/contracts';
import {
  DAYS_MAX,
  FREE_SPACE_AMOUNT_MAX,
  KEEP_RECENT_COUNT_MAX,
  WATCHED_RULE_OPTIONS,
} from '../../shared/config-form/watch-retention-fields';

export type { AutoRemovalDryRunRequest, RetentionConfigSection, WatchedRule };

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
