import { AudioFormat, FILENAME_PREFIX_MAX, FILENAME_PREFIX_PATTERN, Resolution } from '../config/downloader.js';
import { requires } from '../config/annotations.js';
import { Type, type Static } from '../typebox.js';
import { DateTime, Day, Nullable, pagedList, pageQueryFields, RatingInput, TriStateFilter } from './common.js';
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
  'kept_better_file',
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
  /** A new file may replace a library file of a higher resolution (else the better one is kept). */
  allowLowerResolution: Type.Optional(Type.Boolean()),
  /**
   * Content rating chosen for this download (reference 8.9 "manual override"): a rating, or null
   * for an explicit "not rated". Absent: the channel default, the playlist default, then the
   * platform's age limit decide.
   */
  rating: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  /** A followed playlist's `default_rating`: applies when neither an override nor the channel decides. */
  fallbackRating: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
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
  stalledSeconds: Type.Optional(
    Nullable(
      Type.Integer({
        description:
          'Seconds without a new byte, once that is longer than the stall notice (about 15 s); speed and ETA are null meanwhile',
      }),
    ),
  ),
  activity: Type.Optional(
    Nullable(
      Type.String({
        description:
          'What yt-dlp is doing instead of downloading, in words (e.g. "retrying after a network error, attempt 2 of 10")',
      }),
    ),
  ),
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
    allowRedownload: Type.Optional(
      Type.Boolean({
        description:
          'Download videos that are already in the library again (default false: they are skipped and listed in `alreadyDownloaded`)',
      }),
    ),
    allowLowerResolution: Type.Optional(
      Type.Boolean({
        description:
          'Let a new download replace a library file of a higher resolution (default false: the better file is kept and the new one discarded)',
      }),
    ),
    rating: Type.Optional(
      RatingInput(
        'Content rating written into the files (NR for explicitly none); absent or null: the channel or playlist default, else the platform age limit',
      ),
    ),
  },
  // Exactly one of url and urls: checked by the handler, whose words the spec fixes (4.3).
  { additionalProperties: false, ...requires([['url'], ['urls']], true) },
);
export type DownloadRequest = Static<typeof DownloadRequest>;

export const VideoPreview = Type.Object({
  title: Type.String(),
  thumbnail: Type.String({ description: 'URL' }),
  duration: Type.Integer({ description: 'Seconds' }),
});

export const RejectedLine = Type.Object({
  line: Type.Integer({ minimum: 1, description: 'Position in `urls`, from 1' }),
  input: Type.String({ description: 'The line as sent (at most 200 characters)' }),
  reason: Type.String(),
});
export type RejectedLine = Static<typeof RejectedLine>;

export const AlreadyDownloaded = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  video_resolution: Nullable(Type.String()),
  downloadedAt: DateTime,
});
export type AlreadyDownloaded = Static<typeof AlreadyDownloaded>;

export const DownloadResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  video: VideoPreview,
  videos: Type.Array(Type.Intersect([Type.Object({ sourceId: Type.String() }), VideoPreview])),
  queued: Type.Integer(),
  acceptedIds: Type.Array(Type.String()),
  alreadyActiveIds: Type.Array(Type.String()),
  jobId: Nullable(Type.String()),
  rejected: Type.Array(RejectedLine, {
    description:
      'Lines of a session batch (`urls`) that are not single video URLs, each with the reason; the valid lines were queued',
  }),
  alreadyDownloaded: Type.Array(AlreadyDownloaded, {
    description: 'Videos skipped because they are in the library (send `allowRedownload` to download them again)',
  }),
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
  normalized_rating: Nullable(
    Type.String({ description: 'Content rating (G … NC-17, TV-Y … TV-MA); null = not rated (NR)' }),
  ),
  rating_source: Nullable(
    Type.String({
      description:
        '`Manual Override`, `Channel Default`, `Playlist Default`, `yt-dlp:age_limit=<n>`; null = never decided (downloaded before ratings existed)',
    }),
  ),
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
    protectedFilter: TriStateFilter,
    missingFilter: Type.Union([Type.Literal('off'), Type.Literal('only'), Type.Literal('exclude')], {
      default: 'off',
      description: '`only`: recorded as downloaded but the file was found gone from disk (`missingAt` set)',
    }),
    downloadedFrom: Type.Optional(Day),
    downloadedTo: Type.Optional(Day),
    minDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Seconds' })),
    maxDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Seconds' })),
    minSize: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Bytes of the video file (the audio file when there is none)' }),
    ),
    maxSize: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes, as `minSize`' })),
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

