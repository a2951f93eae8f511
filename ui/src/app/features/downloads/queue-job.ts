import { Component, input, output, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { RouterLink } from '@angular/router';
import { BusyButton } from '../../shared/busy-button';
import type { JobDetail, JobSummary } from './api-types';
import { JobControls } from './job-controls';
import { advisesCookies, COOKIES_LINK } from './diagnoses';
import { isProblemStatus, jobCountsText, statusLabel } from '../../shared/format';
import { isActiveStatus, progressText, progressView } from '../../shared/queue-state';

/** One job of the queue: its state and counts, cancel or dismiss, and a progress bar per video. */
@Component({
  selector: 'app-queue-job',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule, MatButtonModule, MatProgressBarModule, RouterLink, BusyButton, JobControls],
  template: `
    @let job = this.job();
    <mat-card
      appearance="outlined"
      class="job"
      data-testid="queue-job"
      [attr.data-status]="job.status"
      [attr.data-job-id]="job.id"
    >
      <div class="job-head">
        <div class="head-text">
          <strong class="label">{{ job.label }}</strong>
          <span
            class="badge"
            [class.running]="job.status === 'running'"
            [class.bad]="isProblem(job.status)"
            data-testid="queue-job-status"
            >{{ statusLabel(job.status) }}</span
          >
          @if (isActive(job.status) && job.paused) {
            <span class="badge paused" data-testid="queue-job-paused">Paused</span>
          }
          @if (job.lane === 'automatic') {
            <span class="badge" data-testid="queue-job-lane">Automatic</span>
          }
          <div class="muted small">{{ countsText(job.counts, 'done') }}</div>
          @if (!isActive(job.status) && job.message) {
            <div class="small" data-testid="queue-job-message">{{ job.message }}</div>
          }
          @if (job.status === 'queued' && job.lane === 'automatic' && !job.paused) {
            <div class="muted small" data-testid="queue-job-lane-note">
              Automatic download: waits behind the downloads you asked for.
            </div>
          }
          @if (job.status === 'queued' && job.retryAt) {
            <div class="small warn" role="status" data-testid="queue-job-retry">
              Waiting to download again at {{ clock(job.retryAt) }} after a passing failure. {{ job.message }}
            </div>
          }
        </div>
        @if (isActive(job.status)) {
          <app-job-controls [job]="job" (changed)="changed.emit($event)" />
          <app-busy-button
            text="Cancel"
            busyText="Cancelling…"
            [busy]="cancelling()"
            [ariaLabel]="'Cancel ' + job.label"
            testId="queue-cancel"
            (pressed)="cancelRequested.emit()"
          />
        } @else {
          <button
            mat-button
            type="button"
            (click)="dismissed.emit()"
            [attr.aria-label]="'Dismiss ' + job.label"
            data-testid="queue-dismiss"
          >
            Dismiss
          </button>
        }
      </div>
      <ul class="videos">
        @for (v of job.videos; track v.sourceId) {
          @let view = progressView(v);
          @let name = v.title ?? v.sourceId;
          <li data-testid="queue-video" [attr.data-state]="v.state" [attr.data-source-id]="v.sourceId">
            <div class="line">
              <span class="title grow" [title]="name">{{ name }}</span>
              <span class="state" data-testid="queue-video-state">{{ v.state }}</span>
            </div>
            <mat-progress-bar
              [mode]="view.mode"
              [value]="view.percent"
              [attr.aria-label]="'Progress of ' + name"
              [attr.aria-valuetext]="
                view.mode === 'determinate' ? view.percent.toFixed(0) + ' percent, ' + view.stage : view.stage
              "
            />
            <div class="muted small" data-testid="queue-video-progress">
              {{ view.stage }}
              @if (progressText(v); as text) {
                · {{ text }}
              }
            </div>
            @if (v.diagnosis && v.state !== 'completed') {
              <p
                class="small"
                [class.error]="v.state === 'failed' || v.state === 'interrupted'"
                [class.muted]="v.state !== 'failed' && v.state !== 'interrupted'"
              >
                {{ v.diagnosis.cause }} {{ v.diagnosis.fix }}
                @if (advisesCookies(v.diagnosis.fix)) {
                  <a [routerLink]="cookies.path" [fragment]="cookies.fragment" data-testid="queue-cookies-link"
                    >Open Settings → Cookies</a
                  >
                }
              </p>
            }
          </li>
        }
      </ul>
    </mat-card>
  `,
  styleUrls: ['./job-status.css', './queue-job.css'],
})
export class QueueJob {
  readonly advisesCookies = advisesCookies;
  readonly cookies = COOKIES_LINK;
  readonly job = input.required<JobDetail>();
  readonly cancelling = input(false);
  readonly cancelRequested = output();
  readonly dismissed = output();
  /** Paused, resumed or moved: the job's new summary. */
  readonly changed = output<JobSummary>();
  readonly statusLabel = statusLabel;
  readonly countsText = jobCountsText;
  readonly isProblem = isProblemStatus;
  readonly isActive = isActiveStatus;
  readonly progressView = progressView;
  readonly progressText = progressText;
  readonly clock = (iso: string) =>
    new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
