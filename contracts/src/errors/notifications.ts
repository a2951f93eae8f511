/** Errors of the notifications plugin. Prefix `NOTIFICATIONS_`. */
export const NotificationErrorCodes = {
  /** A webhook or Apprise URL that is not usable (a scheme other than http(s) for webhooks, no scheme for Apprise). */
  invalidUrl: 'NOTIFICATIONS_INVALID_URL',
  webhookNotFound: 'NOTIFICATIONS_WEBHOOK_NOT_FOUND',
  targetNotFound: 'NOTIFICATIONS_TARGET_NOT_FOUND',
  /** The same Apprise URL is a target already. */
  targetExists: 'NOTIFICATIONS_TARGET_EXISTS',
  /** At most 50 Apprise targets and 50 webhooks. */
  limitReached: 'NOTIFICATIONS_LIMIT_REACHED',
  /** The `apprise` command is not installed (Debian: `apt-get install apprise`). */
  appriseMissing: 'NOTIFICATIONS_APPRISE_MISSING',
  /** Apprise ran and reported that the message was not delivered. */
  sendFailed: 'NOTIFICATIONS_SEND_FAILED',
  /** A test was asked for with no Apprise target configured. */
  noTargets: 'NOTIFICATIONS_NO_TARGETS',
} as const;
