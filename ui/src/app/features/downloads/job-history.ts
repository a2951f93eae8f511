import { DatePipe } from '@angular/common';
import { Component, DestroyRef, inject, signal, ChangeDetectionStrategy } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatPaginatorModule, type PageEvent } from '@angular/material/paginator';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { toApiError } from '../../core/api';
import { DownloadsApi } from './downloads-api';
import { Live } from '../../core/live';
import { KeySet } from '../../shared/keyed';
import type { JobSummary } from './api-types';
import { explainFailures, hasProblems } from './diagnoses';
import { isProblemStatus, jobCountsText, statusLabel } from '../../shared/format';
import { JobFailures, type Explanation } from './job-failures';
import { isActiveStatus } from '../../shared/queue-state';

/** Finished jobs, newest first, with each failure's cause and fix a click away. */
@Component({
  selector: 'app-job-history',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [DatePipe, JobFailures, MatButtonModule, MatPaginatorModule, MatProgressBarModule],
  template: `
    <section aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title">History</h2>
      @if (loading()) {
        <mat-progress-bar mode="indeterminate" aria-label="Loading the history" />
      }
      @if (error()) {
        <p class="error" role="alert" data-testid="history-error">{{ error() }}</p>
      }
      <ul class="jobs">
        @for (job of jobs(); track job.id) {
          @let open = expanded.has(job.id);
          <li class="job" data-testid="history-job" [attr.data-status]="job.status" [attr.data-job-id]="job.id">
            <div class="head">
              <span class="badge" [class.ok]="job.status === 'completed'" [class.bad]="isProblem(job.status)">{{
                statusLabel(job.status)
              }}</span>
              <strong class="label grow">{{ job.label }}</strong>
              <span class="muted small">{{ job.finishedAt ?? job.createdAt | date: 'medium' }}</span>
            </div>
            <div class="muted small" data-testid="history-counts">{{ countsText(job.counts, 'downloaded') }}</div>
            @if (job.message) {
              <p class="small">{{ job.message }}</p>
            }
            @if (hasProblems(job)) {
              <button
                mat-button
                type="button"
                class="toggle"
                (click)="toggle(job)"
                [attr.aria-expanded]="open"
                [attr.aria-controls]="'why-' + job.id"
                data-testid="history-toggle"
              >
                {{ open ? '▾ Hide what went wrong' : '▸ What went wrong?' }}
              </button>
              @if (open) {
                <app-job-failures
                  [attr.id]="'why-' + job.id"
                  [explanation]="explanations()[job.id]"
                  [jobLabel]="job.label"
                />
              }
            }
          </li>
        } @empty {
          @if (!loading() && !error()) {
            <li class="muted" data-testid="history-empty">No finished downloads yet.</li>
          }
        }
      </ul>
      @if (total() > pageSize()) {
        <mat-paginator
          [length]="total()"
          [pageIndex]="pageIndex()"
          [pageSize]="pageSize()"
          [pageSizeOptions]="[10, 25, 50]"
          (page)="onPage($event)"
          aria-label="Pages of the job history"
        />
      }
    </section>
  `,
  styleUrl: './job-status.css',
  styles: `
    .jobs {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .job {
      padding: 10px 0;
      border-bottom: 1px solid var(--mat-sys-outline-variant);
    }
    .head {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: baseline;
    }
    .label {
      overflow-wrap: anywhere;
      min-width: 0;
    }
    .toggle {
      margin-left: -12px;
    }
  `,
})
export class JobHistory {
  private readonly api = inject(DownloadsApi);
  private readonly live = inject(Live);
  readonly statusLabel = statusLabel;
  readonly countsText = jobCountsText;
  readonly isProblem = isProblemStatus;
  readonly hasProblems = hasProblems;

  readonly jobs = signal<JobSummary[]>([]);
  readonly total = signal(0);
  readonly pageIndex = signal(0);
  readonly pageSize = signal(10);
  readonly loading = signal(false);
  readonly error = signal<string | null>(null);
  readonly expanded = new KeySet<string>();
  readonly explanations = signal<Record<string, Explanation>>({});

  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    this.live
      .on('jobUpdated')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (!isActiveStatus(m.job.status)) this.scheduleRefresh();
      });
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected || r.restarted) void this.refresh();
    });
    inject(DestroyRef).onDestroy(() => this.timer && clearTimeout(this.timer));
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const generation = ++this.generation;
    this.loading.set(true);
    try {
      const r = await this.api.jobs({
        status: 'finished',
        page: this.pageIndex() + 1,
        pageSize: this.pageSize(),
      });
      if (generation !== this.generation) return;
      this.jobs.set(r.jobs);
      this.total.set(r.total);
      this.error.set(null);
    } catch (err) {
      if (generation === this.generation) this.error.set(`The history could not be loaded: ${toApiError(err).message}`);
    } finally {
      if (generation === this.generation) this.loading.set(false);
    }
  }

  /** A job just finished: show it (gathered, so a burst of jobs costs one request). */
  scheduleRefresh(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refresh();
    }, 500);
  }

  onPage(e: PageEvent): void {
    this.pageIndex.set(e.pageIndex);
    this.pageSize.set(e.pageSize);
    void this.refresh();
  }

  toggle(job: JobSummary): void {
    if (!this.expanded.toggle(job.id)) return;
    const known = this.explanations()[job.id];
    if (!known || known.error) void this.explain(job.id);
  }

  private async explain(jobId: string): Promise<void> {
    this.explanations.update((e) => ({ ...e, [jobId]: { loading: true, error: null, failures: [] } }));
    try {
      const detail = await this.api.job(jobId);
      this.explanations.update((e) => ({
        ...e,
        [jobId]: { loading: false, error: null, failures: explainFailures(detail) },
      }));
    } catch (err) {
      this.explanations.update((e) => ({
        ...e,
        [jobId]: { loading: false, error: `The details could not be loaded: ${toApiError(err).message}`, failures: [] },
      }));
    }
  }
}
