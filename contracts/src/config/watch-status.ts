import { Type, type Static } from '../typebox.js';
import { CRON_MAX_LENGTH } from '../cron.js';
import { presented } from './presentation.js';
import { WATCH_STATUS_PRESENTATION } from './presentation/watch-status.js';

export const WATCHED_RULES = ['any', 'primary'] as const;
export const WatchedRule = Type.Enum(WATCHED_RULES, {
  default: 'any',
  description:
    '`any`: a video counts as watched when any synced user watched it; `primary`: only the primary account of each server counts',
});
export type WatchedRule = Static<typeof WatchedRule>;

/** Config keys owned by the watch-status plugin (the reference product's names). */
export const WatchStatusConfigSection = presented(
  Type.Object({
    watchStatusSyncEnabled: Type.Boolean({
      default: true,
      description: 'Pull who watched what from the enabled media servers on the schedule below',
    }),
    watchStatusSyncFrequency: Type.String({
      format: 'cron',
      maxLength: CRON_MAX_LENGTH,
      default: '0 */4 * * *',
      description: 'Five-field cron (server local time) of the watch-status pull',
    }),
    watchStatusWatchedRule: WatchedRule,
  }),
  WATCH_STATUS_PRESENTATION,
);

export type WatchStatusConfigSection = Static<typeof WatchStatusConfigSection>;

/** The per-kind "all users" switch (`plexWatchStatusAllUsers`, ...), owned by each media-server plugin. */
export const watchStatusAllUsers = (label: string) =>
  Type.Boolean({
    default: true,
    description: `Sync the watch status of every ${label} account; off: only the primary account`,
  });
