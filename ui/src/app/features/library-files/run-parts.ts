import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import type { FileScanOperation, FileScanRun } from '@vidkeep/contracts';
import { formatWhen } from '../../shared/format';
import { progressPercent, progressText, scanStatusLabel } from './files-format';
import type { ScanState } from './scan-state';

// The parts the rescan and import cards both show of a run lay out as part of the card
// (`display: contents` on the host). A shared `styles` constant would do the same, but the
// Angular build then never exits after bundling (seen with @angular/build 21.2), so each
// part sets it on its host.

/** The progress of the running `operation` of `state`, in words and as a bar. */
@Component({
  selector: 'app-run-progress',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatProgressBarModule],
  template: `
    <div class="progress" role="status" [attr.data-testid]="testId()">
      <span>{{ text() }}</span>
      <mat-progress-bar
        [mode]="percent() === null ? 'indeterminate' : 'determinate'"
        [value]="percent() ?? 0"
        [attr.aria-label]="label()"
      />
    </div>
  `,
  styleUrl: './files-page.css',
  host: { style: 'display: contents' },
})
export class RunProgress {
  readonly state = input.required<ScanState>();
  readonly operation = input.required<FileScanOperation>();
  /** The bar's accessible name, e.g. "Rescan progress". */
  readonly label = input.required<string>();
  readonly testId = input.required<string>();
  private readonly progress = computed(() => this.state().current()?.progress ?? null);
  readonly text = computed(() => progressText(this.operation(), this.progress()));
  readonly percent = computed(() => progressPercent(this.progress()));
}

/**
 * The last run of one kind: its title (with the folder when there is one), status, when, and
 * figures; the content (its actions and details) follows.
 */
@Component({
  selector: 'app-last-run',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let r = run();
    <section class="last" [attr.aria-label]="heading()" [attr.data-testid]="testId()">
      <h3>
        {{ heading() }}<code>{{ path() ? ' ' + path() : '' }}</code
        >: <span [class]="'status ' + r.status">{{ status(r.status) }}</span>&nbsp;
        <span class="muted small">{{ when(r.finishedAt ?? r.startedAt) }}</span>
      </h3>
      <ul class="figures">
        @for (f of figures(); track f) {
          <li>{{ f }}</li>
        }
      </ul>
      <ng-content />
    </section>
  `,
  styleUrl: './files-page.css',
  host: { style: 'display: contents' },
})
export class LastRun {
  readonly run = input.required<FileScanRun>();
  /** "Last rescan": the heading and the section's accessible name. */
  readonly heading = input.required<string>();
  readonly path = input<string | null>(null);
  readonly figures = input.required<readonly string[]>();
  readonly testId = input.required<string>();
  readonly status = scanStatusLabel;
  readonly when = (iso: string) => formatWhen(iso);
}

/** Files with what is wrong with each: `<code>path</code>: message`. */
@Component({
  selector: 'app-path-messages',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <ul>
      @for (p of items(); track $index) {
        <li>
          <code>{{ p.path }}</code>: {{ p.message }}
        </li>
      }
    </ul>
  `,
})
export class PathMessages {
  readonly items = input.required<readonly { path: string; message: string }[]>();
}
