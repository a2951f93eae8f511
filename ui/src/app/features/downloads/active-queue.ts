import { Component, DestroyRef, inject, output, signal, ChangeDetectionStrategy } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { toApiError } from '../../core/api';
import { DownloadsApi } from './downloads-api';
import type { LiveMessage } from '@vidkeep/contracts';
import { Live } from '../../core/live';
import { KeySet } from '../../shared/keyed';
import type { JobDetail, JobSummary } from './api-types';
import { QueueBar } from './queue-bar';
import { QueueJob } from './queue-job';
import { applyProgress, applySummary, isActiveStatus, sortQueue, upsertDetail } from '../../shared/queue-state';

/** How long live messages are gathered before the list or a job is fetched again. */
const REFETCH_DELAY_MS = 400;
/** How long a finished job stays in the queue with its outcome (it is in the history too). */
export const FINISHED_VISIBLE_MS = 60_000;

/**
 * The live queue: queued and running jobs with one row per video (state, progress, speed, time
 * left). `jobProgress` messages move the bars; `jobUpdated` updates a job (and refetches its
 * videos for their titles); `videoActivityUpdated` refetches the list; a reconnection or a
 * server restart refetches everything. A job that ends stays a minute with its outcome (or until
 * dismissed) so its last state is seen; the history lists it for good.
 */
@Component({
  selector: 'app-active-queue',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatProgressBarModule, QueueBar, QueueJob],
  template: `
    <section aria-labelledby="queue-title" data-testid="queue">
      <div class="row">
        <h2 id="queue-title" class="grow">Queue</h2>
        <button mat-button type="button" (click)="refresh()" [disabled]="loading()" data-testid="queue-refresh">
          Refresh
        </button>
      </div>
      <app-queue-bar />
      @if (loading() && jobs().length === 0) {
        <mat-progress-bar mode="indeterminate" aria-label="Loading the queue" />
      }
      @if (error()) {
        <p class="error" role="alert" data-testid="queue-error">{{ error() }}</p>
      }
      @if (notice(); as n) {
        <p [class.error]="n.error" role="alert" data-testid="queue-notice">{{ n.text }}</p>
      }
      @for (job of jobs(); track job.id) {
        <app-queue-job
          [job]="job"
          [cancelling]="cancelling.has(job.id)"
          (cancelRequested)="cancel(job)"
          (dismissed)="dismiss(job.id)"
          (changed)="applySummary($event)"
        />
      } @empty {
        @if (!loading() && !error()) {
          <p class="muted" data-testid="queue-empty">Nothing is queued or downloading.</p>
        }
      }
    </section>
  `,
})
export class ActiveQueue {
  private readonly api = inject(DownloadsApi);
  private readonly live = inject(Live);

  readonly jobs = signal<JobDetail[]>([]);
  readonly loading = signal(false);
  readonly error = signal<string | null>(null);
  readonly notice = signal<{ text: string; error: boolean } | null>(null);
  readonly cancelling = new KeySet<string>();
  /** A job finished (completed, failed, cancelled…): the history can refresh. */
  readonly finished = output<JobSummary>();

