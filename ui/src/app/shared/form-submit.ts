import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import type { PendingAction } from './pending-action';

/**
 * The end of a form that sends with a `PendingAction`: why the last try failed, and the submit
 * button (waits while the action runs). Test ids `<testId>-error`, `<testId>-submit`. Lays out
 * as part of the form.
 */
@Component({
  selector: 'app-form-submit',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule],
  template: `
    @if (action().error()) {
      <p class="error" role="alert" [attr.data-testid]="testId() + '-error'">{{ action().error() }}</p>
    }
    <button mat-flat-button type="submit" [disabled]="action().busy()" [attr.data-testid]="testId() + '-submit'">
      {{ text() }}
    </button>
  `,
  styles: `
    :host {
      display: contents;
    }
  `,
})
export class FormSubmit {
  readonly action = input.required<PendingAction>();
  readonly text = input.required<string>();
  readonly testId = input.required<string>();
}
