import { signal, type Signal } from '@angular/core';
import { toApiError } from '../../../core/api';
import type { DownloadAllPreview, TabType } from '../api-types';
import type { ChannelsApi } from '../channels-api';
import { plural, skippedText } from '../../../shared/channel-format';

export interface DownloadAllOptions {
  api: ChannelsApi;
  /** The channel shown. */
  channelId: Signal<string>;
  tab: Signal<TabType>;
  /** A job was queued: the list shows its videos queued a moment later. */
  queued: () => void;
}

/** "Download all…" of a tab: first what it would queue, then the job on confirmation. */
export class DownloadAll {
  readonly preview = signal<DownloadAllPreview | null>(null);
  readonly loading = signal(false);
  readonly busy = signal(false);
  readonly notice = signal<string | null>(null);
  readonly error = signal<string | null>(null);

  constructor(private readonly options: DownloadAllOptions) {}

  /** Another tab: nothing of this one shows. */
  reset(): void {
    this.preview.set(null);
    this.notice.set(null);
    this.error.set(null);
  }

  async open(): Promise<void> {
    const tab = this.options.tab();
    this.loading.set(true);
    this.reset();
    try {
      const r = await this.options.api.downloadAllPreview(this.options.channelId(), tab);
      if (tab === this.options.tab()) this.preview.set(r);
    } catch (err) {
      this.error.set(`The preview could not be loaded: ${toApiError(err).message}`);
    } finally {
      this.loading.set(false);
    }
  }

  async confirm(): Promise<void> {
    const tab = this.options.tab();
    this.busy.set(true);
    this.error.set(null);
    try {
      const r = await this.options.api.downloadAll(this.options.channelId(), tab);
      this.preview.set(null);
      const skipped = skippedText(r.skipped ?? []);
      this.notice.set(
        (r.queued > 0
          ? `Queued ${plural(r.queued, 'video')} as one job.`
          : 'Nothing to download: no video was queued.') + (skipped ? ` Left out: ${skipped}.` : ''),
      );
      this.options.queued();
    } catch (err) {
      this.error.set(`Not queued: ${toApiError(err).message}`);
    } finally {
      this.busy.set(false);
    }
  }
}
