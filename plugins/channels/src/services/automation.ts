import {
  DownloaderErrorCodes,
  isDomainError,
  TAB_MEDIA_TYPE,
  TAB_TYPES,
  type ChannelsConfigSection,
  type DownloadQueueService,
  type LibraryService,
  type EventBus,
  type PluginLogger,
  type TabCount,
  type TaskResult,
  type VideosDiscoveredPayload,
} from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { writeChannelM3u } from './channel-m3u.js';
import { autoDownloadTabs, visibleTabs } from './channel-rows.js';
import type { ChannelStore } from './channel-store.js';
import type { DataApiClient } from './data-api.js';
import { durationSkip } from './duration-limits.js';
import { isMembersOnly, isNotDownloadableYet } from './entries.js';
import type { TabFetcher } from './fetcher.js';
import { tabPlaylistId, type ChannelPlatform } from './platform.js';
import { compileTitleFilter, FilterTimeoutError, matchTitles } from '@vidkeep/plugin-kit';
import type { ChannelVideoStore } from './video-store.js';

const DAY = 24 * 3600_000;

export interface AutomationDeps {
  store: ChannelStore;
  videos: ChannelVideoStore;
  platform: ChannelPlatform;
  fetcher: TabFetcher;
  api: DataApiClient;
  downloads: () => DownloadQueueService;
  library: () => LibraryService;
  config: () => ChannelsConfigSection;
  logger: PluginLogger;
  outputDir: string;
  /** Publishes `channels.videos.discovered`, once per sweep that queued anything. */
  events?: Pick<EventBus, 'publish'>;
}

/** Automatic downloads, tab counts and channel `.m3u` files. */
export class ChannelAutomation {
  constructor(private readonly deps: AutomationDeps) {}

  /**
   * The automatic-download sweep: for every enabled channel and enabled tab, refresh the newest
   * `channelFilesToDownload` entries and queue those never downloaded, not ignored, not
   * members-only, not live or upcoming, not already queued, matching the title filter and within
   * the channel's duration limits (the run's details list the videos those limits left out, with
   * why). One job per channel, so the channel's own settings apply.
   */
  async sweep(signal?: AbortSignal): Promise<TaskResult> {
    const { store } = this.deps;
    const channels = (await store.enabled()).filter((c) => autoDownloadTabs(c).length > 0);
    if (channels.length === 0)
      return {
        status: 'skipped',
        outcome: 'nothing-enabled',
        message: 'No subscribed channel has automatic downloads on',
      };
    const n = this.deps.config().channelFilesToDownload;
    const problems: { channelId: string; error: string }[] = [];
    const jobs: string[] = [];
    const skipped: { channelId: string; sourceId: string; title: string; reason: string }[] = [];
    const discovered: VideosDiscoveredPayload['sources'] = [];
    // One event for the whole sweep, also when it stops early (paused downloads, a crash).
    try {
      return await this.sweepChannels({ channels, n, problems, jobs, skipped, discovered, signal });
    } finally {
      const videoCount = discovered.reduce((sum, s) => sum + s.videos.length, 0);
      if (videoCount > 0)
        this.deps.events?.publish('channels.videos.discovered', { sources: discovered, videoCount, jobIds: jobs });
    }
  }

  private async sweepChannels({
    channels,
    n,
    problems,
    jobs,
    skipped,
    discovered,
    signal,
  }: {
    channels: ChannelRow[];
    n: number;
    problems: { channelId: string; error: string }[];
    jobs: string[];
    skipped: { channelId: string; sourceId: string; title: string; reason: string }[];
    discovered: VideosDiscoveredPayload['sources'];
    signal: AbortSignal | undefined;
  }): Promise<TaskResult> {
    const { videos, fetcher, logger } = this.deps;
    let queued = 0;
    for (const row of channels) {
      if (signal?.aborted) break;
      const filter = compileTitleFilter(row.titleFilterRegex);
      if (!filter.ok) {
        problems.push({ channelId: row.channelId, error: filter.error });
        continue;
      }
      const picked: { sourceId: string; title: string; duration: number | null; thumbnail: string | null }[] = [];
      for (const tab of autoDownloadTabs(row)) {
        const outcome = await fetcher.start(row, tab, 'refresh', n, 'automatic');
        if (outcome && !outcome.ok) {
          problems.push({ channelId: row.channelId, error: `${tab}: ${outcome.error}` });
          continue;
        }
        const active = this.deps.downloads().activeVideos();
        const candidates = (await videos.newest(row.channelId, tab, n)).filter(
          (v) =>
            v.downloadedAt === null &&
            !v.ignored &&
            !isMembersOnly(v.availability) &&
            !isNotDownloadableYet(v.liveStatus) &&
            !active.has(v.sourceId),
        );
        let matches: boolean[];
        try {
          matches = await matchTitles(
            filter.filter,
            candidates.map((c) => c.title),
          );
        } catch (err) {
          if (!(err instanceof FilterTimeoutError)) throw err;
          problems.push({ channelId: row.channelId, error: err.message });
          continue;
        }
        candidates.forEach((c, i) => {
          if (!matches[i]) return;
          const reason = durationSkip(row, c.duration);
          if (reason) skipped.push({ channelId: row.channelId, sourceId: c.sourceId, title: c.title, reason });
          else picked.push({ sourceId: c.sourceId, title: c.title, duration: c.duration, thumbnail: c.thumbnail });
        });
      }
      if (picked.length === 0) continue;
      try {
        const r = await this.deps.downloads().enqueue({
          sourceIds: picked.map((p) => p.sourceId),
          type: 'channel',
          label: `New videos: ${row.title}`.slice(0, 300),
          options: { ownerChannelId: row.channelId, useArchive: true },
          requestedBy: 'automatic downloads',
          metadata: Object.fromEntries(
            picked.map((p) => [p.sourceId, { title: p.title, duration: p.duration, thumbnail: p.thumbnail }]),
          ),
        });
        queued += r.acceptedIds.length;
        if (r.job) jobs.push(r.job.id);
        const accepted = new Set(r.acceptedIds);
        const found = picked.filter((p) => accepted.has(p.sourceId));
        if (found.length > 0)
          discovered.push({
            kind: 'channel',
            id: row.channelId,
            title: row.title,
            videos: found.map((p) => ({ sourceId: p.sourceId, title: p.title })),
          });
      } catch (err) {
        if (isDomainError(err) && err.code === DownloaderErrorCodes.paused) {
          return {
            status: 'skipped',
            outcome: 'downloads-paused',
            message: err.message,
            details: { queued, jobs, skipped },
          };
        }
        throw err;
      }
    }
    logger.info(
      { channels: channels.length, queued, problems: problems.length },
      'Automatic channel downloads checked',
    );
    const skippedText = skipped.length
      ? `; ${skipped.length} left out by duration limits (${skipped[0]!.title}: ${skipped[0]!.reason}${skipped.length > 1 ? ', …' : ''})`
      : '';
    const message = `${queued} new video${queued === 1 ? '' : 's'} queued from ${channels.length} channel${channels.length === 1 ? '' : 's'}${skippedText}${problems.length ? `; ${problems.length} problem(s)` : ''}`;
    if (problems.length && queued === 0 && problems.length === channels.length) {
      return {
        status: 'error',
        outcome: 'failed',
        message: `${message}: ${problems[0]!.error}`,
        details: { queued, jobs, problems, skipped },
      };
    }
    return {
      status: 'success',
      outcome: queued > 0 ? 'queued' : 'nothing-new',
      message,
      details: { queued, jobs, problems, skipped },
    };
  }

