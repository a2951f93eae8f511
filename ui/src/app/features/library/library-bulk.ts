import { signal } from '@angular/core';
import { toApiError } from '../../core/api';
import { KeySet } from '../../shared/keyed';
import type { PagedList } from '../../shared/paged-list';
import type { Video } from './api-types';
import type { LibraryApi } from './library-api';
import type { SortField } from './library-query';

/**
 * The library's bulk actions: the selection (kept across pages), rating and deleting the selected
 * videos, and what the last bulk action reported.
 */
export class LibraryBulk {
  /** Selected videos, kept across pages, for the bulk actions. */
  readonly selected = new KeySet<string>();
  readonly rating = signal<string>('');
  readonly busy = signal(false);
  readonly message = signal<string | null>(null);
  readonly error = signal<string | null>(null);

  constructor(
    private readonly api: LibraryApi,
    private readonly list: PagedList<Video, SortField>,
    /** Called with the ids whose files were deleted. */
    private readonly onDeleted: (ids: readonly string[]) => void,
  ) {}

  selectPage(on: boolean): void {
    this.selected.setAll(
      this.list.items().map((v) => v.sourceId),
      on,
    );
  }

  pageSelected(): boolean {
    const items = this.list.items();
    return items.length > 0 && items.every((v) => this.selected.has(v.sourceId));
  }

  /** Sets the content rating of every selected video (`POST /api/videos/rating`). */
  async rateSelected(): Promise<void> {
    const ids = this.selected.values();
    const rating = this.rating();
    if (!ids.length || !rating || this.busy()) return;
    this.busy.set(true);
    this.message.set(null);
    this.error.set(null);
    try {
      const r = await this.api.rate(ids, rating === 'NR' ? null : rating);
      const what = rating === 'NR' ? 'Not rated' : rating;
      const parts = [`${r.success.length} video${r.success.length === 1 ? '' : 's'} rated ${what}.`];
      if (r.warnings.length) parts.push(`${r.warnings.length} kept it in the library only: ${r.warnings[0]!.warning}.`);
      if (r.failed.length) parts.push(`${r.failed.length} failed: ${r.failed[0]!.error}.`);
      this.message.set(parts.join(' '));
      this.selected.clear();
      await this.list.load({ quiet: true });
    } catch (err) {
      this.error.set(`Not rated: ${toApiError(err).message}`);
    } finally {
      this.busy.set(false);
    }
  }

  /** Deletes the files of every selected video (`DELETE /api/videos`). */
  async deleteSelected(): Promise<void> {
    const ids = this.selected.values();
    if (!ids.length || this.busy()) return;
    this.busy.set(true);
    this.message.set(null);
    this.error.set(null);
    try {
      const r = await this.api.removeVideos(ids);
      const parts = [`Deleted the files of ${r.deleted.length} video${r.deleted.length === 1 ? '' : 's'}.`];
      if (r.failed.length) parts.push(`${r.failed.length} not deleted: ${r.failed.map((f) => f.error).join('; ')}`);
      (r.failed.length ? this.error : this.message).set(parts.join(' '));
      this.selected.setAll(r.deleted, false);
      this.onDeleted(r.deleted);
      await this.list.load();
    } catch (err) {
      this.error.set(`Not deleted: ${toApiError(err).message}`);
    } finally {
      this.busy.set(false);
    }
  }
}
