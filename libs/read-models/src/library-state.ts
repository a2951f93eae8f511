import { DownloaderEvents, libraryServiceRef, type LibraryReads, type LibraryVideo } from '@vidkeep/contracts';
import type { ReadModelSource } from './read-model.js';

/**
 * The library's state of one video, as the plugins that list videos copy it (channel videos,
 * playlist entries): whether and when it was downloaded, deleted since, missing on disk,
 * protected, and where its files are. A video the library never had has no state.
 */
export interface LibraryState {
  downloadedAt: Date;
  /** Deleted through the library (its files are gone on purpose). */
  removed: boolean;
  /** Recorded, not removed, but its file was found gone from disk. */
  missing: boolean;
  /** Never removed automatically. */
  protected: boolean;
  /** Absolute paths inside the output directory (null when removed). */
  filePath: string | null;
  audioFilePath: string | null;
}

export function libraryStateOf(v: LibraryVideo): LibraryState {
  return {
    downloadedAt: v.downloadedAt,
    removed: v.removed,
    missing: v.missing,
    protected: v.protected,
    filePath: v.removed ? null : v.filePath,
    audioFilePath: v.removed ? null : v.audioFilePath,
  };
}

const byId = (videos: readonly LibraryVideo[]) => new Map(videos.map((v) => [v.sourceId, libraryStateOf(v)]));

/**
 * The library state, as the library plugin owns it. Every event after which a record may differ
 * names its ids: a finished download, a deletion, files found moved by the rescan or moved with
 * their channel's folder, and changed flags (protection, missing on disk).
 */
export const libraryState: ReadModelSource<LibraryReads, LibraryState> = {
  name: 'library state',
  service: libraryServiceRef,
  changes: [
    { event: DownloaderEvents.videoDownloaded, ids: ({ sourceId }) => [sourceId] },
    { event: DownloaderEvents.videoRemoved, ids: ({ sourceId }) => [sourceId] },
    { event: DownloaderEvents.videoRelocated, ids: ({ sourceId }) => [sourceId] },
    { event: DownloaderEvents.videosMoved, ids: ({ videos }) => videos.map((v) => v.sourceId) },
    { event: DownloaderEvents.videosChanged, ids: ({ sourceIds }) => sourceIds },
  ],
  read: async (library, ids) => byId(await library.libraryVideos([...ids])),
  readAll: async (library) => byId(await library.allVideos()),
  // Downloads happen while a listing plugin is off, and an event can be lost in a crash.
  atBoot: 'reconcile',
  // The library is not optional for a download; without it, the copy keeps what it knew.
  withoutService: 'keep',
};
