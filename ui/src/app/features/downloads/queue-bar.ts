import { Component, DestroyRef, inject, signal, ChangeDetectionStrategy } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { toApiError } from '../../core/api';
import { Live } from '../../core/live';
import { BusyButton } from '../../shared/busy-button';
import { PendingAction } from '../../shared/pending-action';
import type { QueueState } from './api-types';
import { DownloadsApi } from './downloads-api';

/** How long job messages are gathered before the queue's counts are read again. */
const REFETCH_DELAY_MS = 400;

/** The counts of the queue in words: "1 downloading · 2 waiting (1 paused)". */
export function queueCountsText(q: QueueState): string {
  const waiting = q.queued === 0 ? '' : `${q.queued} waiting${q.pausedJobs ? ` (${q.pausedJobs} paused)` : ''}`;
  return [q.running ? `${q.running} downloading` : '', waiting].filter(Boolean).join(' · ');
}

/**
 * Whether the whole download queue runs or is paused, with Pause queue / Resume queue. Kept
 * current by `queueUpdated` (paused or not) and `jobUpdated` (the counts), and read again after a
 * reconnection.
 */
@Component({
  selector: 'app-queue-bar',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton],
  template: `
    @let q = state();
    <div class="bar" data-testid="queue-bar" [attr.data-paused]="q?.paused ?? null">
      <span class="grow" data-testid="queue-bar-state">
        @if (q) {
          <strong>{{ q.paused ? 'Queue paused' : 'Queue running' }}</strong>
          @if (countsText(q); as counts) {
            <span class="muted"> · {{ counts }}</span>
          }
        }
      </span>
      @if (q?.paused) {
        <app-busy-button
          text="Resume queue"
          busyText="Resuming…"
          appearance="filled"
          [busy]="toggle.busy()"
          testId="queue-resume"
          (pressed)="setPaused(false)"
        />
      } @else if (q) {
        <app-busy-button
          text="Pause queue"
          busyText="Pausing…"
          [busy]="toggle.busy()"
          testId="queue-pause"
          (pressed)="setPaused(true)"
        />
      }
    </div>
    @if (q?.paused) {
      <p class="warn" role="status" data-testid="queue-paused-notice">
        Queue paused: no download starts until you resume it. Running downloads stopped and will continue where they
        stopped.
      </p>
    }
    @if (toggle.error() ?? loadError(); as e) {
      <p class="error" role="alert" data-testid="queue-bar-error">{{ e }}</p>
    }
  `,
  styles: `
    :host {
      display: block;
      margin-bottom: 12px;
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
      min-height: 40px;
    }
  `,
})
export class QueueBar {
  private readonly api = inject(DownloadsApi);
  private readonly live = inject(Live);
  readonly state = signal<QueueState | null>(null);
  readonly loadError = signal<string | null>(null);
  readonly toggle = new PendingAction('The queue could not be changed: ');
  readonly countsText = queueCountsText;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    this.live
      .on('queueUpdated', 'jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (m.type === 'queueUpdated') {
          const q = this.state();
          if (q) this.state.set({ ...q, paused: m.paused });
        }
        this.scheduleLoad();
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.load();
    });
    inject(DestroyRef).onDestroy(() => this.timer && clearTimeout(this.timer));
    void this.load();
  }

  async load(): Promise<void> {
    try {
      this.state.set(await this.api.queueState());
      this.loadError.set(null);
    } catch (err) {
      this.loadError.set(`Whether the queue is paused could not be read: ${toApiError(err).message}`);
    }
  }

  async setPaused(paused: boolean): Promise<void> {
    await this.toggle.run(async () => this.state.set(await (paused ? this.api.pauseQueue() : this.api.resumeQueue())));
  }

  private scheduleLoad(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, REFETCH_DELAY_MS);
  }
}
