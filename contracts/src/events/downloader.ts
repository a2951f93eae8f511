import { Type, type Static } from '../typebox.js';
import { DateTime, Nullable } from '../schemas/common.js';
import { Diagnosis } from '../schemas/downloader/failures.js';
import { JobStatus } from '../schemas/downloader/jobs.js';
import { PlatformCooldownCause } from '../schemas/downloader/platform.js';

const NullableString = Type.Union([Type.String(), Type.Null()]);

export const VideoDownloadedPayload = Type.Object({
  jobId: Type.String(),
  jobType: Type.String(),
  videoId: Type.Integer(),
  sourceId: Type.String(),
  title: Type.String(),
  channelId: Type.Union([Type.String(), Type.Null()]),
  channelName: Type.Union([Type.String(), Type.Null()]),
  filePath: Type.Union([Type.String(), Type.Null()]),
  audioFilePath: Type.Union([Type.String(), Type.Null()]),
  subfolder: Type.Union([Type.String(), Type.Null()]),
  /** Exact publication time from the video's info (timestamp, else upload date at 00:00 UTC). */
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** `video`, `short` or `livestream`. */
  mediaType: Type.String(),
  downloadedAt: Type.String({ format: 'date-time' }),
});
export type VideoDownloadedPayload = Static<typeof VideoDownloadedPayload>;

export const JobFinishedPayload = Type.Object({
  jobId: Type.String(),
  jobType: Type.String(),
  status: JobStatus,
  ownerChannelId: Type.Union([Type.String(), Type.Null()]),
  completedSourceIds: Type.Array(Type.String()),
  failedSourceIds: Type.Array(Type.String()),
  /** The job's label as the downloads page shows it (absent from publishers before plugin API 1.1). */
  label: Type.Optional(Type.String()),
  /** The job's summary: what it did, or why it failed as a whole. */
  message: Type.Optional(Nullable(Type.String())),
  /** The videos it downloaded, with their titles (same order as `completedSourceIds`). */
  completed: Type.Optional(Type.Array(Type.Object({ sourceId: Type.String(), title: Nullable(Type.String()) }))),
  /** The videos that failed, each with its diagnosis (same order as `failedSourceIds`). */
  failures: Type.Optional(
    Type.Array(
      Type.Object({ sourceId: Type.String(), title: Nullable(Type.String()), diagnosis: Nullable(Diagnosis) }),
    ),
  ),
});
export type JobFinishedPayload = Static<typeof JobFinishedPayload>;

export const VideoRemovedPayload = Type.Object({ videoId: Type.Integer(), sourceId: Type.String() });
export type VideoRemovedPayload = Static<typeof VideoRemovedPayload>;

/**
 * The filesystem rescan found a video's files at a new place (moved by hand) and saved the new
 * paths; plugins that keep copies of the paths (playlists' `.m3u`) update them.
 */
export const VideoRelocatedPayload = Type.Object({
  videoId: Type.Integer(),
  sourceId: Type.String(),
  filePath: Type.Union([Type.String(), Type.Null()]),
  audioFilePath: Type.Union([Type.String(), Type.Null()]),
});
export type VideoRelocatedPayload = Static<typeof VideoRelocatedPayload>;

/**
 * The library state other plugins copy (protected, missing on disk, rating) changed for these
 * videos; re-read them with `DownloaderService.libraryVideos`. Whoever writes those columns
 * publishes it (the protection and rating routes, the filesystem rescan).
 */
export const VideosChangedPayload = Type.Object({ sourceIds: Type.Array(Type.String()) });
export type VideosChangedPayload = Static<typeof VideosChangedPayload>;

/**
 * A channel's folder moved to another subfolder (its subfolder setting changed): the files are
 * in their new place and the library records say so. Whoever keeps file paths or publishes them
 * (`.m3u` files, media-server playlists, library scans) updates from this.
 */
export const VideosMovedPayload = Type.Object({
  channelId: Type.String(),
  /** The subfolders (without `__`; null = the output root) the folder left and went to. */
  fromSubfolder: NullableString,
  toSubfolder: NullableString,
  /** Absolute channel folders: where they were and where they are now. */
  folders: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
  videos: Type.Array(
    Type.Object({
      videoId: Type.Integer(),
      sourceId: Type.String(),
      filePath: NullableString,
      audioFilePath: NullableString,
      previousFilePath: NullableString,
      previousAudioFilePath: NullableString,
    }),
  ),
});
export type VideosMovedPayload = Static<typeof VideosMovedPayload>;

/**
 * Downloads stopped starting because a storage limit is reached (`storageMinFreeGb`,
 * `storageMaxUsedGb`); published once when the pause begins, not at every re-check.
 */
export const StoragePausedPayload = Type.Object({
  reason: Type.String({ description: 'Which limit, in plain words' }),
  freeBytes: Nullable(Type.Integer()),
  usedBytes: Type.Integer(),
});
export type StoragePausedPayload = Static<typeof StoragePausedPayload>;

/**
 * The platform pushed back (HTTP 429, its bot check, a burst of HTTP 403s): everything that talks
 * to it waits until `until`. Published once when the cool-down begins, not for each request refused.
 */
export const PlatformCoolingDownPayload = Type.Object({
  cause: PlatformCooldownCause,
  level: Type.Integer({ description: 'How many cool-downs in a row; each lasts twice the one before, up to the cap' }),
  since: DateTime,
  until: DateTime,
  minutes: Type.Number(),
  reason: Type.String({ description: 'In words: "the platform asked us to slow down (429)"' }),
});
export type PlatformCoolingDownPayload = Static<typeof PlatformCoolingDownPayload>;

/** Downloads start again: the storage limit that paused them is no longer reached (or was removed). */
export const StorageResumedPayload = Type.Object({
  freeBytes: Nullable(Type.Integer()),
  usedBytes: Type.Integer(),
});
export type StorageResumedPayload = Static<typeof StorageResumedPayload>;

/**
 * The downloader tool's update ran (the nightly task, or `POST /api/ytdlp/update`): a newer
 * version was available and is installed (`updated`), there was none (`up-to-date`), or the
 * update failed (`failed`). A skipped run (a download was running) publishes nothing.
 */
export const ToolUpdateCheckedPayload = Type.Object({
  tool: Type.Literal('yt-dlp'),
  trigger: Type.Union([Type.Literal('scheduled'), Type.Literal('manual')]),
  outcome: Type.Union([Type.Literal('updated'), Type.Literal('up-to-date'), Type.Literal('failed')]),
  message: Type.String(),
  currentVersion: NullableString,
  newVersion: NullableString,
});
export type ToolUpdateCheckedPayload = Static<typeof ToolUpdateCheckedPayload>;

export const DownloaderEvents = {
  videoDownloaded: 'downloader.video.downloaded',
  videoRemoved: 'downloader.video.removed',
  videoRelocated: 'downloader.video.relocated',
  videosChanged: 'downloader.videos.changed',
  videosMoved: 'downloader.videos.moved',
  jobFinished: 'downloader.job.finished',
  storagePaused: 'downloader.storage.paused',
  storageResumed: 'downloader.storage.resumed',
  platformCoolingDown: 'downloader.platform.coolingDown',
  toolUpdateChecked: 'downloader.tool.updateChecked',
} as const;
