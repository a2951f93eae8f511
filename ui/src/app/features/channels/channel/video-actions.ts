import { computed, signal, type Signal } from '@angular/core';
import { toApiError } from '../../../core/api';
import { KeyMessages, KeySet } from '../../../shared/keyed';
import { pageSelection, type SelectionSource } from '../../../shared/selection-bar';
import type { ChannelVideo } from '../api-types';
import type { ChannelsApi } from '../channels-api';
import { formatNumber, plural, queuedText } from '../../../shared/channel-format';
import { chunk } from '../../../shared/channel-query';
import type { ChannelVideos } from './channel-videos';

/** Source ids per `POST …/videos/bulk-ignore` (the server's limit). */
const BULK_IGNORE_MAX = 5000;

export interface VideoActionsOptions {
  api: ChannelsApi;
  /** The channel shown. */
  channelId: Signal<string>;
  videos: ChannelVideos;
  /** Videos were queued: the list shows them queued a moment later. */
  queued: () => void;
  /** Videos were ignored or un-ignored: the tab's figures changed. */
  ignoredChanged: () => void;
}

/**
 * What the user does with the videos of a tab: select them (across pages: source id → URL),
 * download or ignore the selection, ignore or un-ignore one video.
 */
export class VideoActions implements SelectionSource {
  readonly selected = signal<ReadonlyMap<string, string>>(new Map());
  readonly selectedCount = computed(() => this.selected().size);
  readonly pageSelection = computed(() =>
    pageSelection(
      this.options.videos.videos().map((v) => v.sourceId),
      (id) => this.selected().has(id),
    ),
  );
  readonly busy = signal(false);
  readonly notice = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  readonly itemBusy = new KeySet<string>();
  readonly itemErrors = new KeyMessages<string>();

  constructor(private readonly options: VideoActionsOptions) {}

  /** Another tab: its own selection and messages. */
  reset(): void {
    this.selected.set(new Map());
    this.itemErrors.clear();
    this.notice.set(null);
    this.error.set(null);
  }

  toggle(v: ChannelVideo, on: boolean): void {
    this.selectAll([v], on);
  }

  selectPage(on: boolean): void {
    this.selectAll(this.options.videos.videos(), on);
  }

  clear(): void {
    this.selected.set(new Map());
  }

  private selectAll(videos: readonly ChannelVideo[], on: boolean): void {
    const next = new Map(this.selected());
    for (const v of videos) {
      if (on) next.set(v.sourceId, v.url);
      else next.delete(v.sourceId);
    }
    this.selected.set(next);
  }

  /** `POST /api/videos/download` in batches of 50 URLs. */
  async downloadSelected(): Promise<void> {
    const urls = [...this.selected().values()];
    if (urls.length === 0) return;
    this.start();
    let queued = 0;
    let active = 0;
    let sent = 0;
    try {
      for (const batch of chunk(urls)) {
        const r = await this.options.api.download(batch);
        queued += r.queued;
        active += r.alreadyActiveIds?.length ?? 0;
        sent += batch.length;
      }
      this.selected.set(new Map());
      this.notice.set(queuedText(queued, active));
      this.options.queued();
    } catch (err) {
      const done = sent
        ? `Queued ${plural(queued, 'video')} of the first ${formatNumber(sent)}; the rest failed: `
        : 'Not queued: ';
      this.error.set(done + toApiError(err).message);
      if (sent) this.options.queued();
    } finally {
      this.busy.set(false);
    }
  }

  async ignoreSelected(): Promise<void> {
    const ids = [...this.selected().keys()];
    if (ids.length === 0) return;
    this.start();
    try {
      const messages: string[] = [];
      for (const batch of chunk(ids, BULK_IGNORE_MAX)) {
        const r = await this.options.api.bulkIgnore(this.options.channelId(), batch);
        messages.push(r.message);
      }
      this.selected.set(new Map());
      this.notice.set(messages.join(' '));
      void this.options.videos.load(true);
      this.options.ignoredChanged();
    } catch (err) {
      this.error.set(`Not ignored: ${toApiError(err).message}`);
    } finally {
      this.busy.set(false);
    }
  }

  async setIgnored(v: ChannelVideo, ignored: boolean): Promise<void> {
    this.itemBusy.set(v.sourceId);
    this.itemErrors.set(v.sourceId, null);
    try {
      await this.options.api.setIgnored(this.options.channelId(), v.sourceId, ignored);
      this.options.videos.update(v.sourceId, { ignored });
      this.options.ignoredChanged();
      // With an ignored filter the video leaves the page.
      if (this.options.videos.filters.ignored() !== 'off') void this.options.videos.load(true);
    } catch (err) {
      this.itemErrors.set(v.sourceId, `${ignored ? 'Not ignored' : 'Still ignored'}: ${toApiError(err).message}`);
    } finally {
      this.itemBusy.set(v.sourceId, false);
    }
  }

  private start(): void {
    this.busy.set(true);
    this.notice.set(null);
    this.error.set(null);
  }
}
