import type { ConfigFieldMeta } from './config-field-meta';

/**
 * The config keys of the watch-status plugin (contracts/src/config/watch-status.ts) and of the
 * retention plugin (contracts/src/config/retention.ts), mirrored like the rest of
 * `CONFIG_FIELDS` (and checked against the schemas by `config-fields.spec.ts`). They are edited
 * on their own pages, the Watch status card of the Media servers page and the Retention page,
 * so each carries `elsewhere`.
 */

/** contracts `CRON_MAX_LENGTH`. */
const CRON_MAX_LENGTH = 100;
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

const watchStatus = (meta: Omit<ConfigFieldMeta, 'owner' | 'elsewhere'>): ConfigFieldMeta => ({
  ...meta,
  owner: 'watch-status',
  elsewhere: 'Watch status is set up in its card on the Media servers page.',
});

const retention = (meta: Omit<ConfigFieldMeta, 'owner' | 'elsewhere'>): ConfigFieldMeta => ({
  ...meta,
  owner: 'retention',
  elsewhere: 'Automatic removal is set up on the Retention page.',
});

export const WATCH_STATUS_FIELDS: readonly ConfigFieldMeta[] = [
  watchStatus({
    key: 'watchStatusSyncEnabled',
    label: 'Sync watch status',
    kind: 'boolean',
    description: 'Ask the connected media servers who watched what, on the schedule below.',
  }),
  watchStatus({
    key: 'watchStatusSyncFrequency',
    label: 'How often',
    kind: 'string',
    maxLength: CRON_MAX_LENGTH,
    description: 'Five-field cron in the server’s time zone, e.g. 0 */4 * * * (every 4 hours).',
  }),
  watchStatus({
    key: 'watchStatusWatchedRule',
    label: 'Counts as watched when',
    kind: 'enum',
    options: WATCHED_RULE_OPTIONS,
    description:
      'Any synced account, or only the primary account of each server. Used by the watched badges and filters and by the removal of watched videos.',
  }),
];

export const RETENTION_FIELDS: readonly ConfigFieldMeta[] = [
  retention({
    key: 'autoRemovalEnabled',
    label: 'Remove videos automatically',
    kind: 'boolean',
    description: 'Every night at 02:00, by the rules below. The preview works either way.',
  }),
  retention({
    key: 'autoRemovalVideoAgeThreshold',
    label: 'Remove videos downloaded more than',
    kind: 'string',
    nullable: true,
    pattern: DAYS_PATTERN,
    patternHint: 'Whole days, at least 1',
    unit: 'days',
    description: 'Videos downloaded longer ago than this are removed, oldest first.',
  }),
  retention({
    key: 'autoRemovalFreeSpaceThreshold',
    label: 'Keep at least this much free space',
    kind: 'string',
    nullable: true,
    pattern: FREE_SPACE_PATTERN,
    patternHint: 'A whole number of MB or GB, e.g. 500MB or 20GB',
    description: 'While the download disk has less free space, the oldest videos are removed (1 GB = 1024 MB).',
  }),
  retention({
    key: 'autoRemovalWatchedEnabled',
    label: 'Remove watched videos',
    kind: 'boolean',
    description: 'Videos counted as watched are removed; needs watch-status sync and a media server.',
  }),
  retention({
    key: 'autoRemovalWatchedMinDaysSinceWatched',
    label: 'Only when last watched at least',
    kind: 'string',
    pattern: OPTIONAL_DAYS_PATTERN,
    patternHint: 'Whole days, or empty for any time',
    unit: 'days ago',
    description: 'Empty: as soon as it counts as watched.',
  }),
  retention({
    key: 'autoRemovalWatchedMinVideoAgeDays',
    label: 'Only videos downloaded at least',
    kind: 'string',
    pattern: OPTIONAL_DAYS_PATTERN,
    patternHint: 'Whole days, or empty for any age',
    unit: 'days ago',
    description: 'Empty: however recently it was downloaded.',
  }),
  retention({
    key: 'autoRemovalKeepRecentCount',
    label: 'Always keep the newest',
    kind: 'integer',
    min: 0,
    max: KEEP_RECENT_COUNT_MAX,
    unit: 'videos',
    description: 'The most recently downloaded videos that no rule removes (0: no such guard).',
  }),
];

const notifications = (meta: Omit<ConfigFieldMeta, 'owner' | 'elsewhere'>): ConfigFieldMeta => ({
  ...meta,
  owner: 'notifications',
  elsewhere: 'Notifications are set up on the Notifications page.',
});

/** The notifications plugin's keys (contracts/src/config/notifications.ts), edited on its page. */
export const NOTIFICATION_FIELDS: readonly ConfigFieldMeta[] = [
  notifications({
    key: 'notificationsEnabled',
    label: 'Send notifications',
    kind: 'boolean',
    description: 'Send notifications to the Apprise targets.',
  }),
  notifications({
    key: 'appriseUrls',
    label: 'Apprise targets',
    kind: 'secret',
    description: 'Notification targets in Apprise URL syntax; write-only.',
  }),
];
