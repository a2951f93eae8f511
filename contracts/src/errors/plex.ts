/** Errors of the Plex-type plugin. Prefix `PLEX_`. */
export const PlexErrorCodes = {
  /** No base URL or no token: nothing to talk to yet. */
  notConfigured: 'PLEX_NOT_CONFIGURED',
  /** The server answered 401 to the token. */
  unauthorized: 'PLEX_UNAUTHORIZED',
  /** No connection, or no answer in time. */
  unreachable: 'PLEX_UNREACHABLE',
  /** The server answered with an error status or something that is not its API. */
  failed: 'PLEX_FAILED',
  /** plex.tv (the PIN sign-in) could not be reached or refused. */
  signInFailed: 'PLEX_SIGN_IN_FAILED',
  /** The sign-in PIN is unknown or expired. */
  pinNotFound: 'PLEX_PIN_NOT_FOUND',
  /** `/refreshlibrary` with no library configured. */
  noLibrary: 'PLEX_NO_LIBRARY',
} as const;