/**
 * The oldest yt-dlp vidkeep works with: Debian 12's package. Every argument vidkeep builds is
 * accepted by it and by the current release; an older one is refused at job start with a message.
 */
export const YTDLP_MIN_VERSION = '2023.03.04';

/**
 * When the newest installable yt-dlp cannot be asked (no pip, no index): a release older than
 * this many days counts as stale, since the platform has probably changed since.
 */
export const YTDLP_STALE_DAYS = 60;

export const YtDlpUpdateMethod = Type.Union([Type.Literal('private'), Type.Literal('self'), Type.Literal('managed')], {
  description:
    '`private`: "Update yt-dlp" installs the newest yt-dlp with pip into a new folder under CONFIG_DIR, checks it and only then uses it; `self`: a configured yt-dlp (`ytdlpPath`, `YTDLP_PATH`) updates itself (`yt-dlp -U`); `managed`: the hosting platform updates it',
});
export type YtDlpUpdateMethod = Static<typeof YtDlpUpdateMethod>;

export const YtDlpCanaryStep = Type.Object({
  step: Type.Union(
    [Type.Literal('version'), Type.Literal('options'), Type.Literal('simulate'), Type.Literal('download')],
    {
      description:
        '`version`: it starts and is at least the oldest supported release; `options`: its `--help` can be read and its parser accepts every argument list vidkeep may build; `simulate`: the exact argument list of a download runs with `--simulate`; `download`: a short real download with that list (only when the platform answered)',
    },
  ),
  outcome: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('skipped')]),
  message: Type.String(),
});
export type YtDlpCanaryStep = Static<typeof YtDlpCanaryStep>;

export const YtDlpCanaryReport = Type.Object(
  {
    passed: Type.Boolean(),
    version: Nullable(Type.String()),
    steps: Type.Array(YtDlpCanaryStep),
  },
  { description: 'The checks a new yt-dlp passes before vidkeep uses it' },
);
export type YtDlpCanaryReport = Static<typeof YtDlpCanaryReport>;

export const YtDlpUpdateAttempt = Type.Object({
  at: DateTime,
  success: Type.Boolean(),
  reason: Type.String(),
  message: Type.String(),
  canary: Type.Optional(YtDlpCanaryReport),
});
export type YtDlpUpdateAttempt = Static<typeof YtDlpUpdateAttempt>;

export const YtDlpJsRuntime = Type.Object({
  name: Type.String({ description: '`deno`, `node`, `quickjs`, `bun`' }),
  version: Nullable(Type.String()),
  supported: Type.Boolean({ description: 'yt-dlp accepts this version (Node needs 22 or newer)' }),
});

export const YtDlpJavascript = Type.Object(
  {
    runtime: Nullable(YtDlpJsRuntime),
    solver: Nullable(
      Type.String({ description: 'The challenge solver scripts yt-dlp found (`yt-dlp-ejs 0.8.0`), or null' }),
    ),
    ready: Type.Boolean({ description: 'A supported runtime and the solver scripts are both there' }),
    message: Type.String({ description: 'What this means for downloads, in words' }),
  },
  {
    description:
      'The JavaScript runtime current yt-dlp needs to solve the platform’s challenges (as its verbose output reports it); null for a yt-dlp without `--js-runtimes`',
  },
);
export type YtDlpJavascript = Static<typeof YtDlpJavascript>;

export const YtDlpStatus = Type.Object({
  ...ToolStatus.properties,
  source: Type.Union([Type.Literal('configured'), Type.Literal('private'), Type.Literal('path')], {
    description:
      '`configured`: `ytdlpPath` or YTDLP_PATH; `private`: the copy installed under CONFIG_DIR; `path`: `yt-dlp` on PATH',
  }),
  releasedOn: Nullable(Type.String({ format: 'date', description: 'Release date read from the version (YYYY.MM.DD)' })),
  ageDays: Nullable(Type.Integer({ description: 'Days since that release' })),
  minimumVersion: Type.String({ description: 'The oldest yt-dlp vidkeep works with' }),
  supported: Type.Boolean({ description: 'The version is known and at least `minimumVersion`' }),
  latestVersion: Nullable(
    Type.String({ description: 'The newest yt-dlp pip can install here, when it could be asked' }),
  ),
  latestCheckedAt: Nullable(DateTime),
  stale: Type.Boolean({
    description: `Older than \`latestVersion\`; when that is unknown, released more than ${YTDLP_STALE_DAYS} days ago. Never true for the newest release`,
  }),
  staleReason: Nullable(Type.String({ description: 'Why it counts as stale, in words' })),
  updateMethod: YtDlpUpdateMethod,
  lastUpdate: Nullable(YtDlpUpdateAttempt),
  rollbackVersion: Nullable(
    Type.String({ description: 'The previous private yt-dlp that `POST /api/ytdlp/rollback` returns to' }),
  ),
  javascript: Nullable(YtDlpJavascript),
});
export type YtDlpStatus = Static<typeof YtDlpStatus>;

