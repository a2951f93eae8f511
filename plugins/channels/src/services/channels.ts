import {
  ChannelErrorCodes as E,
  MEDIA_TYPE_TAB,
  MEDIA_TYPES,
  TAB_MEDIA_TYPE,
  TAB_TYPES,
  type ChannelsConfigSection,
  type Channel,
  type ChannelDownloadSettings,
  type ChannelSettingsProvider,
  type ChannelSettingsUpdate,
  type ChannelVideoPage,
  type ChannelVideosQuery,
  type DownloaderService,
  type MediaType,
  type PluginLogger,
  type SourceFailure,
  type TabCount,
  type TabType,
  type UpdateChannelsRequest,
} from '@vidkeep/contracts';
import { HttpError } from '@vidkeep/core/plugin-api';
import type { ChannelRow } from '../entities.js';
import { parseTabs, tabsCsv, toChannel, visibleTabs, type ChannelStore } from './channel-store.js';
import { FULL_FETCH_LIMIT, TabFetcher, type FetchOutcome } from './fetcher.js';
import { normalizeChannelRef, type ChannelMetadata, type ChannelPlatform } from './platform.js';
import { toSettings, usableMediaTypes, validateAddSettings, validateSettings, type SettingsPatch } from './settings.js';
import { toChannelVideo, type ChannelVideoStore } from './video-store.js';

const HOUR = 3600_000;

export interface ChannelsDeps {
  store: ChannelStore;
  videos: ChannelVideoStore;
  platform: ChannelPlatform;
  fetcher: TabFetcher;
  downloader: () => DownloaderService;
  config: () => ChannelsConfigSection;
  /** The downloader's default subfolder (its setting), offered among the subfolders. */
  defaultSubfolder: () => string;
  logger: PluginLogger;
  /** Publishes tab counts for one channel (tab-stats refresh). */
  refreshTabCounts: (channel: ChannelRow) => Promise<void>;
}

/** A platform failure as the HTTP answer spec 4.4 gives `/addchannelinfo`. */
export function platformError(f: SourceFailure, what: string): HttpError {
  const d = f.diagnosis;
  if (d.kind === 'bot_check' || d.kind === 'age_restricted' || d.kind === 'private') {
    return new HttpError(403, E.cookiesRequired, `The platform requires cookies to read ${what}: ${d.cause} ${d.fix}`);
  }
  if (f.notFound || d.kind === 'removed' || d.kind === 'unavailable') {
    return new HttpError(
      404,
      E.notFound,
      /terminated/i.test(f.stderr) ? `${what} was terminated on the platform` : `${what} was not found on the platform`,
    );
  }
  return new HttpError(503, E.platformUnreachable, `Cannot reach the platform to read ${what}: ${d.cause} ${d.fix}`);
}

/** Subscriptions: adding, removing, settings, tabs, listings, ignore flags and download-all. */
export class ChannelsService implements ChannelSettingsProvider {
  constructor(private readonly deps: ChannelsDeps) {}

  private get store() {
    return this.deps.store;
  }

  async require(channelId: string): Promise<ChannelRow> {
    const row = await this.store.byChannelId(channelId);
    if (!row) throw new HttpError(404, E.notFound, `Channel ${channelId} is not known; add it first`);
    return row;
  }

  // ------------------------------------------------------------------------------------------
  // ChannelSettingsProvider (the downloader asks while finishing files)

