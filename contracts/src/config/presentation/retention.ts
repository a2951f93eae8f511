import type { ConfigPresentation } from '../presentation.js';

/** How the retention keys are shown in Settings (see `presented`). */
export const RETENTION_PRESENTATION: ConfigPresentation = {
  title: 'Retention',
  keys: {
    autoRemovalEnabled: {
      title: 'Remove videos automatically',
      description: 'Every night at 02:00, by the rules below. The preview works either way.',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
    autoRemovalVideoAgeThreshold: {
      title: 'Remove videos downloaded more than',
      description: 'Videos downloaded longer ago than this are removed, oldest first.',
      unit: 'days',
      patternMessage: 'Whole days, at least 1',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
    autoRemovalFreeSpaceThreshold: {
      title: 'Keep at least this much free space',
      description: 'While the download disk has less free space, the oldest videos are removed (1 GB = 1024 MB).',
      patternMessage: 'A whole number of MB or GB, e.g. 500MB or 20GB',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
    autoRemovalWatchedEnabled: {
      title: 'Remove watched videos',
      description: 'Videos counted as watched are removed; needs watch-status sync and a media server.',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
    autoRemovalWatchedMinDaysSinceWatched: {
      title: 'Only when last watched at least',
      description: 'Empty: as soon as it counts as watched.',
      unit: 'days ago',
      patternMessage: 'Whole days, or empty for any time',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
    autoRemovalWatchedMinVideoAgeDays: {
      title: 'Only videos downloaded at least',
      description: 'Empty: however recently it was downloaded.',
      unit: 'days ago',
      patternMessage: 'Whole days, or empty for any age',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
    autoRemovalKeepRecentCount: {
      title: 'Always keep the newest',
      description: 'The most recently downloaded videos that no rule removes (0: no such guard).',
      unit: 'videos',
      editedIn: 'Automatic removal is set up on the Retention page.',
    },
  },
};
