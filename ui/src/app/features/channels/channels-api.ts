import { Injectable, inject } from '@angular/core';
import { Api, type RouteInput } from '../../core/api';
import type { ChannelListQuery, ChannelVideosQuery, TabType } from './api-types';
import type { SearchCount } from '../../shared/channel-query';

// The queries the UI sends leave out what the server defaults (the map's `Static` types make
// every field with a default required), hence the casts below.

/**
 * The channels routes, typed from the server's schemas (`@vidkeep/contracts/routes`). Like every
 * `<feature>-api.ts`, it is the only place their paths are written; the subscription imports
 * have their own, `import/imports-api.ts`.
 */
@Injectable({ providedIn: 'root' })
export class ChannelsApi {
  private readonly api = inject(Api);

  /** A page of the subscribed channels. */
  list(query: Partial<ChannelListQuery>) {
    // Defaulted fields may be left out (see above).
    return this.api.call('GET /getchannels', { query: query as ChannelListQuery });
  }

  /** Looks a channel up by URL, @handle or id before subscribing. */
  lookUp(url: string) {
    return this.api.call('POST /addchannelinfo', { body: { url } });
  }

  /** Searches the platform for channels. */
  search(query: string, count: SearchCount) {
    return this.api.call('POST /api/channels/search', { body: { query, count } });
  }

  /** Subscribes (`add`) or unsubscribes (`remove`). */
  update(body: RouteInput<'POST /updatechannels'>['body']) {
    return this.api.call('POST /updatechannels', { body });
  }

  channel(channelId: string) {
    return this.api.call('GET /getchannelinfo/:channelId', { params: { channelId } });
  }

  tabs(channelId: string) {
    return this.api.call('GET /api/channels/:channelId/tabs', { params: { channelId } });
  }

  tabStats(channelId: string) {
    return this.api.call('GET /api/channels/:channelId/tab-stats', { params: { channelId } });
  }

  setTabAutoDownload(channelId: string, tabType: TabType, enabled: boolean) {
    return this.api.call('PATCH /api/channels/:channelId/tabs/:tabType/auto-download', {
      params: { channelId, tabType },
      body: { enabled },
    });
  }

  /** A page of the known videos of a channel's tab. */
  videos(channelId: string, query: Partial<ChannelVideosQuery>) {
    // Defaulted fields may be left out (see above): the "off" filters are.
    return this.api.call('GET /getchannelvideos/:channelId', {
      params: { channelId },
      query: query as ChannelVideosQuery,
    });
  }

  /** "Load all": lists the whole tab, answering when it ended. */
  fetchAll(channelId: string, tabType: TabType) {
    type Query = RouteInput<'POST /fetchallchannelvideos/:channelId'>['query'];
    // Only the tab: the server defaults the rest (see above).
    return this.api.call('POST /fetchallchannelvideos/:channelId', {
      params: { channelId },
      query: { tabType } as Query,
    });
  }

  fetchStatus(channelId: string, tabType: TabType) {
    return this.api.call('GET /api/channels/:channelId/fetch-status', { params: { channelId }, query: { tabType } });
  }

  cancelFetch(channelId: string, tabType: TabType) {
    return this.api.call('POST /api/channels/:channelId/fetch/cancel', { params: { channelId }, query: { tabType } });
  }

  downloadAllPreview(channelId: string, tabType: TabType) {
    type Query = RouteInput<'GET /api/channels/:channelId/download-all/preview'>['query'];
    // Only the tab: the server defaults the rest (see above).
    return this.api.call('GET /api/channels/:channelId/download-all/preview', {
      params: { channelId },
      query: { tabType } as Query,
    });
  }

  downloadAll(channelId: string, tabType: TabType) {
    return this.api.call('POST /api/channels/:channelId/download-all', { params: { channelId }, body: { tabType } });
  }

  /** Queues videos by URL (at most 50 a request). */
  download(urls: string[]) {
    return this.api.call('POST /api/videos/download', { body: { urls } });
  }

  bulkIgnore(channelId: string, sourceIds: string[]) {
    return this.api.call('POST /api/channels/:channelId/videos/bulk-ignore', {
      params: { channelId },
      body: { sourceIds },
    });
  }

  setIgnored(channelId: string, sourceId: string, ignored: boolean) {
    const params = { channelId, sourceId };
    return ignored
      ? this.api.call('POST /api/channels/:channelId/videos/:sourceId/ignore', { params })
      : this.api.call('POST /api/channels/:channelId/videos/:sourceId/unignore', { params });
  }

  settings(channelId: string) {
    return this.api.call('GET /api/channels/:channelId/settings', { params: { channelId } });
  }

  saveSettings(channelId: string, body: RouteInput<'PUT /api/channels/:channelId/settings'>['body']) {
    return this.api.call('PUT /api/channels/:channelId/settings', { params: { channelId }, body });
  }

  /** Which known videos a title filter would keep. */
  filterPreview(channelId: string, titleFilterRegex: string) {
    return this.api.call('GET /api/channels/:channelId/filter-preview', {
      params: { channelId },
      query: { title_filter_regex: titleFilterRegex },
    });
  }
}
