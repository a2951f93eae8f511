import { AudioFormat, FILENAME_PREFIX_MAX, FILENAME_PREFIX_PATTERN, Resolution } from '../config/downloader.js';
import { Type, type Static } from '../typebox.js';
import { DateTime, Nullable, pagedList, pageQueryFields } from './common.js';
import { WatchedState, watchFields } from './watch-status.js';

/** Spec 8: `POST /api/videos/local-status` takes up to 500 ids. */
export const LOCAL_STATUS_MAX_IDS = 500;
/** A session client may queue this many URLs in one request. */
export const DOWNLOAD_BATCH_MAX = 50;

/** A platform video id (11 characters on the platform; the pattern allows a little slack). */
export const SourceId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** Why something failed, in plain words, with what the user can do about it. */
export const FAILURE_KINDS = [
  'bot_check',
  'private',
  'members_only',
  'removed',
  'unavailable',
  'geo_blocked',
  'age_restricted',
  'upcoming',
  'http_403',
  'http_429',
  'network',
  'disk_full',
  'output_not_writable',
  'ytdlp_missing',
  'ffmpeg_missing',
  'ytdlp_outdated',
  'timeout',
  'stalled',
  'cancelled',
  'interrupted',
  'postprocess',
  'unknown',
] as const;
export const FailureKind = Type.Enum(FAILURE_KINDS);
export type FailureKind = Static<typeof FailureKind>;

export const Diagnosis = Type.Object({
  kind: FailureKind,
  cause: Type.String({ description: 'What happened, in plain language' }),
  fix: Type.String({ description: 'What the user can do about it' }),
  sourceId: Nullable(Type.String()),
  detail: Nullable(Type.String({ description: 'The tool output line that led to this diagnosis' })),
});
export type Diagnosis = Static<typeof Diagnosis>;

export const JOB_STATUSES = [
  'queued',
  'running',
  'completed',
  'completed_with_errors',
  'failed',
  'cancelled',
  'interrupted',
] as const;
export const JobStatus = Type.Enum(JOB_STATUSES);
export type JobStatus = Static<typeof JobStatus>;
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['queued', 'running'];

export const JOB_VIDEO_STATES = [
  'queued',
  'downloading',
  'processing',
  'completed',
  'failed',
  'skipped',
  'cancelled',
  'interrupted',
] as const;
export const JobVideoState = Type.Enum(JOB_VIDEO_STATES);
export type JobVideoState = Static<typeof JobVideoState>;

/** Built-in job types; other plugins may add their own strings. */
export const JobType = Type.String({
  minLength: 1,
  maxLength: 40,
  description: '`manual`, `channel`, `download-all`, `playlist`, `auto-retry`, ...',
});

export const JobOptions = Type.Object({
  resolution: Type.Optional(Resolution),
  audioFormat: Type.Optional(Nullable(AudioFormat)),
  subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  skipVideoFolder: Type.Optional(Type.Boolean()),
  /**
   * Subfolder when neither `subfolder` nor the video's subscribed channel decides (a playlist's
   * default, spec 1.1 / reference 6.3); null = the root. Absent: the global default.
   */
  fallbackSubfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** Channel that owns every video of the job (its folder and settings apply). */
  ownerChannelId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  /** Tags written into the files' metadata (`|`-separated). */
  additionalTags: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  /** Download-all jobs may run for days: no absolute runtime cap. */
  exemptFromRuntimeCap: Type.Optional(Type.Boolean()),
  /** Skip videos recorded in the download archive (automatic downloads). */
  useArchive: Type.Optional(Type.Boolean()),
});
export type JobOptions = Static<typeof JobOptions>;

