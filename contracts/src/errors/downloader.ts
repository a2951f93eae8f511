/** Errors of the downloader plugin. Prefix `DOWNLOAD_` (also used for a failed job's `errorCode`). */
export const DownloaderErrorCodes = {
  paused: 'DOWNLOAD_PAUSED',
  invalidUrl: 'DOWNLOAD_INVALID_URL',
  batchNotAllowed: 'DOWNLOAD_BATCH_NOT_ALLOWED',
  jobNotFound: 'DOWNLOAD_JOB_NOT_FOUND',
  videoNotFound: 'DOWNLOAD_VIDEO_NOT_FOUND',
  fileMissing: 'DOWNLOAD_FILE_MISSING',
  interrupted: 'DOWNLOAD_INTERRUPTED',
  botCheck: 'DOWNLOAD_BOT_CHECK',
  /** A stored file path outside the output directory or not naming the video id: nothing is deleted. */
  unsafePath: 'DOWNLOAD_UNSAFE_PATH',
  /** An automatic removal met a video protected since it was planned. */
  videoProtected: 'DOWNLOAD_VIDEO_PROTECTED',
  /** A `videoFilenamePrefix` yt-dlp rejects. */
  invalidPrefix: 'DOWNLOAD_INVALID_PREFIX',
  /** yt-dlp could not be started for a check that needs it. */
  toolMissing: 'DOWNLOAD_TOOL_MISSING',
  /** A channel's folder cannot move while a download of the channel is queued or running. */
  channelBusy: 'DOWNLOAD_CHANNEL_BUSY',
  /** The target of a channel folder move holds files of the same names. */
  moveConflict: 'DOWNLOAD_MOVE_CONFLICT',
  /** The file system refused a channel folder move; nothing changed. */
  moveFailed: 'DOWNLOAD_MOVE_FAILED',
  /** The filename preview was asked for too often (30 per minute per client). */
  rateLimited: 'DOWNLOAD_RATE_LIMITED',
} as const;
