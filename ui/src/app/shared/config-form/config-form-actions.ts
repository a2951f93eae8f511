import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import type { ConfigForm } from './config-form';

/**
 * The end of a config form: the server's refusal (with the problems no field took) as an alert,
 * then Save (a submit button: put this inside the `<form>`), Discard, the count of unsaved
 * changes and what the save did. Test ids `<testId>-error`, `-save`, `-reset`, `-status`.
 */
@Component({
  selector: 'app-config-form-actions',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule],
  template: `
    @let f = cf();
    @if (f.error()) {
      <div class="error alert" role="alert" [attr.data-testid]="testId() + '-error'">
        <p>{{ f.error() }}</p>
        @if (f.otherErrors().length) {
          <ul>
            @for (m of f.otherErrors(); track $index) {
              <li>{{ m }}</li>
            }
          </ul>
        }
      </div>
    }
    <div class="actions">
      <button mat-flat-button type="submit" [disabled]="f.busy()" [attr.data-testid]="testId() + '-save'">
        {{ f.busy() ? 'Saving…' : 'Save changes' }}
      </button>
      <button
        mat-button
        type="button"
        (click)="f.reset()"
        [disabled]="f.busy()"
        [attr.data-testid]="testId() + '-reset'"
      >
        Discard changes
      </button>
      <span class="muted">{{ f.pendingText() }}</span>
      @if (f.status()) {
        <span role="status" [attr.data-testid]="testId() + '-status'">{{ f.status() }}</span>
      }
    </div>
  `,
  styleUrl: '../form-actions.css',
  styles: `
    :host {
      display: block;
    }
    .alert {
      margin-bottom: 12px;
    }
    .actions {
      padding: 8px 0;
    }
  `,
})
export class ConfigFormActions {
  readonly cf = input.required<ConfigForm>();
  readonly testId = input.required<string>();
}
