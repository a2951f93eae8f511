import {
  ChannelErrorCodes,
  checkDownloadOverride,
  InvalidInputError,
  type AudioFormat,
  type DownloadAllRequest,
  type DownloadQueueService,
  type LibraryService,
  type EnqueueRequest,
  type Resolution,
  type TabType,
} from '@vidkeep/contracts';
import type { ChannelRow, ChannelVideoRow } from '../entities.js';
import { requireChannel, type ChannelLookup } from './channel-lookup.js';
import { applyDurationLimits } from './duration-limits.js';
import { statsTabs, tabStats } from './tab-stats.js';
import type { ChannelVideoStore } from './video-store.js';

/**
 * Typical bitrates of the platform's streams (kbit/s), for size estimates: H.264 video at 30
 * frames a second up to 1080p, VP9 above (the only codec offered there), as yt-dlp picks them.
 * Real files vary with the content (a static talk is smaller, 60 fps gaming larger): the
 * estimate says "about".
 */
export const TYPICAL_VIDEO_KBPS: Readonly<Record<Resolution, number>> = {
  '360': 500,
  '480': 1000,
  '720': 2000,
  '1080': 3500,
  '1440': 8000,
  '2160': 16000,
};
/** The m4a audio stream merged into every video file. */
export const TYPICAL_AUDIO_KBPS = 130;
/** The mp3 written for `video_mp3` and `mp3_only` (`--audio-quality 192K`). */
export const MP3_KBPS = 192;

/** The bitrate a download of this resolution and audio format adds up to (null resolution: audio only). */
export function typicalKbps(resolution: Resolution, audioFormat: AudioFormat | null): number {
  if (audioFormat === 'mp3_only') return MP3_KBPS;
  const video = TYPICAL_VIDEO_KBPS[resolution] + TYPICAL_AUDIO_KBPS;
  return audioFormat === 'video_mp3' ? video + MP3_KBPS : video;
}

/** About how many bytes `seconds` of media take at a typical bitrate. */
export const estimatedBytes = (seconds: number, kbps: number): number => Math.round((seconds * kbps * 1000) / 8);

/** What download-all's size estimate is based on: the resolution and audio format the job would use. */
export function sizeBasis(resolution: Resolution, audioFormat: AudioFormat | null) {
  return {
    resolution: audioFormat === 'mp3_only' ? null : resolution,
    audioFormat,
    kilobitsPerSecond: typicalKbps(resolution, audioFormat),
  };
}

type Listed = Pick<ChannelVideoRow, 'sourceId' | 'title' | 'duration' | 'thumbnail'>;
export type DownloadAllOverride = NonNullable<DownloadAllRequest['overrideSettings']>;

type Limits = Pick<ChannelRow, 'minDuration' | 'maxDuration'>;
const NO_LIMITS: Limits = { minDuration: null, maxDuration: null };

/**
 * What download-all would queue now: the listed videos not already in the queue and within the
 * channel's duration limits (the others are counted by reason).
 */
export function downloadAllPreview(
  rows: readonly Listed[],
  active: ReadonlyMap<string, unknown>,
  limits: Limits = NO_LIMITS,
) {
  const { kept: pending, skipped } = applyDurationLimits(
    limits,
    rows.filter((r) => !active.has(r.sourceId)),
  );
  return {
    count: pending.length,
    totalDurationSeconds: pending.reduce((s, r) => s + (r.duration ?? 0), 0),
    missingDurations: pending.filter((r) => r.duration === null).length,
    skipped,
  };
}

/**
 * The one job download-all queues: owned by the channel (its settings apply unless overridden; a
 * `rating` is the downloads' content rating, `NR`/null explicitly none; `allowRedownload` has no
 * effect), exempt from the runtime cap, with the metadata
 * the queue shows before each download starts.
 */
