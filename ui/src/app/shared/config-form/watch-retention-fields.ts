/**
 * The rules of the retention keys (contracts/src/config/retention.ts) the Retention page checks
 * while typing, in its own controls (days, sizes). The general form reads every key's rules from
 * `GET /api/config/schema` instead.
 */

/** contracts `DAYS_PATTERN`: whole days written as a string. */
export const DAYS_PATTERN = '^[1-9][0-9]{0,5}$';
/** Whole days, or empty for "no such limit". */
export const OPTIONAL_DAYS_PATTERN = `^(|${DAYS_PATTERN.slice(1, -1)})$`;
/** contracts `FREE_SPACE_THRESHOLD_PATTERN`: `<int>MB` or `<int>GB`, 1024-based. */
export const FREE_SPACE_PATTERN = '^[1-9][0-9]{0,6}(MB|GB)$';
/** The largest amount `FREE_SPACE_PATTERN` takes (seven digits). */
export const FREE_SPACE_AMOUNT_MAX = 9_999_999;
/** The largest day count `DAYS_PATTERN` takes (six digits). */
export const DAYS_MAX = 999_999;
/** `autoRemovalKeepRecentCount`'s maximum. */
export const KEEP_RECENT_COUNT_MAX = 100_000;

export const WATCHED_RULE_OPTIONS = [
  { value: 'any', label: 'Any account watched it' },
  { value: 'primary', label: 'A primary account watched it' },
] as const;
