import { computed, signal, type Signal } from '@angular/core';
import { toApiError } from '../../../core/api';
import { KeyMessages, KeySet } from '../../../shared/keyed';
import { pageSelection, type SelectionSource } from '../../../shared/selection-bar';
import { PendingAction } from '../../../shared/pending-action';
import { plural } from '../../../shared/channel-format';
import { chunk } from '../../../shared/channel-query';
import type { PlaylistVideo } from '../api-types';
import { SELECTION_MAX } from '../playlist-format';
import type { PlaylistsApi } from '../playlists-api';
import type { PlaylistVideos } from './playlist-videos';

export interface EntryActionsOptions {
  api: PlaylistsApi;
  playlistId: Signal<string>;
  videos: PlaylistVideos;
  /** Something was queued or selected, or an entry ignored: the list and the counts change. */
  changed: () => void;
}

/**
 * What the user does with the entries of a playlist: select them (kept across pages), download
 * the selection or every new one, select existing ones for automatic download, ignore or
 * un-ignore one entry. Each answer is the server's own message.
 */
export class EntryActions implements SelectionSource {
  readonly selected = new KeySet<string>();
  readonly selectedCount = this.selected.size;
  readonly pageSelection = computed(() =>
    pageSelection(
      this.options.videos.videos().map((v) => v.source_id),
      (id) => this.selected.has(id),
    ),
  );
  readonly download = new PendingAction('Not queued: ');
  readonly select = new PendingAction('Not selected: ');
  readonly busy = computed(() => this.download.busy() || this.select.busy());
  readonly error = computed(() => this.download.error() ?? this.select.error());
  readonly notice = signal<string | null>(null);
  readonly itemBusy = new KeySet<string>();
  readonly itemErrors = new KeyMessages<string>();

  constructor(private readonly options: EntryActionsOptions) {}

  /** Another playlist: its own selection and messages. */
  reset(): void {
    this.selected.clear();
    this.itemErrors.clear();
    this.clearMessages();
  }

  clear(): void {
    this.selected.clear();
  }

  selectPage(on: boolean): void {
    this.selected.setAll(
      this.options.videos.videos().map((v) => v.source_id),
      on,
    );
  }

  /** "Download selected" (in requests of at most 1,000), or "Download new" without a selection. */
  async downloadEntries(which: 'selected' | 'new'): Promise<void> {
    const batches = which === 'new' ? [undefined] : chunk(this.selected.values(), SELECTION_MAX);
    if (batches.length === 0) return;
    this.clearMessages();
    const messages: string[] = [];
    const ok = await this.download.run(async () => {
      for (const videoIds of batches) {
        const r = await this.options.api.download(this.options.playlistId(), videoIds ? { videoIds } : {});
        messages.push(r.message);
      }
    });
    if (ok && which === 'selected') this.selected.clear();
    this.notice.set(messages.length ? messages.join(' ') : null);
    if (messages.length) this.options.changed();
  }

  /** "Select for automatic download": the next scheduled runs download the selection. */
  async selectForAutomatic(): Promise<void> {
    const ids = this.selected.values();
    if (ids.length === 0) return;
    this.clearMessages();
    let requested = 0;
    const skipped: string[] = [];
    const ok = await this.select.run(async () => {
      for (const videoIds of chunk(ids, SELECTION_MAX)) {
        const r = await this.options.api.selectForAutoDownload(this.options.playlistId(), videoIds);
        requested += r.requested;
        skipped.push(...r.skipped.map((s) => s.reason));
      }
    });
    if (!ok && requested === 0) return;
    if (ok) this.selected.clear();
    const why = [...new Set(skipped)].join(', ');
    this.notice.set(
      `${plural(requested, 'video')} selected for automatic download: the next scheduled runs download them.` +
        (skipped.length ? ` ${plural(skipped.length, 'video')} skipped (${why}).` : ''),
    );
    this.options.changed();
  }

  async setIgnored(v: PlaylistVideo, ignored: boolean): Promise<void> {
    this.itemBusy.set(v.source_id);
    this.itemErrors.set(v.source_id, null);
    try {
      await this.options.api.setIgnored(this.options.playlistId(), v.source_id, ignored);
      this.options.videos.update(v.source_id, { ignored });
      this.options.changed();
    } catch (err) {
      this.itemErrors.set(v.source_id, `${ignored ? 'Not ignored' : 'Still ignored'}: ${toApiError(err).message}`);
    } finally {
      this.itemBusy.set(v.source_id, false);
    }
  }

  private clearMessages(): void {
    this.notice.set(null);
    this.download.error.set(null);
    this.select.error.set(null);
  }
}