  async settingsFor(channelId: string): Promise<ChannelDownloadSettings | null> {
    const row = await this.store.byChannelId(channelId);
    if (!row) return null;
    return {
      channelId: row.channelId,
      enabled: row.enabled,
      folderName: row.folderName,
      subfolder: row.subFolder,
      videoQuality: row.videoQuality,
      audioFormat: row.audioFormat,
      additionalTags: row.additionalTags,
      skipVideoFolder: row.skipVideoFolder,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Adding

  /** Reads a channel from the platform and stores it (disabled) if new; detects its tabs. */
  async addChannelInfo(url: string): Promise<{ row: ChannelRow; existing: boolean }> {
    const ref = normalizeChannelRef(url);
    if (!ref)
      throw new HttpError(
        400,
        E.invalidPayload,
        'url must be a channel address of the platform (https://www.youtube.com/@handle or /channel/UC…), an @handle or a channel id',
      );
    const known = ref.channelId
      ? await this.store.byChannelId(ref.channelId)
      : await this.store.byHandleOrUrl(ref.handle, ref.url);
    if (known) return { row: known, existing: true };
    const info = await this.deps.platform.channelInfo(ref.url);
    if (!info.ok) throw platformError(info.failure, 'the channel');
    const meta = info.value;
    const again = await this.store.byChannelId(meta.channelId);
    if (again) return { row: again, existing: true };
    if (!meta.hasVideos) {
      throw new HttpError(
        422,
        E.noVideos,
        `${meta.title} has no downloadable videos. Artist channels that publish only releases have none: subscribe to their release playlists instead.`,
      );
    }
    const row = await this.createRow(meta);
    return { row: await this.detectTabs(row), existing: false };
  }

  private createRow(meta: ChannelMetadata): Promise<ChannelRow> {
    return this.store.create({
      channelId: meta.channelId,
      title: meta.title.slice(0, 300),
      description: meta.description || null,
      url: meta.url,
      handle: meta.handle,
      uploader: meta.uploader,
      folderName: meta.uploader ?? meta.title,
      thumbnailUrl: meta.thumbnailUrl,
      enabled: false,
      availableTabs: null,
      hiddenTabs: null,
      autoDownloadEnabledTabs: 'video',
      subFolder: null,
      videoQuality: null,
      audioFormat: null,
      titleFilterRegex: null,
      additionalTags: null,
      m3uEnabled: false,
      m3uSortOrder: 'oldest_first',
      autoRemovalProtected: false,
      autoRemovalKeepRecentCount: null,
      skipVideoFolder: null,
      tabVideoCounts: null,
      tabCountsAttemptedAt: null,
      lastFetchedByTab: null,
      terminatedAt: null,
    });
  }

  /** Detects tabs and stores them; auto-download keeps only tabs that exist. Failures keep the row as it was. */
  private async detectTabs(row: ChannelRow): Promise<ChannelRow> {
    const r = await this.deps.platform.detectTabs(row.channelId);
    if (!r.ok) {
      this.deps.logger.warn({ channelId: row.channelId, error: r.failure.diagnosis.cause }, 'Tab detection failed');
      return row;
    }
    const next = { ...row, availableTabs: tabsCsv(r.value) };
    const patch: SettingsPatch = {
      availableTabs: next.availableTabs,
      autoDownloadEnabledTabs: usableMediaTypes(row.autoDownloadEnabledTabs, next),
    };
    await this.store.update(row.id, patch);
    return { ...row, ...patch };
  }

  /**
   * `/updatechannels`: every item is resolved and every settings object validated before any
   * channel changes; then all changes are written in one transaction.
   */
  async updateChannels(body: UpdateChannelsRequest): Promise<{ added: string[]; removed: string[] }> {
    const adds: { url: string; channelId?: string; settings?: Parameters<typeof validateAddSettings>[1] }[] = [];
    const removes: string[] = [];
    if (Array.isArray(body)) {
      for (const item of body) {
        if (item.enabled) adds.push({ url: item.url });
        else removes.push(item.url);
      }
    } else {
      for (const item of body.add ?? [])
        adds.push(
          typeof item === 'string'
            ? { url: item }
            : { url: item.url, channelId: item.channel_id, settings: item.settings },
        );
      removes.push(...(body.remove ?? []));
    }
    if (adds.length === 0 && removes.length === 0)
      throw new HttpError(400, E.invalidPayload, 'Nothing to change: give at least one channel to add or remove');
    const changes: { id: number; patch: SettingsPatch }[] = [];
    const errors: { path: string; message: string }[] = [];
    const added: string[] = [];
    const created: ChannelRow[] = [];
    for (const [i, item] of adds.entries()) {
      const row = await this.resolveForAdd(item.url, item.channelId, `add/${i}`, errors);
      if (!row) continue;
      let patch: SettingsPatch = { enabled: true };
      if (item.settings) {
        const v = validateAddSettings(row, item.settings);
        if (!v.ok) {
          errors.push(...v.errors.map((e) => ({ path: `add/${i}/settings/${e.path}`, message: e.message })));
          continue;
        }
        patch = { ...v.patch, enabled: true };
        if (
          patch.subFolder !== undefined &&
          (patch.subFolder ?? null) !== (row.subFolder ?? null) &&
          (await this.deps.downloader().hasActiveDownloadsForChannel(row.channelId))
        ) {
          throw new HttpError(
            409,
            E.downloadsInProgress,
            `The subfolder of ${row.title} cannot change while its downloads are in progress; try again when they finish`,
          );
        }
      }
      if (!row.id) created.push(row);
      changes.push({ id: row.id, patch });
      added.push(row.channelId);
    }
    const removed: string[] = [];
    for (const [i, url] of removes.entries()) {
      const ref = normalizeChannelRef(url);
      const row = ref
        ? ref.channelId
          ? await this.store.byChannelId(ref.channelId)
          : await this.store.byHandleOrUrl(ref.handle, ref.url)
        : null;
      if (!row) {
        errors.push({ path: `remove/${i}`, message: `${url} is not a known channel` });
        continue;
      }
      if (row.enabled) changes.push({ id: row.id, patch: { enabled: false } });
      removed.push(row.channelId);
    }
    if (errors.length) {
      throw new HttpError(
        400,
        E.invalidSettings,
        `No channel was changed: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
        { details: errors },
      );
    }
    await this.store.updateMany(changes);
    const subfolders = changes.map((c) => c.patch.subFolder).filter((s): s is string => !!s);
    if (subfolders.length) await this.deps.downloader().registerSubfolders(subfolders);
    return { added, removed };
  }

  /** The row an add item refers to; a channel never seen is read from the platform and stored (disabled until the batch commits). */
  private async resolveForAdd(
    url: string,
    channelId: string | undefined,
    path: string,
    errors: { path: string; message: string }[],
  ): Promise<ChannelRow | null> {
    if (channelId) {
      const row = await this.store.byChannelId(channelId);
      if (row) return row;
    }
    const ref = normalizeChannelRef(channelId ?? url);
    if (!ref) {
      errors.push({ path, message: `${url} is not a channel address of the platform` });
      return null;
    }
    const known = ref.channelId
      ? await this.store.byChannelId(ref.channelId)
      : await this.store.byHandleOrUrl(ref.handle, ref.url);
    if (known) return known;
    const info = await this.deps.platform.channelInfo(ref.url);
    if (!info.ok) {
      const err = platformError(info.failure, url);
      if (err.statusCode === 404) {
        errors.push({ path, message: err.message });
        return null;
      }
      throw err;
    }
    const existing = await this.store.byChannelId(info.value.channelId);
    return existing ?? (await this.detectTabs(await this.createRow(info.value)));
  }

  // ------------------------------------------------------------------------------------------
  // Tabs

  async tabs(channelId: string): Promise<TabType[]> {
    let row = await this.require(channelId);
    if (row.availableTabs === null) row = await this.detectTabs(row);
    return visibleTabs(row);
  }

  async redetectTabs(channelId: string) {
    const row = await this.require(channelId);
    const r = await this.deps.platform.detectTabs(row.channelId);
    if (!r.ok) throw platformError(r.failure, "the channel's tabs");
    const hidden = parseTabs(row.hiddenTabs);
    const detected = r.value;
    const next = { availableTabs: tabsCsv(detected), hiddenTabs: row.hiddenTabs };
    const autoDownloadEnabledTabs = usableMediaTypes(row.autoDownloadEnabledTabs, next);
    await this.store.update(row.id, { availableTabs: next.availableTabs, autoDownloadEnabledTabs });
    return {
      availableTabs: detected.filter((t) => !hidden.includes(t)),
      detectedTabs: detected,
      hiddenTabs: hidden,
      autoDownloadEnabledTabs,
    };
  }

  async setTabAutoDownload(channelId: string, tab: TabType, enabled: boolean): Promise<string> {
    const row = await this.require(channelId);
    const media = TAB_MEDIA_TYPE[tab];
    const current = row.autoDownloadEnabledTabs.split(',').filter(Boolean);
    if (enabled && row.availableTabs !== null && !visibleTabs(row).includes(tab)) {
      throw new HttpError(400, E.invalidSettings, `${row.title} has no visible ${tab} tab`);
    }
    const next = MEDIA_TYPES.filter((m) => (m === media ? enabled : current.includes(m))).join(',');
    await this.store.update(row.id, { autoDownloadEnabledTabs: next });
    return next;
  }

  async tabStats(channelId: string) {
    let row = await this.require(channelId);
    const now = Date.now();
    const stale = (c: TabCount | undefined) => !c?.fetchedAt || now - Date.parse(c.fetchedAt) > 24 * HOUR;
    const tabs = row.availableTabs === null ? [...TAB_TYPES] : visibleTabs(row);
    const attemptedRecently = row.tabCountsAttemptedAt && now - row.tabCountsAttemptedAt.getTime() < HOUR;
    if (!attemptedRecently && tabs.some((t) => stale(row.tabVideoCounts?.[TAB_MEDIA_TYPE[t]]))) {
      await this.deps.refreshTabCounts(row);
      row = await this.require(channelId);
    }
    const stats = await this.deps.videos.stats(row.channelId);
    const result: Record<
      string,
      {
        total: number | null;
        fetchedAt: string | null;
        downloaded: number;
        ignored: number;
        loaded: number;
        percent: number | null;
      }
    > = {};
    for (const tab of tabs) {
      const s = stats.find((x) => x.mediaType === TAB_MEDIA_TYPE[tab]);
      const count = row.tabVideoCounts?.[TAB_MEDIA_TYPE[tab]];
      const total = count?.total ?? null;
      const downloaded = s?.downloaded ?? 0;
      result[tab] = {
        total,
        fetchedAt: count?.fetchedAt ?? null,
        downloaded,
        ignored: s?.ignored ?? 0,
        loaded: s?.loaded ?? 0,
        percent: total ? Math.min(100, Math.round((downloaded / total) * 100)) : total === 0 ? 0 : null,
      };
    }
    return { channelId: row.channelId, tabs: result };
  }

  // ------------------------------------------------------------------------------------------
  // Settings

  async getSettings(channelId: string) {
    return toSettings(await this.require(channelId));
  }

  async putSettings(channelId: string, input: ChannelSettingsUpdate) {
    const row = await this.require(channelId);
    const v = validateSettings(row, input);
    if (!v.ok)
      throw new HttpError(400, E.invalidSettings, v.errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
        details: v.errors,
      });
    const patch = v.patch;
    if (
      patch.subFolder !== undefined &&
      (patch.subFolder ?? null) !== (row.subFolder ?? null) &&
      (await this.deps.downloader().hasActiveDownloadsForChannel(row.channelId))
    ) {
      throw new HttpError(
        409,
        E.downloadsInProgress,
        `The subfolder of ${row.title} cannot change while its downloads are in progress; try again when they finish`,
      );
    }
    await this.store.update(row.id, patch);
    if (patch.subFolder) await this.deps.downloader().registerSubfolders([patch.subFolder]);
    return toSettings({ ...row, ...patch });
  }

  async subfolders(): Promise<string[]> {
    const [registry, channels] = await Promise.all([this.deps.downloader().listSubfolders(), this.store.subFolders()]);
    const def = this.deps.defaultSubfolder();
    return [...new Set([...registry, ...channels, ...(def ? [def] : [])])].sort((a, b) => a.localeCompare(b));
  }

  // ------------------------------------------------------------------------------------------
  // Listings

  /** Page of a tab's known videos; a tab never listed is read first, a stale one refreshed in the background. */
  async videosPage(channelId: string, q: ChannelVideosQuery): Promise<ChannelVideoPage> {
    const row = await this.require(channelId);
    const last = row.lastFetchedByTab?.[q.tabType] ?? null;
    let dataSource: 'cache' | 'fresh' = 'cache';
    let fetchError: string | null = null;
    if (!last) {
      const outcome = await this.refresh(row, q.tabType);
      dataSource = 'fresh';
      fetchError = outcome?.error ?? null;
    } else if (Date.now() - Date.parse(last) > HOUR || row.terminatedAt) {
      void this.refresh(row, q.tabType);
    }
    return this.page(row, q, dataSource, fetchError);
  }

  private async refresh(row: ChannelRow, tab: TabType): Promise<FetchOutcome | null> {
    const newest = (await this.deps.videos.newest(row.channelId, tab, 1))[0];
    const size = TabFetcher.refreshSize(
      newest?.publishedAtSource === 'estimated' ? null : (newest?.publishedAt ?? null),
      new Date(),
    );
    return this.deps.fetcher.start(row, tab, 'refresh', size);
  }

  async page(
    channel: ChannelRow | string,
    q: ChannelVideosQuery,
    dataSource: 'cache' | 'fresh' = 'cache',
    fetchError: string | null = null,
  ): Promise<ChannelVideoPage> {
    // After a fetch the row changed (lastFetched): read it again.
    const row =
      typeof channel === 'string' || dataSource === 'fresh'
        ? await this.require(typeof channel === 'string' ? channel : channel.channelId)
        : channel;
    const [{ rows, total }, oldest] = await Promise.all([
      this.deps.videos.page(row.channelId, q, false),
      this.deps.videos.oldestDate(row.channelId, q.tabType),
    ]);
    const active = this.deps.downloader().activeVideos();
    const media = TAB_MEDIA_TYPE[q.tabType];
    return {
      videos: rows.map((v) => toChannelVideo(v, active.get(v.sourceId)?.state ?? null)),
      total,
      page: q.page,
      pageSize: q.pageSize,
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      tabType: q.tabType,
      lastFetched: row.lastFetchedByTab?.[q.tabType] ?? null,
      dataSource,
      autoDownloadsEnabled: row.enabled && row.autoDownloadEnabledTabs.split(',').includes(media),
      availableTabs: visibleTabs(row),
      oldestVideoDate: oldest ? oldest.toISOString() : null,
      fetchError,
    };
  }

  /** Full fetch of a tab (up to 5,000 entries); 409 while one runs for that tab. */
  async fetchAll(channelId: string, tab: TabType): Promise<FetchOutcome & { elapsedSeconds: number }> {
    const row = await this.require(channelId);
    const started = Date.now();
    const p = this.deps.fetcher.start(row, tab, 'full', FULL_FETCH_LIMIT);
    if (!p)
      throw new HttpError(409, E.fetchInProgress, `A fetch of the ${tab} tab of ${row.title} is already in progress`);
    const outcome = await p;
    if (!outcome.ok) throw new HttpError(502, E.platformUnreachable, `Listing the ${tab} tab failed: ${outcome.error}`);
    return { ...outcome, elapsedSeconds: Math.round((Date.now() - started) / 100) / 10 };
  }

  // ------------------------------------------------------------------------------------------
  // Ignore

  async setIgnored(channelId: string, sourceIds: string[], ignored: boolean): Promise<Set<string>> {
    const row = await this.require(channelId);
    return this.deps.videos.setIgnored(row.channelId, sourceIds, ignored);
  }

  // ------------------------------------------------------------------------------------------
  // Download-all

  async downloadAllPreview(channelId: string, tab: TabType) {
    const row = await this.require(channelId);
    const rows = await this.deps.videos.neverDownloaded(row.channelId, tab);
    const active = this.deps.downloader().activeVideos();
    const pending = rows.filter((r) => !active.has(r.sourceId));
    return {
      count: pending.length,
      totalDurationSeconds: pending.reduce((s, r) => s + (r.duration ?? 0), 0),
      missingDurations: pending.filter((r) => r.duration === null).length,
    };
  }

  async downloadAll(
    channelId: string,
    tab: TabType,
    override: {
      resolution?: string;
      skipVideoFolder?: boolean;
      subfolder?: string | null;
      audioFormat?: string | null;
    } = {},
  ): Promise<{ queued: number; jobId: string | null }> {
    const row = await this.require(channelId);
    const rows = await this.deps.videos.neverDownloaded(row.channelId, tab);
    if (rows.length === 0) return { queued: 0, jobId: null };
    const result = await this.deps.downloader().enqueue({
      sourceIds: rows.map((r) => r.sourceId),
      type: 'download-all',
      label: `Download all ${tab}: ${row.title}`.slice(0, 300),
      options: {
        ownerChannelId: row.channelId,
        exemptFromRuntimeCap: true,
        ...(override.resolution ? { resolution: override.resolution as never } : {}),
        ...(override.skipVideoFolder !== undefined ? { skipVideoFolder: override.skipVideoFolder } : {}),
        ...(override.subfolder !== undefined ? { subfolder: override.subfolder } : {}),
        ...(override.audioFormat !== undefined ? { audioFormat: override.audioFormat as never } : {}),
      },
      metadata: Object.fromEntries(
        rows.map((r) => [r.sourceId, { title: r.title, duration: r.duration, thumbnail: r.thumbnail }]),
      ),
    });
    return { queued: result.acceptedIds.length, jobId: result.job?.id ?? null };
  }

  /** Rows of the channel list. */
  toChannel(row: ChannelRow): Channel {
    return toChannel(row);
  }
}

export const mediaTypeTab = (m: MediaType) => MEDIA_TYPE_TAB[m];
