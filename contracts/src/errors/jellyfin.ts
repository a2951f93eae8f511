/** Errors of the jellyfin plugin. Prefix `JELLYFIN_`. */
export const JellyfinErrorCodes = {
  /** No URL or API key to try (neither in the request nor saved). */
  notConfigured: 'JELLYFIN_NOT_CONFIGURED',
  /** No answer: connection refused, DNS, TLS or a time-out. */
  unreachable: 'JELLYFIN_UNREACHABLE',
  /** 401/403: the API key was revoked or is wrong. */
  keyRejected: 'JELLYFIN_KEY_REJECTED',
  /** The server answered with an error (5xx, or an answer that makes no sense). */
  failed: 'JELLYFIN_FAILED',
  /** The configured user does not exist on the server. */
  userNotFound: 'JELLYFIN_USER_NOT_FOUND',
  /** No library of the kind a playlist needs (a music library for audio playlists). */
  noLibrary: 'JELLYFIN_NO_LIBRARY',
} as const;
