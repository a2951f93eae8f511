import {
  ChannelErrorCodes,
  checkDownloadOverride,
  InvalidInputError,
  type DownloadAllRequest,
  type DownloaderService,
  type EnqueueRequest,
  type TabType,
} from '@vidkeep/contracts';
import type { ChannelRow, ChannelVideoRow } from '../entities.js';
import { requireChannel, type ChannelLookup } from './channel-lookup.js';
import { applyDurationLimits } from './duration-limits.js';
import type { ChannelVideoStore } from './video-store.js';

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
      videos: Pick<ChannelVideoStore, 'neverDownloaded'>;
      downloader: () => DownloaderService;
    },
  ) {}

  async preview(channelId: string, tab: TabType) {
    const row = await requireChannel(this.deps.store, channelId);
    const rows = await this.deps.videos.neverDownloaded(row.channelId, tab);
    return downloadAllPreview(rows, this.deps.downloader().activeVideos(), row);
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
    const result = await this.deps.downloader().enqueue(downloadAllJob(row, tab, rows, override));
    const queued = result.acceptedIds.length;
    return {
      status: queued > 0 ? 'accepted' : 'nothing-to-download',
      queued,
      jobId: result.job?.id ?? null,
      skipped,
    };
  }
}
