import { setTimeout as sleep } from 'node:timers/promises';
import {
  ChannelErrorCodes as E,
  InvalidInputError,
  type ChannelAddSettings,
  type ChannelInfo,
  type DownloadQueueService,
  type LibraryService,
  type ImportResultState,
  type SourceFailure,
  type UpdateChannelsRequest,
} from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { findByRef } from './channel-lookup.js';
import type { ChannelSettingsService } from './channel-settings.js';
import type { ChannelStore } from './channel-store.js';
import { platformError } from './platform-errors.js';
import { channelUrl, normalizeChannelRef, type ChannelPlatform } from './platform.js';
import { invalidSettings, validateAddSettings, type SettingsPatch, type SettingsProblem } from './settings.js';
import { channelInfo, newChannelRow, planUpdate, type AutoDownloadSchedule } from './subscription-plan.js';
import type { ChannelTabs } from './tabs.js';

/** What importing one channel came to. */
export interface ImportOutcome {
  state: Exclude<ImportResultState, 'pending'>;
  /** A channel vidkeep knew (removed earlier) is subscribed again with its old settings. */
  restored: boolean;
  reason: string | null;
}

export interface SubscriptionsDeps {
  store: Pick<ChannelStore, 'byChannelId' | 'byHandleOrUrl' | 'create' | 'update' | 'updateMany'>;
  platform: Pick<ChannelPlatform, 'channelInfo'>;
  tabs: Pick<ChannelTabs, 'detect'>;
  settings: Pick<ChannelSettingsService, 'assertSubfolderChangeAllowed'>;
  downloads: () => DownloadQueueService;
  library: () => LibraryService;
  /** What automatic downloads do, for the lookup's answer. */
  autoDownload: () => AutoDownloadSchedule;
}

/**
 * An import looks a channel up again after these pauses when the lookup failed for a passing
 * reason: the connection dropped or timed out (`network`, a timeout). A channel that is missing,
 * terminated or behind a sign-in wall fails at once, and so does rate limiting (429), which more
 * requests soon would only prolong.
 */
export const IMPORT_LOOKUP_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

const passingFailure = (f: SourceFailure): boolean => f.timedOut || f.diagnosis.kind === 'network';

/** Subscribing: looking channels up on the platform, adding (enabling) and soft-removing them. */
export class ChannelSubscriptions {
  constructor(private readonly deps: SubscriptionsDeps) {}

  /** Reads a channel from the platform and stores it (disabled) if new; detects its tabs. */
  async addChannelInfo(url: string): Promise<ChannelInfo> {
    if (!url.trim()) throw new InvalidInputError(E.invalidPayload, 'url is required');
    const ref = normalizeChannelRef(url);
    if (!ref)
      throw new InvalidInputError(
        E.invalidPayload,
        'url must be a channel address of the platform (https://www.youtube.com/@handle or /channel/UC…), an @handle or a channel id',
      );
    const known = await findByRef(this.deps.store, ref);
    if (known) return channelInfo(known, true, this.deps.autoDownload());
    const info = await this.deps.platform.channelInfo(ref.url);
    if (!info.ok) throw platformError(info.failure, 'the channel');
    const meta = info.value;
    const again = await this.deps.store.byChannelId(meta.channelId);
    if (again) return channelInfo(again, true, this.deps.autoDownload());
    if (!meta.hasVideos) {
      throw new InvalidInputError(
        E.noVideos,
        `${meta.title} has no downloadable videos. Artist channels that publish only releases have none: subscribe to their release playlists instead.`,
      );
    }
    const row = await this.deps.store.create(newChannelRow(meta));
    return channelInfo(await this.deps.tabs.detect(row), false, this.deps.autoDownload());
  }