export const DownloadProgress = Type.Object({
  percent: Type.Number({ minimum: 0, maximum: 100 }),
  downloadedBytes: Type.Integer(),
  totalBytes: Nullable(Type.Integer()),
  speedBytesPerSecond: Nullable(Type.Number()),
  etaSeconds: Nullable(Type.Integer()),
  /** Which part is being fetched: `video`, `audio`, `subtitles`, `thumbnail`, or `merging`/`processing` after download. */
  stage: Type.String(),
});
export type DownloadProgress = Static<typeof DownloadProgress>;

export const JobVideo = Type.Object({
  sourceId: Type.String(),
  url: Type.String(),
  position: Type.Integer(),
  state: JobVideoState,
  title: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  progress: Nullable(DownloadProgress),
  diagnosis: Nullable(Diagnosis),
  videoId: Nullable(Type.Integer({ description: 'The downloaded video record, once completed' })),
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
});
export type JobVideo = Static<typeof JobVideo>;

export const JobCounts = Type.Object({
  total: Type.Integer(),
  queued: Type.Integer(),
  active: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
  cancelled: Type.Integer(),
});
export type JobCounts = Static<typeof JobCounts>;

/** How an automatic retry of a video went (see `downloadAutoRetryCount`). */
export const AUTO_RETRY_OUTCOMES = ['waiting', 'succeeded', 'failed', 'cancelled'] as const;
export const AutoRetry = Type.Object({
  sourceId: Type.String(),
  kind: FailureKind,
  attempts: Type.Integer({ minimum: 1, description: 'Download attempts made so far, the first one included' }),
  maxAttempts: Type.Integer({ minimum: 1, description: 'The first attempt plus the automatic retries allowed' }),
  lastError: Type.String({ description: 'Why the last failed attempt failed, in plain words' }),
  detail: Nullable(Type.String({ description: 'The tool output line of the last failed attempt' })),
  lastFailedAt: DateTime,
  nextAttemptAt: Nullable(DateTime, { description: 'When it is tried again; null once it is no longer waiting' }),
  outcome: Type.Enum(AUTO_RETRY_OUTCOMES, {
    description:
      '`waiting`: tried again at `nextAttemptAt`; `succeeded`: a retry downloaded it; `failed`: the retries are used up or a retry failed for good; `cancelled`: the job was cancelled',
  }),
});
export type AutoRetry = Static<typeof AutoRetry>;

export const JobAuxData = Type.Object({
  failedVideos: Type.Array(Type.Object({ sourceId: Type.String(), error: Type.String(), kind: FailureKind })),
  diagnoses: Type.Array(Diagnosis),
  skipCounts: Type.Object({
    archived: Type.Integer(),
    membersOnly: Type.Integer(),
    upcoming: Type.Integer(),
    filtered: Type.Integer(),
  }),
  terminatedChannels: Type.Array(Type.String()),
  autoRetries: Type.Optional(
    Type.Array(AutoRetry, {
      description: 'Videos that failed for a passing reason and were (or will be) downloaded again automatically',
    }),
  ),
});
export type JobAuxData = Static<typeof JobAuxData>;

export const JobSummary = Type.Object({
  id: Type.String(),
  type: Type.String(),
  label: Type.String(),
  status: JobStatus,
  options: JobOptions,
  counts: JobCounts,
  message: Nullable(Type.String({ description: 'Outcome in plain words' })),
  errorCode: Nullable(Type.String()),
  requestedBy: Nullable(Type.String()),
  createdAt: DateTime,
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
  retryAt: Nullable(DateTime, {
    description:
      'A queued job waiting to download videos again after a passing failure starts no earlier than this; null otherwise',
  }),
});
export type JobSummary = Static<typeof JobSummary>;

export const JobDetail = Type.Intersect([
  JobSummary,
  Type.Object({ videos: Type.Array(JobVideo), auxData: Nullable(JobAuxData) }),
]);
export type JobDetail = Static<typeof JobDetail>;

export const JobListQuery = Type.Object(
  {
    ...pageQueryFields(),
    status: Type.Optional(Type.Union([JobStatus, Type.Literal('active'), Type.Literal('finished')])),
  },
  { additionalProperties: false },
);
export type JobListQuery = Static<typeof JobListQuery>;