  /** Ignores answers of a list request that a newer one replaced. */
  private generation = 0;
  /** Jobs seen finishing: a late answer that still shows them active must not revive them. */
  private readonly done = new Set<string>();
  /** Finished jobs stay in the queue this long (or until dismissed), then leave. */
  private readonly lingerTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private listTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly jobTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor() {
    this.live
      .on('jobProgress', 'jobUpdated', 'videoActivityUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => this.onMessage(m));
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.refresh();
    });
    inject(DestroyRef).onDestroy(() => {
      if (this.listTimer) clearTimeout(this.listTimer);
      for (const t of [...this.jobTimers.values(), ...this.lingerTimers.values()]) clearTimeout(t);
    });
    void this.refresh();
  }

  /** Fetches the active jobs and their videos (finished jobs still shown stay). */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    this.loading.set(true);
    try {
      const list = await this.api.jobs({ status: 'active', page: 1, pageSize: 200 });
      const details = await Promise.all(list.jobs.map((j) => this.api.job(j.id).catch(() => null)));
      if (generation !== this.generation) return;
      const active = details.filter(
        (d): d is JobDetail => d !== null && isActiveStatus(d.status) && !this.done.has(d.id),
      );
      this.jobs.set(sortQueue([...active, ...this.jobs().filter((j) => this.lingerTimers.has(j.id))]));
      this.error.set(null);
    } catch (err) {
      if (generation === this.generation) this.error.set(`The queue could not be loaded: ${toApiError(err).message}`);
    } finally {
      if (generation === this.generation) this.loading.set(false);
    }
  }

  /**
   * After `videoActivityUpdated`: the list of active jobs only. New jobs get their videos; jobs
   * no longer listed leave unless they are finished ones still shown.
   */
  async sync(): Promise<void> {
    const generation = this.generation;
    try {
      const list = await this.api.jobs({ status: 'active', page: 1, pageSize: 200 });
      if (generation !== this.generation) return;
      const listed = new Set(list.jobs.map((j) => j.id));
      this.jobs.set(this.jobs().filter((j) => listed.has(j.id) || this.lingerTimers.has(j.id)));
      for (const job of list.jobs) if (!this.jobs().some((j) => j.id === job.id)) this.scheduleJob(job.id);
    } catch (err) {
      this.error.set(`The queue could not be loaded: ${toApiError(err).message}`);
    }
  }

  /** Fetches one job's videos again. */
  async refreshJob(jobId: string): Promise<void> {
    try {
      const detail = await this.api.job(jobId);
      const active = isActiveStatus(detail.status);
      if (active && this.done.has(jobId)) return; // an answer older than the job's end
      if (!active && this.done.has(jobId) && !this.lingerTimers.has(jobId)) return; // dismissed
      this.jobs.set(upsertDetail(this.jobs(), detail));
      if (!active) this.markDone(detail);
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 404) this.jobs.set(this.jobs().filter((j) => j.id !== jobId));
      else this.error.set(`The job could not be loaded: ${e.message}`);
    }
  }

  async cancel(job: JobSummary): Promise<void> {
    this.cancelling.set(job.id);
    this.notice.set(null);
    try {
      const r = await this.api.cancelJob(job.id);
      this.notice.set({ text: `${job.label}: ${r.message}`, error: !r.success });
      this.applySummary(r.job);
    } catch (err) {
      this.notice.set({ text: `${job.label} could not be cancelled: ${toApiError(err).message}`, error: true });
    } finally {
      this.cancelling.set(job.id, false);
    }
  }

  /** Removes a finished job from the queue (it stays in the history). */
  dismiss(jobId: string): void {
    const t = this.lingerTimers.get(jobId);
    if (t) clearTimeout(t);
    this.lingerTimers.delete(jobId);
    this.jobs.set(this.jobs().filter((j) => j.id !== jobId));
  }

  private onMessage(m: LiveMessage<'jobProgress' | 'jobUpdated' | 'videoActivityUpdated'>): void {
    if (m.type === 'jobProgress') {
      const r = applyProgress(this.jobs(), m);
      if (r.known) this.jobs.set(r.jobs);
      else this.scheduleJob(m.jobId);
    } else if (m.type === 'jobUpdated') {
      this.applySummary(m.job);
    } else {
      this.scheduleList();
    }
  }

  /** A job's new summary (live, or the answer to an action on it). */
  applySummary(summary: JobSummary): void {
    if (this.done.has(summary.id)) return;
    const r = applySummary(this.jobs(), summary);
    this.jobs.set(r.jobs);
    if (r.finished) {
      this.markDone(summary);
      // The final state of every video (the rest of a cancelled job becomes `cancelled`).
      void this.refreshJob(summary.id);
    } else {
      // New job, or its videos changed (titles arrive as downloads start): fetch its videos.
      this.scheduleJob(summary.id);
    }
  }

  /** A job ended: it stays visible for a while with its outcome, and the history hears of it. */
  private markDone(summary: JobSummary): void {
    if (this.done.has(summary.id)) return;
    this.done.add(summary.id);
    const t = this.jobTimers.get(summary.id);
    if (t) clearTimeout(t);
    this.jobTimers.delete(summary.id);
    this.lingerTimers.set(
      summary.id,
      setTimeout(() => this.dismiss(summary.id), FINISHED_VISIBLE_MS),
    );
    this.finished.emit(summary);
  }

  private scheduleJob(jobId: string): void {
    if (this.done.has(jobId) || this.jobTimers.has(jobId)) return;
    this.jobTimers.set(
      jobId,
      setTimeout(() => {
        this.jobTimers.delete(jobId);
        void this.refreshJob(jobId);
      }, REFETCH_DELAY_MS),
    );
  }

  private scheduleList(): void {
    if (this.listTimer) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = null;
      void this.sync();
    }, REFETCH_DELAY_MS);
  }
}