export const ToolsQuery = Type.Object(
  {
    refresh: Type.Boolean({
      default: false,
      description: 'Check the tools again now instead of reporting the last check',
    }),
  },
  { additionalProperties: false },
);

export const ToolsResponse = Type.Object({
  ytdlp: YtDlpStatus,
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

// ---------------------------------------------------------------------------------------------
// Library management: ratings, bulk delete, a video's page, platform search, URL check

/** Videos one bulk request may change. */
export const BULK_VIDEOS_MAX = 500;

/** A bulk request names its videos by one of these (both may come; `sourceIds` wins). */
const BULK_ID_KEYS = [['videoIds'], ['sourceIds']];

/** Which videos a bulk request names: library ids (`videoIds`) or platform ids (`sourceIds`, preferred when both). */
const bulkIds = {
  videoIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: BULK_VIDEOS_MAX,
      description: 'Library ids (`id`)',
    }),
  ),
  sourceIds: Type.Optional(
    Type.Array(SourceId, { minItems: 1, maxItems: BULK_VIDEOS_MAX, description: 'Platform ids; win over `videoIds`' }),
  ),
};

export const VideoRatingRequest = Type.Object(
  {
    ...bulkIds,
    rating: RatingInput('The rating to give the videos; `NR` or null = not rated'),
  },
  { additionalProperties: false, ...requires(BULK_ID_KEYS, false) },
);
export type VideoRatingRequest = Static<typeof VideoRatingRequest>;

/** One video a bulk request could not handle. */
export const BulkFailure = Type.Object({
  sourceId: Nullable(Type.String()),
  videoId: Nullable(Type.Integer()),
  error: Type.String(),
  code: Type.String(),
});
export type BulkFailure = Static<typeof BulkFailure>;

export const VideoRatingResponse = Type.Object({
  success: Type.Array(Type.String(), { description: 'Source ids whose rating was saved' }),
  warnings: Type.Array(Type.Object({ sourceId: Type.String(), warning: Type.String() }), {
    description: 'Saved, but a file could not carry it (an audio-only mp3, a missing file, a failed rewrite)',
  }),
  failed: Type.Array(BulkFailure),
});
export type VideoRatingResponse = Static<typeof VideoRatingResponse>;

export const BulkDeleteRequest = Type.Object(bulkIds, {
  additionalProperties: false,
  ...requires(BULK_ID_KEYS, false),
});
export type BulkDeleteRequest = Static<typeof BulkDeleteRequest>;
export const BulkDeleteResponse = Type.Object({
  success: Type.Boolean({ description: 'True when nothing failed' }),
  deleted: Type.Array(Type.String(), { description: 'Source ids whose files were deleted' }),
  failed: Type.Array(BulkFailure),
});
export type BulkDeleteResponse = Static<typeof BulkDeleteResponse>;

export const VideoChapter = Type.Object({
  title: Type.String(),
  startTime: Type.Number({ description: 'Seconds' }),
  endTime: Nullable(Type.Number()),
});

export const VideoFileEntry = Type.Object({
  kind: Type.Enum(['video', 'audio', 'thumbnail', 'nfo', 'subtitle', 'other'] as const),
  name: Type.String(),
  path: Type.String(),
  size: Nullable(Type.Integer({ description: 'Bytes on disk now; null when the file is gone' })),
  exists: Type.Boolean(),
});
export type VideoFileEntry = Static<typeof VideoFileEntry>;