export const JobList = pagedList('jobs', JobSummary);
export type JobList = Static<typeof JobList>;

export const JobIdParams = Type.Object({ jobId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

export const CancelJobResponse = Type.Object({ success: Type.Boolean(), message: Type.String(), job: JobSummary });
export type CancelJobResponse = Static<typeof CancelJobResponse>;

/** Spec 2.15. */
export const VideoActivity = Type.Object({
  instanceId: Type.String({ description: 'Changes when the server restarts; revision ordering restarts with it' }),
  revision: Type.Integer(),
  videos: Type.Record(
    Type.String(),
    Type.Object({ jobId: Type.String(), state: Type.Union([Type.Literal('queued'), Type.Literal('downloading')]) }),
  ),
});
export type VideoActivity = Static<typeof VideoActivity>;

/** Spec 4.3. */
export const DownloadRequest = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'Video URL of the platform (required unless `urls` is sent)',
      }),
    ),
    urls: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), {
        minItems: 1,
        maxItems: DOWNLOAD_BATCH_MAX,
        description: 'Several video URLs in one job (session only)',
      }),
    ),
    resolution: Type.Optional(Resolution),
    subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    skipVideoFolder: Type.Optional(Type.Boolean()),
    audioFormat: Type.Optional(Nullable(AudioFormat)),
  },
  { additionalProperties: false },
);
export type DownloadRequest = Static<typeof DownloadRequest>;

export const VideoPreview = Type.Object({
  title: Type.String(),
  thumbnail: Type.String({ description: 'URL' }),
  duration: Type.Integer({ description: 'Seconds' }),
});

export const DownloadResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  video: VideoPreview,
  videos: Type.Array(Type.Intersect([Type.Object({ sourceId: Type.String() }), VideoPreview])),
  queued: Type.Integer(),
  acceptedIds: Type.Array(Type.String()),
  alreadyActiveIds: Type.Array(Type.String()),
  jobId: Nullable(Type.String()),
});
export type DownloadResponse = Static<typeof DownloadResponse>;

export const Video = Type.Object({
  id: Type.Integer(),
  sourceId: Type.String(),
  title: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  description: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  uploadDate: Nullable(Type.String({ description: 'YYYYMMDD' })),
  mediaType: Type.String(),
  sourceUrl: Type.String(),
  thumbnailUrl: Nullable(Type.String({ description: 'Local thumbnail, served by this service' })),
  filePath: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer()),
  audioFilePath: Nullable(Type.String()),
  audioFileSize: Nullable(Type.Integer()),
  video_resolution: Nullable(
    Type.String({
      maxLength: 20,
      description: '`WIDTHxHEIGHT`; `0x0` = probe failed; null = audio only or not checked',
    }),
  ),
  subfolder: Nullable(Type.String()),
  removed: Type.Boolean(),
  downloadedAt: DateTime,
  jobId: Nullable(Type.String()),
  protected: Type.Boolean({ description: 'Never removed automatically (retention); a manual delete still works' }),
  missingAt: Nullable(DateTime, {
    description: 'When the file was found gone from disk (deleted or moved by hand); null while it is there',
  }),
  ...watchFields(),
});
export type Video = Static<typeof Video>;

export const VIDEO_SORT_FIELDS = [
  'downloadedAt',
  'title',
  'channelName',
  'duration',
  'uploadDate',
  'fileSize',
] as const;
export const VideoListQuery = Type.Object(
  {
    ...pageQueryFields(),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    sortBy: Type.Enum(VIDEO_SORT_FIELDS, { default: 'downloadedAt' }),
    sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
    channelId: Type.Optional(Type.String({ maxLength: 64 })),
    includeRemoved: Type.Boolean({ default: false }),
    watchedState: WatchedState,
  },
  { additionalProperties: false },
);
export type VideoListQuery = Static<typeof VideoListQuery>;

