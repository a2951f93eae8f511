import { Component, DestroyRef, inject, signal, ChangeDetectionStrategy } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { toApiError } from '../../core/api';
import { Live } from '../../core/live';
import { BusyButton } from '../../shared/busy-button';
import { PendingAction } from '../../shared/pending-action';
import type { QueueState } from './api-types';
import { DownloadsApi } from './downloads-api';
import { PlatformNotice } from './platform-notice';

/** How long job messages are gathered before the queue's counts are read again. */
const REFETCH_DELAY_MS = 400;
/** A cool-down's or a spent budget's end: the queue is read again this much after it. */
const GATE_END_GRACE_MS = 1_000;
/** An end already past by this browser's clock (it differs from the server's): read again after this. */
const GATE_RECHECK_MS = 30_000;
/** The longest wait `setTimeout` keeps (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the platform gate's hold ends: the cool-down's `until`, else a spent budget's `waitingUntil`, or null. */
export function gateEnd(q: QueueState): string | null {
  return q.platform.cooldown?.until ?? q.platform.budget.waitingUntil ?? null;
}

/** The counts of the queue in words: "1 downloading · 2 waiting (1 paused)". */
export function queueCountsText(q: QueueState): string {
  const waiting = q.queued === 0 ? '' : `${q.queued} waiting${q.pausedJobs ? ` (${q.pausedJobs} paused)` : ''}`;
  return [q.running ? `${q.running} downloading` : '', waiting].filter(Boolean).join(' · ');
}

/**
 * Whether the whole download queue runs or is paused, with Pause queue / Resume queue, and the
 * platform gate (cool-down, budget) below it. Kept current by `queueUpdated` (paused or not),
 * `platformUpdated` (the gate) and `jobUpdated` (the counts), read again after a reconnection
 * and when a cool-down or a spent budget should have ended.
 */
@Component({
  selector: 'app-queue-bar',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, PlatformNotice],
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
    @if (q) {
      <app-platform-notice [platform]="q.platform" />
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
  /** Reads the queue again when the gate's hold should have ended. */
  private gateTimer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    this.live
      .on('queueUpdated', 'platformUpdated', 'jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        const q = this.state();
        if (m.type === 'platformUpdated') {
          // The whole gate comes with the message: nothing to read again.
          if (q) this.apply({ ...q, platform: m.platform });
          else this.scheduleLoad();
          return;
        }
        if (m.type === 'queueUpdated' && q) this.apply({ ...q, paused: m.paused });
        this.scheduleLoad();
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.load();
    });
    inject(DestroyRef).onDestroy(() => {
      if (this.timer) clearTimeout(this.timer);
      if (this.gateTimer) clearTimeout(this.gateTimer);
    });
    void this.load();
  }

  async load(): Promise<void> {
    try {
      this.apply(await this.api.queueState());
      this.loadError.set(null);
    } catch (err) {
      this.loadError.set(`Whether the queue is paused could not be read: ${toApiError(err).message}`);
    }
  }

  async setPaused(paused: boolean): Promise<void> {
    await this.toggle.run(async () => this.apply(await (paused ? this.api.pauseQueue() : this.api.resumeQueue())));
  }

  /**
   * Shows `q` and arms a read at the end of the gate's hold: the server announces the end with
   * `platformUpdated`, but a message lost while the socket reconnects would leave the notice up.
   */
  private apply(q: QueueState): void {
    this.state.set(q);
    if (this.gateTimer) clearTimeout(this.gateTimer);
    this.gateTimer = null;
    const end = gateEnd(q);
    if (!end) return;
    const left = Date.parse(end) - Date.now();
    this.gateTimer = setTimeout(
      () => {
        this.gateTimer = null;
        void this.load();
      },
      Number.isFinite(left) && left > 0 ? Math.min(left + GATE_END_GRACE_MS, MAX_TIMER_MS) : GATE_RECHECK_MS,
    );
  }

  private scheduleLoad(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.load();
    }, REFETCH_DELAY_MS);
  }
}
