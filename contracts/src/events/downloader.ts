import { Type, type Static } from '../typebox.js';
import { JobStatus } from '../schemas/downloader.js';

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

const NullableString = Type.Union([Type.String(), Type.Null()]);

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

export const DownloaderEvents = {
  videoDownloaded: 'downloader.video.downloaded',
  videoRemoved: 'downloader.video.removed',
  videoRelocated: 'downloader.video.relocated',
  videosChanged: 'downloader.videos.changed',
  videosMoved: 'downloader.videos.moved',
  jobFinished: 'downloader.job.finished',
} as const;