/** Reference 1.7: what the stored info.json says about a downloaded video, and its files now. */
export const VideoMetadataResponse = Type.Object({
  infoJsonAvailable: Type.Boolean({ description: 'False when no info.json is stored: every field below is null' }),
  description: Nullable(Type.String()),
  viewCount: Nullable(Type.Integer({ description: 'At download time' })),
  likeCount: Nullable(Type.Integer()),
  commentCount: Nullable(Type.Integer()),
  tags: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  chapters: Type.Array(VideoChapter),
  uploadDate: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  resolution: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  fps: Nullable(Type.Number()),
  aspectRatio: Nullable(Type.Number()),
  language: Nullable(Type.String()),
  isLive: Nullable(Type.Boolean()),
  wasLive: Nullable(Type.Boolean()),
  availability: Nullable(Type.String()),
  channelFollowerCount: Nullable(Type.Integer()),
  ageLimit: Nullable(Type.Integer()),
  webpageUrl: Nullable(Type.String()),
  availableResolutions: Type.Array(Type.Integer(), {
    description: 'Video heights the platform offered, highest first',
  }),
  downloadedTier: Nullable(Type.String({ description: 'e.g. `1080p`, from the measured resolution' })),
  relatedFiles: Type.Array(VideoFileEntry),
});
export type VideoMetadataResponse = Static<typeof VideoMetadataResponse>;

/** Where else a downloaded video appears (a channel, followed playlists), from the plugins that know. */
export const VideoLink = Type.Object({
  kind: Type.String({ description: '`channel`, `playlist`, or what another plugin contributes' }),
  id: Type.String(),
  title: Type.String(),
  url: Nullable(Type.String({ description: 'The page on the platform' })),
  following: Type.Boolean({ description: 'Subscribed (channel) or followed (playlist)' }),
});
export type VideoLink = Static<typeof VideoLink>;
export const VideoLinksResponse = Type.Object({ links: Type.Array(VideoLink) });
export type VideoLinksResponse = Static<typeof VideoLinksResponse>;

export const VIDEO_SEARCH_COUNTS = [10, 25, 50, 100] as const;
export const VideoSearchRequest = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: '1 to 200 characters after trimming; no control characters',
    }),
    count: Type.Union(
      VIDEO_SEARCH_COUNTS.map((n) => Type.Literal(n)),
      { default: 25, description: 'One of 10, 25, 50, 100' },
    ),
  },
  { additionalProperties: false },
);
export type VideoSearchRequest = Static<typeof VideoSearchRequest>;

export const LocalVideoStatus = Type.Union(
  [Type.Literal('never_downloaded'), Type.Literal('downloaded'), Type.Literal('missing')],
  { description: '`missing`: downloaded once, but deleted since or its file is gone from disk' },
);

export const VideoSearchResult = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  thumbnailUrl: Nullable(Type.String()),
  publishedAt: Nullable(DateTime),
  viewCount: Nullable(Type.Integer()),
  status: LocalVideoStatus,
  activity: Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')])),
  databaseId: Nullable(Type.Integer()),
  filePath: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer()),
  audioFilePath: Nullable(Type.String()),
  audioFileSize: Nullable(Type.Integer()),
  addedAt: Nullable(DateTime),
  isProtected: Nullable(Type.Boolean()),
  normalizedRating: Nullable(Type.String()),
  ratingSource: Nullable(Type.String()),
  videoResolution: Nullable(Type.String()),
});
export type VideoSearchResult = Static<typeof VideoSearchResult>;
export const VideoSearchResponse = Type.Object({ results: Type.Array(VideoSearchResult) });
export type VideoSearchResponse = Static<typeof VideoSearchResponse>;

export const CheckVideoUrlRequest = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export const CheckedVideo = Type.Object({
  sourceId: Type.String(),
  url: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  videoTitle: Type.String(),
  duration: Nullable(Type.Integer()),
  thumbnailUrl: Nullable(Type.String()),
  publishedAt: Nullable(Type.Integer({ description: 'Unix seconds' })),
  availability: Nullable(Type.String()),
  media_type: Nullable(Type.String()),
});
export const CheckVideoUrlResponse = Type.Object({
  isValidUrl: Type.Boolean(),
  isAlreadyDownloaded: Type.Boolean(),
  isMembersOnly: Type.Boolean(),
  status: LocalVideoStatus,
  activity: Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')])),
  downloaded: Nullable(
    Type.Object({
      downloadedAt: DateTime,
      videoResolution: Nullable(Type.String()),
      removed: Type.Boolean(),
      missing: Type.Boolean(),
    }),
  ),
  metadata: Nullable(CheckedVideo),
  error: Nullable(Type.String({ description: 'Why the URL cannot be previewed, in plain words' })),
  errorCode: Nullable(
    Type.String({
      description:
        '`COOKIES_REQUIRED`, `NOT_A_VIDEO_URL`, `MEMBERS_ONLY`, `PRIVATE`, `UNAVAILABLE`, `TIMEOUT`, `FAILED`',
    }),
  ),
});
export type CheckVideoUrlResponse = Static<typeof CheckVideoUrlResponse>;

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