export const VideoList = pagedList('videos', Video);
export type VideoList = Static<typeof VideoList>;

export const SourceIdParams = Type.Object({ sourceId: SourceId }, { additionalProperties: false });

/** The session token in the URL, for `<video>` and `<img>` elements that cannot send headers. */
const MediaToken = Type.String({
  maxLength: 256,
  description: 'Session token, when the x-access-token header cannot be sent (media elements)',
});

export const VideoFileQuery = Type.Object(
  {
    kind: Type.Union([Type.Literal('video'), Type.Literal('audio')], { default: 'video' }),
    download: Type.Boolean({ default: false, description: 'Send as an attachment instead of inline' }),
    token: Type.Optional(MediaToken),
  },
  { additionalProperties: false },
);

export const ThumbnailQuery = Type.Object({ token: Type.Optional(MediaToken) }, { additionalProperties: false });

export const DeleteVideoResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  deletedFiles: Type.Array(Type.String()),
});
export type DeleteVideoResponse = Static<typeof DeleteVideoResponse>;

export const LocalStatusRequest = Type.Object(
  { sourceIds: Type.Array(SourceId, { maxItems: LOCAL_STATUS_MAX_IDS }) },
  { additionalProperties: false },
);

export const LocalStatusEntry = Type.Object({
  sourceId: Type.String(),
  status: Type.Union(
    [Type.Literal('downloaded'), Type.Literal('missing'), Type.Literal('removed'), Type.Literal('not_downloaded')],
    { description: '`missing`: recorded as downloaded but the file is gone; `removed`: deleted through the service' },
  ),
  activity: Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')])),
  jobId: Nullable(Type.String()),
  video: Nullable(Video),
});
export const LocalStatusResponse = Type.Object({ results: Type.Array(LocalStatusEntry) });
export type LocalStatusResponse = Static<typeof LocalStatusResponse>;
export type LocalStatusEntry = Static<typeof LocalStatusEntry>;

export const ToolStatus = Type.Object({
  name: Type.String(),
  path: Type.String(),
  found: Type.Boolean(),
  version: Nullable(Type.String()),
});
export const ToolsResponse = Type.Object({
  ytdlp: ToolStatus,
  ffmpeg: ToolStatus,
  ffprobe: ToolStatus,
  updatesManaged: Type.Boolean({ description: 'True on a managed platform: updates are disabled' }),
});
export type ToolsResponse = Static<typeof ToolsResponse>;

export const StorageStatus = Type.Object({
  paused: Type.Boolean(),
  reason: Nullable(Type.String()),
  freeBytes: Nullable(Type.Integer()),
  usedBytes: Type.Integer({ description: 'Bytes of downloaded files recorded by the service' }),
  minFreeBytes: Nullable(Type.Integer()),
  maxUsedBytes: Nullable(Type.Integer()),
});
export type StorageStatus = Static<typeof StorageStatus>;

/** `POST /api/config/filename-preview` (reference 1.3). */
export const FilenamePreviewRequest = Type.Object(
  {
    prefix: Type.String({
      minLength: 1,
      maxLength: FILENAME_PREFIX_MAX,
      pattern: FILENAME_PREFIX_PATTERN,
      description: 'A `videoFilenamePrefix` to try (yt-dlp output template)',
    }),
  },
  { additionalProperties: false },
);
export const FilenamePreview = Type.Object({
  fileLine: Type.String({ description: 'The file name a sample video would get: `<prefix> [<id>].mp4`' }),
  folderLine: Type.String({ description: 'Its video folder: `<prefix> - <id>`' }),
  fileLineLength: Type.Integer({ description: 'UTF-8 bytes of `fileLine` (most file systems allow 255 per name)' }),
  folderLineLength: Type.Integer({ description: 'UTF-8 bytes of `folderLine`' }),
});
export type FilenamePreview = Static<typeof FilenamePreview>;
