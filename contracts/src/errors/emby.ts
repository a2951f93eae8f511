/** Errors of the emby plugin. Prefix `EMBY_`. */
export const EmbyErrorCodes = {
  /** No URL or API key to try (neither in the request nor saved). */
  notConfigured: 'EMBY_NOT_CONFIGURED',
  /** No answer: connection refused, DNS, TLS or a time-out. */
  unreachable: 'EMBY_UNREACHABLE',
  /** 401/403: the API key was revoked or is wrong. */
  keyRejected: 'EMBY_KEY_REJECTED',
  /** The server answered with an error (5xx, or an answer that makes no sense). */
  failed: 'EMBY_FAILED',
  /** The configured user does not exist on the server. */
  userNotFound: 'EMBY_USER_NOT_FOUND',
  /** No library of the kind a playlist needs (a music library for audio playlists). */
  noLibrary: 'EMBY_NO_LIBRARY',
} as const;
