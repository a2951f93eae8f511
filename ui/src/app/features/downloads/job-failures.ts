import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { RouterLink } from '@angular/router';
import { advisesCookies, COOKIES_LINK, type ExplainedFailure } from './diagnoses';

/** What went wrong in a finished job, as far as it was loaded. */
export interface Explanation {
  loading: boolean;
  error: string | null;
  failures: ExplainedFailure[];
}

/** The failures of one job with their cause and what to do, and the tool output when there is some. */
@Component({
  selector: 'app-job-failures',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatProgressBarModule, RouterLink],
  host: { class: 'why', 'data-testid': 'history-failures' },
  template: `
    @let ex = explanation();
    @if (ex?.loading) {
      <mat-progress-bar mode="indeterminate" [attr.aria-label]="'Loading what went wrong in ' + jobLabel()" />
    }
    @if (ex?.error) {
      <p class="error" role="alert">{{ ex?.error }}</p>
    }
    @for (f of ex?.failures ?? []; track f.key) {
      <div class="failure" data-testid="history-failure" [attr.data-kind]="f.kind">
        @if (f.video) {
          <div class="small">
            <strong>{{ f.video }}</strong>
            @if (f.skipped) {
              <span class="muted"> (skipped)</span>
            }
            @if (f.recovered) {
              <span class="muted" data-testid="history-recovered"> (downloaded after a retry)</span>
            }
          </div>
        }
        <p class="small">
          <span class="muted">What happened: </span><span data-testid="history-cause">{{ f.cause }}</span>
        </p>
        @if (!f.recovered) {
          <p class="small">
            <span class="muted">What to do: </span><span data-testid="history-fix">{{ f.fix }}</span>
            @if (advisesCookies(f.fix)) {
              <a [routerLink]="cookies.path" [fragment]="cookies.fragment" data-testid="history-cookies-link"
                >Open Settings → Cookies</a
              >
            }
          </p>
        }
        @if (f.retry) {
          <p class="small">
            <span class="muted">Automatic retries: </span><span data-testid="history-retry">{{ f.retry }}</span>
          </p>
        }
        @if (f.detail) {
          <details>
            <summary class="small muted">Tool output</summary>
            <code>{{ f.detail }}</code>
          </details>
        }
      </div>
    } @empty {
      @if (ex && !ex.loading && !ex.error) {
        <p class="small muted">No explanation was recorded for this job.</p>
      }
    }
  `,
  styleUrl: './job-status.css',
  styles: `
    :host {
      display: flex;
      flex-direction: column;
      gap: 8px;
      padding: 4px 0 4px 12px;
      border-left: 3px solid var(--mat-sys-outline-variant);
    }
    .failure {
      overflow-wrap: anywhere;
    }
    code {
      display: block;
      white-space: pre-wrap;
      font-size: 12px;
      padding: 4px 8px;
      background: var(--mat-sys-surface-container);
    }
  `,
})
export class JobFailures {
  readonly advisesCookies = advisesCookies;
  readonly cookies = COOKIES_LINK;
  readonly explanation = input.required<Explanation | undefined>();
  readonly jobLabel = input.required<string>();
}
