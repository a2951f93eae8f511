import { TAB_MEDIA_TYPE } from '@vidkeep/contracts';
import type { ListedChannelVideo } from './channel-video-rows.js';

const PAGE_CACHE_CHANNELS = 200;
const PAGE_CACHE_PER_CHANNEL = 50;

/** A remembered page of a tab: its rows and the filtered total. */
export interface RememberedPage {
  rows: ListedChannelVideo[];
  total: number;
}

/**
 * What the channel-video store remembers between requests: pages per channel (insertion order =
 * age; at most 200 channels of 50 pages), the row count of each unfiltered tab and each tab's
 * oldest date. Everything about a channel is forgotten when one of its rows changes; a read that
 * started before a write is never remembered (`generation`).
 */
export class ChannelPageMemory {
  private readonly pages = new Map<string, Map<string, RememberedPage>>();
  /** Row count of each unfiltered tab (`<channel id>|<media type>`). */
  private readonly totals = new Map<string, number>();
  private readonly oldest = new Map<string, Date | null>();
  /** Counts writes: a read remembers its result only when no write happened since it started. */
  generation = 0;

  page(channelId: string, key: string): RememberedPage | undefined {
    return this.pages.get(channelId)?.get(key);
  }

  total(key: string): number | undefined {
    return this.totals.get(key);
  }

  oldestDate(key: string): Date | null | undefined {
    return this.oldest.get(key);
  }

  rememberTotal(key: string, total: number, generation: number): void {
    if (generation === this.generation) this.totals.set(key, total);
  }

  rememberOldest(key: string, value: Date | null, generation: number): void {
    if (generation === this.generation) this.oldest.set(key, value);
  }

  rememberPage(channelId: string, key: string, result: RememberedPage, generation: number): void {
    // A write since the read started may not be in `result`.
    if (generation !== this.generation) return;
    let forChannel = this.pages.get(channelId);
    if (!forChannel) {
      if (this.pages.size >= PAGE_CACHE_CHANNELS) this.pages.delete(this.pages.keys().next().value!);
      forChannel = new Map();
      this.pages.set(channelId, forChannel);
    }
    if (forChannel.size >= PAGE_CACHE_PER_CHANNEL) forChannel.delete(forChannel.keys().next().value!);
    forChannel.set(key, result);
  }

  /** Forgets what is remembered about a channel's rows (null: every channel). */
  forget(channelId: string | null): void {
    this.generation += 1;
    if (channelId === null) {
      this.oldest.clear();
      this.pages.clear();
      this.totals.clear();
      return;
    }
    this.pages.delete(channelId);
    for (const type of Object.values(TAB_MEDIA_TYPE)) this.totals.delete(`${channelId}|${type}`);
    for (const tab of ['videos', 'shorts', 'streams']) this.oldest.delete(`${channelId}:${tab}`);
  }
}
