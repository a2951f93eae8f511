import {
  checkDownloadOverride,
  InvalidInputError,
  NotFoundError,
  PlaylistErrorCodes as E,
  type DownloadQueueService,
  type LibraryService,
  type PlaylistDownloadRequest,
  type PlaylistVideo,
  type PlaylistVideoPage,
  type PlaylistVideosQuery,
} from '@vidkeep/contracts';
import type { PlaylistRow, PlaylistVideoRow } from '../entities.js';
import type { PlaylistQueue, QueueResult } from './queueing.js';
import type { PlaylistVideoStore } from './video-store.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The videos of one playlist: the page, ignore flags and manual downloads. */
export class PlaylistVideos {
  constructor(
    private readonly deps: {
      videos: PlaylistVideoStore;
      downloads: DownloadQueueService;
      library: LibraryService;
      queue: PlaylistQueue;
    },
  ) {}

  async page(row: PlaylistRow, q: PlaylistVideosQuery): Promise<PlaylistVideoPage> {
    const { rows, total } = await this.deps.videos.page(row.id, q);
    const library = new Map(
      (await this.deps.library.libraryVideos(rows.map((r) => r.row.sourceId))).map((v) => [v.sourceId, v]),
    );
    const active = this.deps.downloads.activeVideos();
    const videos = rows.map(({ row: r, watch }): PlaylistVideo => {
      const v = library.get(r.sourceId);
      const inLibrary = v !== undefined && !v.removed;
      return {
        id: r.id,
        playlist_id: row.playlistId,
        source_id: r.sourceId,
        position: r.position,
        added_at: (r.downloadedAt ?? r.firstSeenAt).toISOString(),
        first_seen_at: r.firstSeenAt.toISOString(),
        channel_id: r.channelId,
        channel_name: r.channelName,
        title: r.title,
        duration: r.duration,
        published_at: iso(r.publishedAt),
        thumbnail: r.thumbnail,
        ignored: r.ignored,
        ignored_at: iso(r.ignoredAt),
        unavailable: r.unavailable,
        source_removed: r.unavailable,
        downloaded: inLibrary,
        previously_downloaded: v !== undefined && v.removed,
        downloaded_at: iso(v?.downloadedAt ?? r.downloadedAt),
        active: active.get(r.sourceId)?.state ?? null,
        auto_download_requested: r.autoDownloadRequested,
        auto_download_last_attempt_at: iso(r.autoDownloadLastAttemptAt),
        video_id: v?.videoId ?? null,
        file_path: inLibrary ? v.filePath : null,
        file_size: inLibrary ? v.fileSize : null,
        audio_file_path: inLibrary ? v.audioFilePath : null,
        audio_file_size: inLibrary ? v.audioFileSize : null,
        watched: watch.watched,
        watched_by: [...watch.watched_by],
      };
    });
    return { total, videos };
  }

  async setIgnored(row: PlaylistRow, sourceId: string, ignored: boolean): Promise<void> {
    if (!(await this.deps.videos.setIgnored(row.id, sourceId, ignored, new Date()))) {
      throw new NotFoundError(E.videoNotFound, `Video ${sourceId} is not in this playlist`);
    }
  }

  /**
   * "Download selected" (exactly those ids, also ignored ones; deleted videos come back) or
   * "Download new" (every available entry the library never had and nobody ignored, in the
   * playlist's order). What the library has now is skipped unless `allowRedownload`.
   */
  async download(row: PlaylistRow, body: PlaylistDownloadRequest, requestedBy: string): Promise<QueueResult> {
    const checked = checkDownloadOverride(body.overrideSettings);
    if (!checked.ok) {
      throw new InvalidInputError(
        E.invalidOverride,
        `Invalid overrideSettings: ${checked.errors.map((e) => e.message).join('; ')}`,
        {
          details: checked.errors.map((e) => ({ ...e, path: `body/${e.path}` })),
        },
      );
    }
    const override = checked.override;
    const all = await this.deps.videos.all(row.id);
    let picked: PlaylistVideoRow[];
    const library = new Map(
      (await this.deps.library.libraryVideos(all.map((r) => r.sourceId))).map((v) => [v.sourceId, v]),
    );
    if (body.videoIds) {
      const byId = new Map(all.map((r) => [r.sourceId, r]));
      const unknown = body.videoIds.filter((id) => !byId.has(id));
      if (unknown.length) {
        throw new InvalidInputError(E.videoNotFound, `Not in this playlist: ${unknown.slice(0, 10).join(', ')}`, {
          details: [{ path: 'body/videoIds', message: `${unknown.length} id(s) are not entries of this playlist` }],
        });
      }
      picked = body.videoIds
        .map((id) => byId.get(id)!)
        .filter((r) => !r.unavailable && (override.allowRedownload || !(library.get(r.sourceId)?.removed === false)));
    } else {
      picked = all.filter(
        (r) => !r.ignored && !r.unavailable && (override.allowRedownload ? true : !library.has(r.sourceId)),
      );
    }
    return this.deps.queue.queue(row, picked, override, requestedBy);
  }
}
