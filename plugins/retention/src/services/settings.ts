import {
  InvalidInputError,
  RetentionErrorCodes,
  type AutoRemovalDryRunRequest,
  type RetentionConfigSection,
} from '@vidkeep/contracts';

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

/** `<int>MB` or `<int>GB`, 1024-based (reference 7.1); null for anything else. */
export function parseFreeSpaceThreshold(text: string | null | undefined): number | null {
  const m = /^([1-9][0-9]{0,6})(MB|GB)$/.exec(text ?? '');
  if (!m) return null;
  return Number(m[1]) * (m[2] === 'GB' ? GIB : MIB);
}

/** Whole days as the reference writes them (a string); null for empty or anything else. */
export function parseDays(text: string | null | undefined): number | null {
  const m = /^[1-9][0-9]{0,5}$/.exec(text ?? '');
  return m ? Number(text) : null;
}

/** The retention settings in numbers. */
export interface RetentionSettings {
  ageDays: number | null;
  freeSpaceText: string | null;
  freeSpaceBytes: number | null;
  watchedEnabled: boolean;
  minDaysSinceWatched: number | null;
  minVideoAgeDays: number | null;
  keepRecentCount: number;
}

/** Saved settings with a preview's unsaved overrides on top (a key given as null clears it). */
export function effectiveSettings(
  saved: RetentionConfigSection,
  overrides: AutoRemovalDryRunRequest = {},
): RetentionConfigSection {
  const merged = { ...saved };
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * Reads the settings. The config schema already holds each key to its pattern; a value that still
 * does not parse (a hand-edited file) is refused with the key named, rather than silently ignored.
 */
export function parseSettings(s: RetentionConfigSection): RetentionSettings {
  const problems: { path: string; message: string }[] = [];
  const ageDays = parseDays(s.autoRemovalVideoAgeThreshold);
  if (s.autoRemovalVideoAgeThreshold && ageDays === null)
    problems.push({ path: 'autoRemovalVideoAgeThreshold', message: 'must be a whole number of days, e.g. "30"' });
  const freeSpaceBytes = parseFreeSpaceThreshold(s.autoRemovalFreeSpaceThreshold);
  if (s.autoRemovalFreeSpaceThreshold && freeSpaceBytes === null)
    problems.push({ path: 'autoRemovalFreeSpaceThreshold', message: 'must be like "500MB" or "20GB"' });
  const minDaysSinceWatched = parseDays(s.autoRemovalWatchedMinDaysSinceWatched);
  if (s.autoRemovalWatchedMinDaysSinceWatched && minDaysSinceWatched === null)
    problems.push({
      path: 'autoRemovalWatchedMinDaysSinceWatched',
      message: 'must be empty or a whole number of days',
    });
  const minVideoAgeDays = parseDays(s.autoRemovalWatchedMinVideoAgeDays);
  if (s.autoRemovalWatchedMinVideoAgeDays && minVideoAgeDays === null)
    problems.push({ path: 'autoRemovalWatchedMinVideoAgeDays', message: 'must be empty or a whole number of days' });
  const keepRecentCount = Number.isInteger(s.autoRemovalKeepRecentCount)
    ? Math.max(0, s.autoRemovalKeepRecentCount)
    : 0;
  if (problems.length > 0) {
    throw new InvalidInputError(
      RetentionErrorCodes.invalidSettings,
      `Automatic-removal settings are not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
      { details: problems },
    );
  }
  return {
    ageDays,
    freeSpaceText: freeSpaceBytes === null ? null : (s.autoRemovalFreeSpaceThreshold ?? null),
    freeSpaceBytes,
    watchedEnabled: s.autoRemovalWatchedEnabled,
    minDaysSinceWatched,
    minVideoAgeDays,
    keepRecentCount,
  };
}

/** Whether any strategy would remove anything: the keep-recent count alone removes nothing. */
export const hasStrategy = (s: RetentionSettings) =>
  s.ageDays !== null || s.freeSpaceBytes !== null || s.watchedEnabled;

const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
/** Bytes in plain words, 1024-based like the thresholds. */
export function formatBytes(bytes: number): string {
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} bytes` : `${v.toFixed(1)} ${units[i]}`;
}
