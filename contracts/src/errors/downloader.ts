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
} as const;
