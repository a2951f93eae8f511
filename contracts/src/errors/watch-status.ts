/** Errors of the watch-status plugin. Prefix `WATCH_STATUS_`. */
export const WatchStatusErrorCodes = {
  syncRunning: 'WATCH_STATUS_SYNC_RUNNING',
} as const;
