/** Errors of the playlists plugin. Prefix `PLAYLISTS_`. */
export const PlaylistErrorCodes = {
  notFound: 'PLAYLISTS_NOT_FOUND',
  videoNotFound: 'PLAYLISTS_VIDEO_NOT_FOUND',
  invalidUrl: 'PLAYLISTS_INVALID_URL',
  invalidSettings: 'PLAYLISTS_INVALID_SETTINGS',
  invalidOverride: 'PLAYLISTS_INVALID_OVERRIDE',
  privatePlaylist: 'PLAYLISTS_PRIVATE',
  missingOnPlatform: 'PLAYLISTS_MISSING_ON_PLATFORM',
  cookiesRequired: 'PLAYLISTS_COOKIES_REQUIRED',
  platformUnreachable: 'PLAYLISTS_PLATFORM_UNREACHABLE',
  platformFailed: 'PLAYLISTS_PLATFORM_FAILED',
  platformTimeout: 'PLAYLISTS_PLATFORM_TIMEOUT',
  fetchInProgress: 'PLAYLISTS_FETCH_IN_PROGRESS',
  autoDownloadNotReady: 'PLAYLISTS_AUTO_DOWNLOAD_NOT_READY',
  nothingToDownload: 'PLAYLISTS_NOTHING_TO_DOWNLOAD',
} as const;
