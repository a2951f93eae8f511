/** Errors of the channels plugin. Prefix `CHANNELS_`. */
export const ChannelErrorCodes = {
  notFound: 'CHANNELS_NOT_FOUND',
  videoNotFound: 'CHANNELS_VIDEO_NOT_FOUND',
  invalidSettings: 'CHANNELS_INVALID_SETTINGS',
  invalidRegex: 'CHANNELS_INVALID_REGEX',
  downloadsInProgress: 'CHANNELS_DOWNLOADS_IN_PROGRESS',
  fetchInProgress: 'CHANNELS_FETCH_IN_PROGRESS',
  /** A cancel of Load all when no Load all of that tab runs. */
  fetchNotRunning: 'CHANNELS_FETCH_NOT_RUNNING',
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
  /** The stored Data API key was asked to be tested, but none is stored. */
  apiKeyMissing: 'CHANNELS_API_KEY_MISSING',
  importRunning: 'CHANNELS_IMPORT_RUNNING',
  importNotFound: 'CHANNELS_IMPORT_NOT_FOUND',
  /** The uploaded subscriptions CSV or cookie file cannot be read. */
  importFileInvalid: 'CHANNELS_IMPORT_FILE_INVALID',
  /** The file was read, but it lists no channel. */
  importNoChannels: 'CHANNELS_IMPORT_NO_CHANNELS',
  /** The platform did not take the uploaded cookies for a signed-in account. */
  importNotSignedIn: 'CHANNELS_IMPORT_NOT_SIGNED_IN',
  importFeedFailed: 'CHANNELS_IMPORT_FEED_FAILED',
  importTimeout: 'CHANNELS_IMPORT_TIMEOUT',
} as const;
