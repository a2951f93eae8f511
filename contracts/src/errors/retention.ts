/** Errors of the retention plugin. Prefix `RETENTION_`. */
export const RetentionErrorCodes = {
  running: 'RETENTION_RUNNING',
  invalidSettings: 'RETENTION_INVALID_SETTINGS',
} as const;
