import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { MatProgressBarModule } from '@angular/material/progress-bar';

/** What a list status reads of its list (`PagedList` and the like). */
export interface LoadingList {
  loading(): boolean;
  error(): string | null;
}

/**
 * Above a list: the loading bar while it loads, the error when it could not, and the message of
 * the last action on it (`notice`). Test ids `<testId>-error`, `<testId>-notice`. Lays out as part
 * of the parent; in a panel part (paragraphs without margins) give it the class `flush`.
 */
@Component({
  selector: 'app-list-status',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatProgressBarModule],
  template: `
    @if (list().loading()) {
      <mat-progress-bar mode="indeterminate" [attr.aria-label]="'Loading ' + what()" />
    }
    @if (list().error()) {
      <p class="error" role="alert" [attr.data-testid]="testId() + '-error'">{{ list().error() }}</p>
    }
    @if (notice()) {
      <p role="status" [attr.data-testid]="testId() + '-notice'">{{ notice() }}</p>
    }
  `,
  styles: `
    :host {
      display: contents;
    }
    :host(.flush) p {
      margin: 0;
    }
  `,
})
export class ListStatus {
  readonly list = input.required<LoadingList>();
  /** What loads, for the loading bar's name: "Loading <what>". */
  readonly what = input.required<string>();
  readonly testId = input.required<string>();
  readonly notice = input<string | null>(null);
}