  /**
   * `/updatechannels`: every item is resolved and every settings object validated before any
   * channel changes; then all changes are written in one transaction.
   */
  async updateChannels(body: UpdateChannelsRequest): Promise<{ added: string[]; removed: string[] }> {
    const { adds, removes } = planUpdate(body);
    const changes: { id: number; patch: SettingsPatch }[] = [];
    const errors: SettingsProblem[] = [];
    const added: string[] = [];
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
        await this.deps.settings.assertSubfolderChangeAllowed(row, patch);
      }
      changes.push({ id: row.id, patch });
      added.push(row.channelId);
    }
    const removed: string[] = [];
    for (const [i, url] of removes.entries()) {
      const ref = normalizeChannelRef(url);
      const row = ref ? await findByRef(this.deps.store, ref) : null;
      if (!row) {
        errors.push({ path: `remove/${i}`, message: `${url} is not a known channel` });
        continue;
      }
      if (row.enabled) changes.push({ id: row.id, patch: { enabled: false } });
      removed.push(row.channelId);
    }
    if (errors.length) throw invalidSettings(errors, 'No channel was changed: ');
    await this.deps.store.updateMany(changes);
    const subfolders = changes.map((c) => c.patch.subFolder).filter((s): s is string => !!s);
    if (subfolders.length) await this.deps.library().registerSubfolders(subfolders);
    return { added, removed };
  }

  /**
   * One channel of a subscription import. An active subscription is skipped; a channel vidkeep
   * knows but does not follow (removed earlier, or the uploader of a followed playlist's video) is
   * subscribed again with the settings it has; a new one is read from the platform (one yt-dlp
   * call: its name, handle and avatar; tabs are detected when its page is first opened) and stored
   * with `settings`. Never throws: a failure is this channel's result.
   */
  async importOne(
    channelId: string,
    settings: ChannelAddSettings | null,
    signal?: AbortSignal,
  ): Promise<ImportOutcome> {
    const known = await this.deps.store.byChannelId(channelId);
    if (known) return this.subscribeKnown(known);
    const info = await this.lookupForImport(channelId, signal);
    if (!info.ok) {
      if (info.failure.aborted) return { state: 'skipped', restored: false, reason: 'Cancelled' };
      return { state: 'error', restored: false, reason: platformError(info.failure, 'the channel').message };
    }
    const meta = info.value;
    // The platform may answer with the channel under another id (a moved channel).
    const again = meta.channelId === channelId ? null : await this.deps.store.byChannelId(meta.channelId);
    if (again) return this.subscribeKnown(again);
    if (!meta.hasVideos) {
      return {
        state: 'error',
        restored: false,
        reason: `${meta.title} has no downloadable videos (artist channels that publish only releases have none: follow their release playlists instead)`,
      };
    }
    const fresh = newChannelRow(meta);
    let patch: SettingsPatch = {};
    if (settings) {
      const v = validateAddSettings({ ...fresh, id: 0, createdAt: new Date(), updatedAt: new Date() }, settings);
      if (!v.ok) {
        return { state: 'error', restored: false, reason: v.errors.map((e) => `${e.path}: ${e.message}`).join('; ') };
      }
      patch = v.patch;
    }
    await this.deps.store.create({ ...fresh, ...patch, enabled: true });
    if (patch.subFolder) await this.deps.library().registerSubfolders([patch.subFolder]);
    return { state: 'success', restored: false, reason: null };
  }

  /** `channelInfo`, tried again after a pause while it fails for a passing reason (an import only). */
  private async lookupForImport(channelId: string, signal?: AbortSignal) {
    for (let attempt = 0; ; attempt++) {
      const info = await this.deps.platform.channelInfo(channelUrl(channelId), signal);
      const delay = IMPORT_LOOKUP_RETRY_DELAYS_MS[attempt];
      if (info.ok || info.failure.aborted || !passingFailure(info.failure) || delay === undefined) return info;
      try {
        await sleep(delay, undefined, { signal });
      } catch {
        return info; // cancelled or shut down during the pause: the failure stands as it was
      }
    }
  }

  private async subscribeKnown(row: ChannelRow): Promise<ImportOutcome> {
    if (row.enabled) return { state: 'skipped', restored: false, reason: 'Already subscribed' };
    await this.deps.store.update(row.id, { enabled: true });
    return { state: 'success', restored: true, reason: null };
  }

  /** The row an add item refers to; a channel never seen is read from the platform and stored (disabled until the batch commits). */
  private async resolveForAdd(
    url: string,
    channelId: string | undefined,
    path: string,
    errors: SettingsProblem[],
  ): Promise<ChannelRow | null> {
    if (channelId) {
      const row = await this.deps.store.byChannelId(channelId);
      if (row) return row;
    }
    const ref = normalizeChannelRef(channelId ?? url);
    if (!ref) {
      errors.push({ path, message: `${url} is not a channel address of the platform` });
      return null;
    }
    const known = await findByRef(this.deps.store, ref);
    if (known) return known;
    const info = await this.deps.platform.channelInfo(ref.url);
    if (!info.ok) {
      const err = platformError(info.failure, url);
      // A channel the platform does not know is a problem of this item; any other failure stops the batch.
      if (err.reason !== 'not-found') throw err;
      errors.push({ path, message: err.message });
      return null;
    }
    const existing = await this.deps.store.byChannelId(info.value.channelId);
    return existing ?? (await this.deps.tabs.detect(await this.deps.store.create(newChannelRow(info.value))));
  }
}
