/** Errors of the channels plugin. Prefix `CHANNELS_`. */
export const ChannelErrorCodes = {
  notFound: 'CHANNELS_NOT_FOUND',
  videoNotFound: 'CHANNELS_VIDEO_NOT_FOUND',
  invalidSettings: 'CHANNELS_INVALID_SETTINGS',
  invalidRegex: 'CHANNELS_INVALID_REGEX',
  downloadsInProgress: 'CHANNELS_DOWNLOADS_IN_PROGRESS',
  fetchInProgress: 'CHANNELS_FETCH_IN_PROGRESS',
  cookiesRequired: 'CHANNELS_COOKIES_REQUIRED',
  noVideos: 'CHANNELS_NO_VIDEOS',
  platformUnreachable: 'CHANNELS_PLATFORM_UNREACHABLE',
  searchFailed: 'CHANNELS_SEARCH_FAILED',
  searchTimeout: 'CHANNELS_SEARCH_TIMEOUT',
  clientClosed: 'CHANNELS_CLIENT_CLOSED',
  rateLimited: 'CHANNELS_RATE_LIMITED',
  invalidPayload: 'CHANNELS_INVALID_PAYLOAD',
  downloadsPaused: 'CHANNELS_DOWNLOADS_PAUSED',
  alreadyRunning: 'CHANNELS_ALREADY_RUNNING',
} as const;
