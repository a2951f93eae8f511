import {
  ChannelErrorCodes as E,
  InvalidInputError,
  type ChannelAddSettings,
  type ChannelInfo,
  type UpdateChannelsRequest,
} from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { autoDownloadTabs, toChannel } from './channel-rows.js';
import type { ChannelMetadata } from './platform.js';

export interface AddItem {
  url: string;
  channelId?: string;
  settings?: ChannelAddSettings;
}

/**
 * The two body forms of `/updatechannels` (`[{url, enabled}]` and `{add, remove}`) as one list
 * of channels to add and one of channels to remove. A body that changes nothing is invalid.
 */
export function planUpdate(body: UpdateChannelsRequest): { adds: AddItem[]; removes: string[] } {
  const adds: AddItem[] = [];
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
    throw new InvalidInputError(E.invalidPayload, 'Nothing to change: give at least one channel to add or remove');
  return { adds, removes };
}

/** A channel read from the platform as it is first stored: disabled, tabs not detected yet. */
export function newChannelRow(meta: ChannelMetadata): Omit<ChannelRow, 'id' | 'createdAt' | 'updatedAt'> {
  return {
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
    minDuration: null,
    maxDuration: null,
    tabVideoCounts: null,
    tabCountsAttemptedAt: null,
    lastFetchedByTab: null,
    terminatedAt: null,
    defaultRating: null,
  };
}

/** What automatic downloads do for subscribed channels: how many newest videos, and when next. */
export interface AutoDownloadSchedule {
  newest: number;
  nextCheckAt: Date | null;
}

/** What `/addchannelinfo` tells about a channel before subscribing, and what subscribing starts. */
export function channelInfo(row: ChannelRow, existing: boolean, schedule: AutoDownloadSchedule): ChannelInfo {
  const c = toChannel(row);
  return {
    id: c.channel_id,
    channel_id: c.channel_id,
    title: c.title,
    description: c.description ?? '',
    enabled: c.enabled,
    existing,
    url: c.url,
    handle: c.handle,
    thumbnailUrl: c.thumbnailUrl,
    availableTabs: c.available_tabs,
    autoDownload: {
      tabs: autoDownloadTabs(row),
      newest: schedule.newest,
      nextCheckAt: schedule.nextCheckAt ? schedule.nextCheckAt.toISOString() : null,
    },
  };
}
