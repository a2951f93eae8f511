/** Errors of the downloader plugin. Prefix `DOWNLOAD_` (also used for a failed job's `errorCode`). */
export const DownloaderErrorCodes = {
  paused: 'DOWNLOAD_PAUSED',
  invalidUrl: 'DOWNLOAD_INVALID_URL',
  batchNotAllowed: 'DOWNLOAD_BATCH_NOT_ALLOWED',
  jobNotFound: 'DOWNLOAD_JOB_NOT_FOUND',
  /** Only a queued or running job can be paused, and only a queued one moved to the front. */
  jobNotActive: 'DOWNLOAD_JOB_NOT_ACTIVE',
  videoNotFound: 'DOWNLOAD_VIDEO_NOT_FOUND',
  fileMissing: 'DOWNLOAD_FILE_MISSING',
  interrupted: 'DOWNLOAD_INTERRUPTED',
  botCheck: 'DOWNLOAD_BOT_CHECK',
  /** A stored file path outside the output directory or not naming the video id: nothing is deleted. */
  unsafePath: 'DOWNLOAD_UNSAFE_PATH',
  /** An automatic removal met a video protected since it was planned. */
  videoProtected: 'DOWNLOAD_VIDEO_PROTECTED',
  /** A filesystem rescan or a library import is already running (one at a time). */
  fileScanRunning: 'DOWNLOAD_FILE_SCAN_RUNNING',
  /** A library import's folder does not exist, is not a folder, or lies outside the output directory. */
  importPathInvalid: 'DOWNLOAD_IMPORT_PATH_INVALID',
  /** A subfolder name breaks the subfolder rules. */
  subfolderInvalid: 'DOWNLOAD_SUBFOLDER_INVALID',
  /** No subfolder of that name is registered, used, configured or on disk. */
  subfolderNotFound: 'DOWNLOAD_SUBFOLDER_NOT_FOUND',
  /** A subfolder in use (channels, playlists, the default, a media-server mapping, files) cannot be deleted. */
  subfolderInUse: 'DOWNLOAD_SUBFOLDER_IN_USE',
  /** A content rating that is not one of the list. */
  invalidRating: 'DOWNLOAD_INVALID_RATING',
  /** A bulk request that names no video, or a bad search query. */
  invalidRequest: 'DOWNLOAD_INVALID_REQUEST',
  searchFailed: 'DOWNLOAD_SEARCH_FAILED',
  searchTimeout: 'DOWNLOAD_SEARCH_TIMEOUT',
  clientClosed: 'DOWNLOAD_CLIENT_CLOSED',
  /** An uploaded cookie file is not a Netscape cookie file. */
  cookiesInvalid: 'DOWNLOAD_COOKIES_INVALID',
  /** Custom yt-dlp arguments that vidkeep refuses (the message names the option). */
  customArgsInvalid: 'DOWNLOAD_CUSTOM_ARGS_INVALID',
  /** A `videoFilenamePrefix` yt-dlp rejects. */
  invalidPrefix: 'DOWNLOAD_INVALID_PREFIX',
  /** yt-dlp could not be started for a check that needs it. */
  toolMissing: 'DOWNLOAD_TOOL_MISSING',
  /** No previous private yt-dlp to return to, or yt-dlp is not vidkeep's own copy. */
  rollbackUnavailable: 'DOWNLOAD_ROLLBACK_UNAVAILABLE',
  /** A yt-dlp update or rollback is already running. */
  toolBusy: 'DOWNLOAD_TOOL_BUSY',
  /** A channel's folder cannot move while a download of the channel is queued or running. */
  channelBusy: 'DOWNLOAD_CHANNEL_BUSY',
  /** The target of a channel folder move holds files of the same names. */
  moveConflict: 'DOWNLOAD_MOVE_CONFLICT',
  /** The file system refused a channel folder move; nothing changed. */
  moveFailed: 'DOWNLOAD_MOVE_FAILED',
  /** The filename preview was asked for too often (30 per minute per client). */
  rateLimited: 'DOWNLOAD_RATE_LIMITED',
} as const;
