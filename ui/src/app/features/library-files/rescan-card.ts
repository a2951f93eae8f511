import { Component, computed, input, ChangeDetectionStrategy } from '@angular/core';
import { MatCardModule } from '@angular/material/card';
import { BusyButton } from '../../shared/busy-button';
import { PendingAction } from '../../shared/pending-action';
import { rescanFigures } from './files-format';
import { LastRun, PathMessages, RunProgress } from './run-parts';
import type { ScanState } from './scan-state';

/**
 * "Rescan files": starts the filesystem rescan, shows its progress from the live messages and
 * the last rescan's result (checked, missing, found again, moved, measured, problems).
 */
@Component({
  selector: 'app-rescan-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, LastRun, MatCardModule, PathMessages, RunProgress],
  template: `
    <mat-card appearance="outlined" class="card" data-testid="rescan-card">
      <h2 id="rescan-title">Rescan files</h2>
      <p class="hint">
        Compares the library with the files in the output directory. A video whose file was deleted by hand is marked
        missing (it stays in the library and is not downloaded again by itself); a file moved or renamed by hand is
        found again by the id in its name or in the info.json beside it; sizes are refreshed and unknown resolutions
        measured. Nothing is ever deleted. It also runs weekly (Scheduled tasks: “Rescan files”).
      </p>
      <div class="actions">
        <app-busy-button
          appearance="filled"
          [busy]="rescanning()"
          busyText="Rescanning…"
          [disabled]="action.busy() || state().running()"
          testId="rescan-start"
          (pressed)="start()"
          text="Rescan files"
        />
        @if (state().running() && !rescanning()) {
          <span class="hint">A library import is running; the rescan can start when it ends.</span>
        }
      </div>
      @if (action.error(); as e) {
        <p class="error" role="alert" data-testid="rescan-error">{{ e }}</p>
      }
      @if (rescanning()) {
        <app-run-progress [state]="state()" operation="rescan" label="Rescan progress" testId="rescan-progress" />
      }
      @if (state().lastRun(); as run) {
        <app-last-run [run]="run" heading="Last rescan" [figures]="figures()" testId="rescan-last">
          @if (run.counts.untracked > 0) {
            <div class="actions">
              <app-busy-button
                [busy]="adding.busy()"
                [disabled]="state().running()"
                testId="rescan-add-untracked"
                (pressed)="addUntracked()"
                [text]="'Add the ' + run.counts.untracked + ' untracked file' + (run.counts.untracked === 1 ? '' : 's')"
              />
              <span class="hint"
                >Imports the whole output directory: videos already in the library stay as they are.</span
              >
            </div>
            @if (adding.error(); as e) {
              <p class="error" role="alert" data-testid="rescan-add-error">{{ e }}</p>
            }
          }
          @if (run.problems.length) {
            <details data-testid="rescan-problems">
              <summary>{{ run.problems.length }} problem{{ run.problems.length === 1 ? '' : 's' }} in detail</summary>
              <app-path-messages [items]="run.problems" />
            </details>
          }
        </app-last-run>
      } @else if (state().loaded()) {
        <p class="muted" data-testid="rescan-never">No rescan has run yet.</p>
      }
    </mat-card>
  `,
  styleUrl: './files-page.css',
})
export class RescanCard {
  readonly state = input.required<ScanState>();
  readonly action = new PendingAction('The rescan did not start: ');
  readonly adding = new PendingAction('The import did not start: ');
  readonly rescanning = computed(() => this.state().current()?.operation === 'rescan');
  readonly figures = computed(() => {
    const run = this.state().lastRun();
    return run ? rescanFigures(run.counts) : [];
  });

  start(): void {
    void this.action.run(() => this.state().startRescan());
  }

  /** The files a rescan found but never adds: an import of the whole output directory adds them. */
  addUntracked(): void {
    void this.adding.run(() => this.state().startImport({ path: '.', move: false }));
  }
}
