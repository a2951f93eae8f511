import { Type, type Static } from '../typebox.js';
import { Nullable } from '../schemas/common.js';
import { presented } from './presentation.js';
import { RETENTION_PRESENTATION } from './presentation/retention.js';

/** `<int>MB` or `<int>GB` (1024-based), as the reference product writes free-space thresholds. */
export const FREE_SPACE_THRESHOLD_PATTERN = '^[1-9][0-9]{0,6}(MB|GB)$';
/** Whole days, written as a string (the reference product's type). */
export const DAYS_PATTERN = '^[1-9][0-9]{0,5}$';

/** Config keys owned by the retention plugin (reference section 3, `autoRemoval*`). */
export const RetentionConfigSection = presented(
  Type.Object({
    autoRemovalEnabled: Type.Boolean({
      default: false,
      description: 'Run automatic removal every night at 02:00 (the preview works either way)',
    }),
    autoRemovalVideoAgeThreshold: Nullable(
      Type.String({ pattern: DAYS_PATTERN, description: 'Remove videos downloaded more than this many days ago' }),
      { default: null },
    ),
    autoRemovalFreeSpaceThreshold: Nullable(
      Type.String({
        pattern: FREE_SPACE_THRESHOLD_PATTERN,
        description: 'Keep at least this much free space (e.g. `500MB`, `20GB`), removing the oldest videos first',
      }),
      { default: null },
    ),
    autoRemovalWatchedEnabled: Type.Boolean({
      default: false,
      description: 'Remove videos counted as watched (watchStatusWatchedRule); needs watch-status sync',
    }),
    autoRemovalWatchedMinDaysSinceWatched: Type.String({
      pattern: `^(|${DAYS_PATTERN.slice(1, -1)})$`,
      default: '',
      description: 'Only watched videos last watched at least this many days ago (empty: any time)',
    }),
    autoRemovalWatchedMinVideoAgeDays: Type.String({
      pattern: `^(|${DAYS_PATTERN.slice(1, -1)})$`,
      default: '',
      description: 'Only watched videos downloaded at least this many days ago (empty: any age)',
    }),
    autoRemovalKeepRecentCount: Type.Integer({
      minimum: 0,
      maximum: 100000,
      default: 0,
      description: 'Never remove the N most recently downloaded videos (0: no such guard)',
    }),
  }),
  RETENTION_PRESENTATION,
);

export type RetentionConfigSection = Static<typeof RetentionConfigSection>;
