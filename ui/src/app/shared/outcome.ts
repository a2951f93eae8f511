import { Component, input, ChangeDetectionStrategy } from '@angular/core';

/**
 * What an action answered, where it happened: the server's refusal as an alert, or its message
 * as a status. Test ids `<testId>-error` and `<testId>-notice`. Lays out as part of the parent.
 */
@Component({
  selector: 'app-outcome',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (error()) {
      <p class="error" [class.small]="small()" role="alert" [attr.data-testid]="testId() + '-error'">{{ error() }}</p>
    }
    @if (notice()) {
      <p [class.small]="small()" role="status" [attr.data-testid]="testId() + '-notice'">{{ notice() }}</p>
    }
  `,
  styles: `
    :host {
      display: contents;
    }
    p {
      margin: 0;
    }
    .small {
      font-size: 13px;
    }
  `,
})
export class Outcome {
  readonly error = input<string | null>(null);
  readonly notice = input<string | null>(null);
  readonly small = input(false);
  readonly testId = input.required<string>();
}
