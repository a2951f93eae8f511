import type { ConfigPresentation } from '../presentation.js';

/** How the watch-status keys are shown in Settings (see `presented`). */
export const WATCH_STATUS_PRESENTATION: ConfigPresentation = {
  title: 'Watch status',
  keys: {
    watchStatusSyncEnabled: {
      title: 'Sync watch status',
      description: 'Ask the connected media servers who watched what, on the schedule below.',
      editedIn: 'Watch status is set up in its card on the Media servers page.',
    },
    watchStatusSyncFrequency: {
      title: 'How often',
      description: 'Five-field cron in the server’s time zone, e.g. 0 */4 * * * (every 4 hours).',
      editedIn: 'Watch status is set up in its card on the Media servers page.',
    },
    watchStatusWatchedRule: {
      title: 'Counts as watched when',
      description:
        'Any synced account, or only the primary account of each server. Used by the watched badges and filters and by the removal of watched videos.',
      editedIn: 'Watch status is set up in its card on the Media servers page.',
      optionLabels: { any: 'Any account watched it', primary: 'A primary account watched it' },
    },
  },
};
