/** Download jobs: their states, options, progress, counts, automatic retries and listings. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, pagedList, pageQueryFields, pathParams } from '../common.js';
import { Diagnosis, FailureKind } from './failures.js';
import { PlatformState } from './platform.js';

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

/** Who a job is for: a person's request goes ahead of automatic work. */
export const JOB_LANES = ['manual', 'automatic'] as const;
export type JobLane = (typeof JOB_LANES)[number];

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
  paused: Type.Boolean({
    description:
      'Paused on its own (`POST /api/jobs/{jobId}/pause`): it stays `queued` and does not start until resumed; a paused download keeps its partial file and resumes where it stopped',
  }),
  lane: Type.Enum(JOB_LANES, {
    description:
      '`manual`: asked for by a person (the UI, an API key, the bookmarklet), started before `automatic` work (channel and playlist sweeps, download-all, retries)',
  }),
  queuedAt: Type.String({
    format: 'date-time',
    description:
      'When the job last joined the queue: automatic jobs start in this order, and one that gave its slot to another channel joined again when it did',
  }),
  movedToFrontAt: Nullable(DateTime, {
    description:
      'When the job was moved to the front (`POST /api/jobs/{jobId}/move-to-front`): it starts before every job not moved; the latest moved starts first',
  }),
});
export type JobSummary = Static<typeof JobSummary>;

/** `GET /api/queue`: whether the whole queue is paused, and what waits in it. */
export const QueueState = Type.Object({
  paused: Type.Boolean(),
  running: Type.Integer({ description: 'Jobs downloading now' }),
  queued: Type.Integer({ description: 'Jobs waiting (paused ones included)' }),
  pausedJobs: Type.Integer({ description: 'Queued jobs paused on their own' }),
  platform: PlatformState,
});
export type QueueState = Static<typeof QueueState>;

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

export const JobIdParams = pathParams({ jobId: Type.String({ format: 'uuid' }) });

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
