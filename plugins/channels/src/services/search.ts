import {
  CancelledError,
  ChannelErrorCodes as E,
  InvalidInputError,
  searchQueryProblem,
  type ChannelSearchResult,
  type PluginLogger,
  type SourceInfo,
} from '@vidkeep/contracts';
import type { ChannelStore } from './channel-store.js';
import { DataApiError, type ApiChannel, type DataApiClient } from './data-api.js';
import { searchFailed, searchTimedOut } from './platform-errors.js';
import { channelUrl, type ChannelPlatform } from './platform.js';

function fromYtDlp(e: SourceInfo): Omit<ChannelSearchResult, 'subscribed'> | null {
  const id = typeof e.channel_id === 'string' ? e.channel_id : typeof e.id === 'string' ? e.id : null;
  if (!id || !/^UC[A-Za-z0-9_-]{22}$/.test(id)) return null;
  const thumbs = Array.isArray(e.thumbnails) ? (e.thumbnails as { url?: unknown }[]) : [];
  const thumb =
    thumbs
      .map((t) => t.url)
      .filter((u): u is string => typeof u === 'string')
      .pop() ?? null;
  const handle = typeof e.uploader_id === 'string' && e.uploader_id.startsWith('@') ? e.uploader_id : null;
  return {
    channelId: id,
    name: String(e.channel ?? e.title ?? e.uploader ?? id),
    handle,
    url: handle ? `https://www.youtube.com/${handle}` : channelUrl(id),
    thumbnailUrl: thumb ? (thumb.startsWith('//') ? `https:${thumb}` : thumb) : null,
    subscriberCount: typeof e.channel_follower_count === 'number' ? Math.round(e.channel_follower_count) : null,
    videoCount: null,
    description: typeof e.description === 'string' && e.description ? e.description : null,
  };
}

function fromApi(c: ApiChannel): Omit<ChannelSearchResult, 'subscribed'> {
  return {
    channelId: c.channelId,
    name: c.title,
    handle: c.handle,
    url: c.handle ? `https://www.youtube.com/${c.handle}` : channelUrl(c.channelId),
    thumbnailUrl: c.thumbnailUrl,
    subscriberCount: c.subscriberCount,
    videoCount: c.videoCount,
    description: c.description,
  };
}

/**
 * Channel search: the Data API when a key is configured (and not resting after a quota error),
 * else yt-dlp on the platform's results page. Nothing is stored.
 */
export class ChannelSearch {
  constructor(
    private readonly deps: {
      api: DataApiClient;
      platform: ChannelPlatform;
      store: ChannelStore;
      logger: PluginLogger;
      timeoutMs: number;
    },
  ) {}

  /** Searches for `raw` (checked as `searchQueryProblem` says); `clientGone` aborts when the caller leaves. */
  async search(raw: string, count: number, clientGone: AbortSignal): Promise<ChannelSearchResult[]> {
    const q = searchQueryProblem(raw);
    if ('error' in q) throw new InvalidInputError(E.invalidPayload, q.error);
    const query = q.query;
    const timeout = AbortSignal.timeout(this.deps.timeoutMs);
    const signal = AbortSignal.any([clientGone, timeout]);
    const outcome = () => {
      if (clientGone.aborted) return new CancelledError(E.clientClosed, 'The client closed the request');
      if (timeout.aborted) return searchTimedOut(this.deps.timeoutMs);
      return null;
    };
    let found: Omit<ChannelSearchResult, 'subscribed'>[] | null = null;
    if (this.deps.api.available()) {
      try {
        found = (await this.deps.api.searchChannels(query, count, signal)).map(fromApi);
      } catch (err) {
        const stop = outcome();
        if (stop) throw stop;
        this.deps.logger.warn(
          { reason: err instanceof DataApiError ? err.reason : String(err) },
          'Data API channel search failed; using yt-dlp',
        );
      }
    }
    if (!found) {
      const r = await this.deps.platform.searchChannels(query, count, signal, this.deps.timeoutMs + 1000);
      const stop = outcome();
      if (stop) throw stop;
      if (!r.ok) throw r.failure.timedOut ? searchTimedOut(this.deps.timeoutMs) : searchFailed(r.failure);
      const seen = new Set<string>();
      found = r.value
        .map(fromYtDlp)
        .filter((c): c is NonNullable<typeof c> => !!c && !seen.has(c.channelId) && !!seen.add(c.channelId))
        .slice(0, count);
    }
    const subscribed = await this.deps.store.subscribedIds(found.map((c) => c.channelId));
    return found.map((c) => ({ ...c, subscribed: subscribed.has(c.channelId) }));
  }
}