  /** Looks up the platform's per-tab totals of one channel and stores them with the attempt time. */
  async refreshCounts(row: ChannelRow, signal?: AbortSignal): Promise<boolean> {
    const now = new Date();
    const tabs = row.availableTabs === null ? [...TAB_TYPES] : visibleTabs(row);
    const looked: Record<string, TabCount> = {};
    let ok = true;
    for (const tab of tabs) {
      let total: number | null | undefined;
      if (this.deps.api.available()) {
        try {
          total = await this.deps.api.playlistCount(tabPlaylistId(row.channelId, tab), signal);
        } catch (err) {
          this.deps.logger.warn(
            { channelId: row.channelId, tab, error: (err as Error).message },
            'Data API tab count failed; using yt-dlp',
          );
        }
      }
      if (total === undefined) {
        const r = await this.deps.platform.tabTotal(row.channelId, tab, signal);
        if (r.ok) total = r.value;
        else ok = false;
      }
      if (total !== undefined)
        looked[TAB_MEDIA_TYPE[tab]] = { total, fetchedAt: now.toISOString(), source: 'platform' };
    }
    // Merged into the row as it is now: a Load all may have ended during the lookups.
    const fresh = (await this.deps.store.byChannelId(row.channelId)) ?? row;
    const counts: Record<string, TabCount> = { ...(fresh.tabVideoCounts ?? {}) };
    for (const [media, count] of Object.entries(looked)) {
      // A platform that cannot say (no tab playlist) does not undo what a complete Load all counted.
      if (count.total === null && counts[media]?.source === 'listing') continue;
      counts[media] = count;
    }
    await this.deps.store.update(row.id, { tabVideoCounts: counts, tabCountsAttemptedAt: now });
    return ok;
  }

  /**
   * Daily tab-count refresh. With a Data API key every channel not looked up in the last day;
   * without, at most `tabCountBatchSize` channels not attempted in three days, oldest attempts first.
   */
  async refreshAllCounts(signal?: AbortSignal): Promise<TaskResult> {
    const api = this.deps.api.available();
    const now = Date.now();
    const due = api
      ? await this.deps.store.dueForTabCounts(new Date(now - DAY + 3600_000), 100_000)
      : await this.deps.store.dueForTabCounts(new Date(now - 3 * DAY), this.deps.config().tabCountBatchSize);
    if (due.length === 0)
      return { status: 'skipped', outcome: 'nothing-due', message: "Every channel's tab counts are recent" };
    let failed = 0;
    for (const row of due) {
      if (signal?.aborted) break;
      if (!(await this.refreshCounts(row, signal))) failed += 1;
    }
    return {
      status: 'success',
      outcome: failed ? 'partial' : 'refreshed',
      message: `Tab counts refreshed for ${due.length - failed} of ${due.length} channel(s) (${api ? 'Data API' : 'yt-dlp'})`,
      details: { channels: due.length, failed, source: api ? 'api' : 'ytdlp' },
    };
  }

  /**
   * Writes `<channel folder>/<channel folder>.m3u` with the channel's downloaded files (relative
   * paths, `#EXTINF` with duration and title), sorted by publication date as the channel asks.
   * Removes the file when m3u is off or nothing is downloaded.
   */
  async writeM3u(row: ChannelRow): Promise<string[]> {
    return writeChannelM3u(row, this.deps.library(), this.deps.outputDir);
  }
}
