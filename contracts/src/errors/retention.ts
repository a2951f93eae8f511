/** Errors of the retention plugin. Prefix `RETENTION_`. */
export const RetentionErrorCodes = {
  running: 'RETENTION_RUNNING',
  invalidSettings: 'RETENTION_INVALID_SETTINGS',
  /** A run was asked for while no age or free-space threshold is set and the watched strategy is off. */
  nothingConfigured: 'RETENTION_NOTHING_CONFIGURED',
} as const;
