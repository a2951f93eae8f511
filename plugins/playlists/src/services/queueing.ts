import type {
  AudioFormat,
  ChannelDirectory,
  ChannelDownloadSettings,
  ChannelSettingsProvider,
  CheckedOverride,
  DownloadQueueService,
  LibraryService,
  JobOptions,
  Resolution,
} from '@vidkeep/contracts';
import type { PlaylistRow, PlaylistVideoRow } from '../entities.js';

/** The command settings one yt-dlp run shares (reference 6.3: one job per settings group). */
export interface SettingsGroup {
  resolution: Resolution | undefined;
  audioFormat: AudioFormat | null;
  rows: PlaylistVideoRow[];
}

/**
 * Groups entries by the settings their download runs with. Precedence (reference 6.3): the
 * download dialog's override, then the uploader's channel when it is subscribed (enabled), then
 * the playlist, then the global setting (left to the downloader: `resolution` undefined).
 */
export function groupBySettings(
  rows: readonly PlaylistVideoRow[],
  playlist: Pick<PlaylistRow, 'videoQuality' | 'audioFormat'>,
  override: Pick<CheckedOverride, 'resolution' | 'audioFormat'>,
  channels: ReadonlyMap<string, ChannelDownloadSettings>,
): SettingsGroup[] {
  const groups = new Map<string, SettingsGroup>();
  for (const row of rows) {
    const settings = row.channelId ? channels.get(row.channelId) : undefined;
    const tracked = settings?.enabled ? settings : null;
    const resolution = (override.resolution ?? tracked?.videoQuality ?? playlist.videoQuality ?? undefined) as
      Resolution | undefined;
    const audioFormat = (
      override.audioFormat !== undefined ? override.audioFormat : (tracked?.audioFormat ?? playlist.audioFormat ?? null)
    ) as AudioFormat | null;
    const key = `${resolution ?? ''}|${audioFormat ?? ''}`;
    const group = groups.get(key) ?? { resolution, audioFormat, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export interface QueueResult {
  queued: number;
  jobIds: string[];
}

/**
 * Queues playlist entries with the downloader: uploaders nobody subscribed to become hidden
 * channels first (seeded from the playlist, spec 1.1), then one job per settings group labelled
 * `Playlist: <title>`. Files go to the uploader's channel folder; the playlist's subfolder is
 * only a fallback behind the override and the subscribed channel's own.
 */
export class PlaylistQueue {
  constructor(
    private readonly deps: {
      downloads: DownloadQueueService;
      library: LibraryService;
      channelSettings: ChannelSettingsProvider | null;
      directory: ChannelDirectory | null;
    },
  ) {}

  async queue(
    playlist: PlaylistRow,
    rows: readonly PlaylistVideoRow[],
    override: CheckedOverride,
    requestedBy: string,
  ): Promise<QueueResult> {
    if (rows.length === 0) return { queued: 0, jobIds: [] };
    const uploaders = new Map<string, string | null>();
    for (const r of rows) if (r.channelId && !uploaders.has(r.channelId)) uploaders.set(r.channelId, r.channelName);
    await this.deps.directory?.ensureChannels(
      [...uploaders].map(([channelId, name]) => ({ channelId, name })),
      {
        subfolder: playlist.defaultSubFolder,
        videoQuality: (playlist.videoQuality ?? null) as Resolution | null,
        audioFormat: (playlist.audioFormat ?? null) as AudioFormat | null,
        titleFilterRegex: playlist.titleFilterRegex,
      },
    );
    const channels = new Map<string, ChannelDownloadSettings>();
    for (const id of uploaders.keys()) {
      const s = await this.deps.channelSettings?.settingsFor(id).catch(() => null);
      if (s) channels.set(id, s);
    }
    const result: QueueResult = { queued: 0, jobIds: [] };
    for (const group of groupBySettings(rows, playlist, override, channels)) {
      const options: JobOptions = {
        audioFormat: group.audioFormat,
        ...(group.resolution ? { resolution: group.resolution } : {}),
        ...(override.subfolder !== undefined ? { subfolder: override.subfolder } : {}),
        ...(override.skipVideoFolder !== undefined ? { skipVideoFolder: override.skipVideoFolder } : {}),
        ...(playlist.defaultSubFolder !== null ? { fallbackSubfolder: playlist.defaultSubFolder } : {}),
        // Reference 8.9: a rating chosen for this download, else the playlist's default (below the channel's).
        ...(override.rating !== undefined ? { rating: override.rating } : {}),
        ...(playlist.defaultRating ? { fallbackRating: playlist.defaultRating } : {}),
      };
      const r = await this.deps.downloads.enqueue({
        sourceIds: group.rows.map((row) => row.sourceId),
        type: 'playlist',
        label: `Playlist: ${playlist.title}`.slice(0, 300),
        options,
        requestedBy,
        metadata: Object.fromEntries(
          group.rows.map((row) => [
            row.sourceId,
            { title: row.title, duration: row.duration, thumbnail: row.thumbnail },
          ]),
        ),
      });
      result.queued += r.acceptedIds.length;
      if (r.job) result.jobIds.push(r.job.id);
    }
    return result;
  }
}
