import { Component, inject, input, output, signal, ChangeDetectionStrategy } from '@angular/core';
import { BusyButton } from '../../shared/busy-button';
import { PendingAction } from '../../shared/pending-action';
import type { JobSummary } from './api-types';
import { DownloadsApi } from './downloads-api';

/**
 * Pause / Resume of one queued or running job, and Move to front while it waits. The server's
 * answer (the job's new summary) goes to `changed`; a refusal shows here, beside the buttons.
 */
@Component({
  selector: 'app-job-controls',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton],
  template: `
    @let job = this.job();
    @if (job.paused) {
      <app-busy-button
        text="Resume"
        busyText="Resuming…"
        [busy]="resuming.busy()"
        [ariaLabel]="'Resume ' + job.label"
        testId="queue-job-resume"
        (pressed)="setPaused(false)"
      />
    } @else {
      <app-busy-button
        text="Pause"
        busyText="Pausing…"
        [busy]="pausing.busy()"
        [ariaLabel]="'Pause ' + job.label"
        testId="queue-job-pause"
        (pressed)="setPaused(true)"
      />
    }
    @if (job.status === 'queued') {
      <app-busy-button
        text="Move to front"
        busyText="Moving…"
        appearance="text"
        [busy]="moving.busy()"
        [ariaLabel]="'Move ' + job.label + ' to the front of the queue'"
        testId="queue-job-front"
        (pressed)="moveToFront()"
      />
    }
    @if (moved() && job.status === 'queued') {
      <p class="muted small" role="status" data-testid="queue-job-moved">Moved to the front: it starts next.</p>
    }
    @if (pausing.error() ?? resuming.error() ?? moving.error(); as e) {
      <p class="error small" role="alert" data-testid="queue-job-control-error">{{ e }}</p>
    }
  `,
  styles: `
    :host {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
    }
    p {
      flex-basis: 100%;
      margin: 0;
    }
  `,
})
export class JobControls {
  private readonly api = inject(DownloadsApi);
  readonly job = input.required<JobSummary>();
  /** The job as the server now has it, after an action. */
  readonly changed = output<JobSummary>();
  readonly pausing = new PendingAction('Not paused: ');
  readonly resuming = new PendingAction('Not resumed: ');
  readonly moving = new PendingAction('Not moved: ');
  /** Moved to the front: said here at once; the list moves the job up by its new `movedToFrontAt`. */
  readonly moved = signal(false);

  async setPaused(paused: boolean): Promise<void> {
    const id = this.job().id;
    this.clearErrors();
    await (paused ? this.pausing : this.resuming).run(async () =>
      this.changed.emit(await (paused ? this.api.pauseJob(id) : this.api.resumeJob(id))),
    );
  }

  async moveToFront(): Promise<void> {
    const id = this.job().id;
    this.clearErrors();
    this.moved.set(await this.moving.run(async () => this.changed.emit(await this.api.moveJobToFront(id))));
  }

  /** One message at a time: the last action's. */
  private clearErrors(): void {
    for (const a of [this.pausing, this.resuming, this.moving]) a.error.set(null);
    this.moved.set(false);
  }
}