export function downloadAllJob(
  row: Pick<ChannelRow, 'channelId' | 'title'>,
  tab: TabType,
  rows: readonly Listed[],
  o: DownloadAllOverride,
): EnqueueRequest {
  return {
    sourceIds: rows.map((r) => r.sourceId),
    type: 'download-all',
    label: `Download all ${tab}: ${row.title}`.slice(0, 300),
    options: {
      ownerChannelId: row.channelId,
      exemptFromRuntimeCap: true,
      ...(o.resolution ? { resolution: o.resolution } : {}),
      ...(o.skipVideoFolder !== undefined ? { skipVideoFolder: o.skipVideoFolder } : {}),
      ...(o.subfolder !== undefined ? { subfolder: o.subfolder } : {}),
      ...(o.audioFormat !== undefined ? { audioFormat: o.audioFormat } : {}),
      ...(o.rating !== undefined ? { rating: o.rating } : {}),
    },
    metadata: Object.fromEntries(
      rows.map((r) => [r.sourceId, { title: r.title, duration: r.duration, thumbnail: r.thumbnail }]),
    ),
  };
}

/**
 * The overrides as the job uses them, checked by the rules a playlist's download uses
 * (`checkDownloadOverride`): a subfolder the user typed is trimmed, the dialog's sentinels are
 * understood, and anything unusable is refused with every problem listed, before anything is read
 * or queued (never accepted and then dropped when the files are placed).
 */
export function checkedDownloadAllOverride(o: DownloadAllOverride | undefined): DownloadAllOverride {
  const checked = checkDownloadOverride(o);
  if (!checked.ok) {
    throw new InvalidInputError(
      ChannelErrorCodes.invalidSettings,
      `Invalid overrideSettings: ${checked.errors.map((e) => e.message).join('; ')}`,
      { details: checked.errors.map((e) => ({ ...e, path: `body/${e.path}` })) },
    );
  }
  return checked.override;
}

/** Download-all: every known, never-downloaded video of a tab as one job. */
export class DownloadAll {
  constructor(
    private readonly deps: {
      store: ChannelLookup;
      videos: Pick<ChannelVideoStore, 'neverDownloaded' | 'stats'>;
      downloads: () => DownloadQueueService;
      library: () => LibraryService;
      /** The downloader's `preferredResolution`, for channels without a quality of their own. */
      preferredResolution: () => Resolution;
    },
  ) {}

  /**
   * What download-all would queue, with its size at the resolution the job would use (or
   * `resolution`), and whether every video of the tab is known here.
   */
  async preview(channelId: string, tab: TabType, resolution?: Resolution) {
    const row = await requireChannel(this.deps.store, channelId);
    const [rows, stats] = await Promise.all([
      this.deps.videos.neverDownloaded(row.channelId, tab),
      this.deps.videos.stats(row.channelId),
    ]);
    const preview = downloadAllPreview(rows, this.deps.downloads().activeVideos(), row);
    const basis = sizeBasis(resolution ?? row.videoQuality ?? this.deps.preferredResolution(), row.audioFormat);
    const tabStat = statsTabs(row).includes(tab) ? tabStats(row, [tab], stats)[tab] : undefined;
    return {
      ...preview,
      estimatedBytes: estimatedBytes(preview.totalDurationSeconds, basis.kilobitsPerSecond),
      sizeBasis: basis,
      listingComplete: tabStat?.complete ?? false,
    };
  }

  async queue(channelId: string, request: DownloadAllRequest) {
    const override = checkedDownloadAllOverride(request.overrideSettings);
    const row = await requireChannel(this.deps.store, channelId);
    const tab = request.tabType ?? 'videos';
    const { kept: rows, skipped } = applyDurationLimits(
      row,
      await this.deps.videos.neverDownloaded(row.channelId, tab),
    );
    if (rows.length === 0) return { status: 'nothing-to-download', queued: 0, jobId: null, skipped };
    const result = await this.deps.downloads().enqueue(downloadAllJob(row, tab, rows, override));
    const queued = result.acceptedIds.length;
    return {
      status: queued > 0 ? 'accepted' : 'nothing-to-download',
      queued,
      jobId: result.job?.id ?? null,
      skipped,
    };
  }
}
