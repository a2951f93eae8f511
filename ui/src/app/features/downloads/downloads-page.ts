import { Component, DestroyRef, inject, signal, viewChild, ChangeDetectionStrategy } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { toApiError } from '../../core/api';
import { DownloadsApi } from './downloads-api';
import { Live } from '../../core/live';
import { ActiveQueue } from './active-queue';
import type { StorageStatus } from './api-types';
import { DownloadForm } from './download-form';
import { JobHistory } from './job-history';
import { isActiveStatus } from '../../shared/queue-state';
import { VideoSearch } from './video-search';

/** The downloads page: queue videos by URL, watch the queue live, read the history. */
@Component({
  selector: 'app-downloads-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [DownloadForm, ActiveQueue, JobHistory, VideoSearch],
  template: `
    <h1>Downloads</h1>

    @if (storage()?.paused) {
      <div class="banner" role="alert" data-testid="storage-banner">
        <strong>Downloads are paused</strong>: {{ storage()?.reason ?? 'a storage limit is reached' }}. New downloads
        are refused until you free some space (delete videos in the Library) or change the storage limits in Settings.
      </div>
    }
    @if (storageError()) {
      <p class="error" role="alert" data-testid="storage-error">{{ storageError() }}</p>
    }

    <app-download-form (queued)="queue()?.refreshJob($event)" (refused)="loadStorage()" />
    <details class="search">
      <summary data-testid="video-search-open">Search the platform for videos</summary>
      <app-video-search (add)="form()?.addUrl($event)" />
    </details>
    <app-active-queue (finished)="onJobFinished()" />
    <app-job-history />
  `,
  styles: `
    .search {
      margin: 8px 0 16px;
    }
    .search summary {
      cursor: pointer;
      margin-bottom: 8px;
    }
    .banner {
      padding: 12px 16px;
      margin-bottom: 16px;
      border-radius: 8px;
      background: var(--mat-sys-error-container);
      color: var(--mat-sys-on-error-container);
    }
  `,
})
export class DownloadsPage {
  private readonly api = inject(DownloadsApi);
  private readonly live = inject(Live);
  readonly queue = viewChild(ActiveQueue);
  readonly form = viewChild(DownloadForm);
  readonly storage = signal<StorageStatus | null>(null);
  readonly storageError = signal<string | null>(null);
  private storageTimer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    void this.loadStorage();
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.loadStorage();
    });
    this.live
      .on('jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        // A finished job changes the space used; check whether downloads are (still) paused.
        if (!isActiveStatus(m.job.status)) this.onJobFinished();
      });
    inject(DestroyRef).onDestroy(() => this.storageTimer && clearTimeout(this.storageTimer));
  }

  async loadStorage(): Promise<void> {
    try {
      this.storage.set(await this.api.storage());
      this.storageError.set(null);
    } catch (err) {
      this.storageError.set(`The storage status could not be read: ${toApiError(err).message}`);
    }
  }

  onJobFinished(): void {
    if (this.storageTimer) return;
    this.storageTimer = setTimeout(() => {
      this.storageTimer = null;
      void this.loadStorage();
    }, 1000);
  }
}
