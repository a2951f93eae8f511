import { Component, input, output } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';

/**
 * "Really?" in place of a destructive button: the question, a red confirm button and a way
 * back. The host is the group (give it a class to lay it out); test ids `<testId>-confirm`,
 * `<testId>-cancel`.
 */
@Component({
  selector: 'app-confirm-inline',
  imports: [MatButtonModule],
  host: { role: 'group', '[attr.aria-label]': 'label()' },
  template: `
    <span [class.small]="small()">{{ question() }}</span>
    <button
      mat-flat-button
      type="button"
      class="danger"
      (click)="confirmed.emit()"
      [disabled]="busy()"
      [attr.data-testid]="testId() + '-confirm'"
    >
      {{ busy() && busyText() ? busyText() : confirmText() }}
    </button>
    <button
      mat-button
      type="button"
      (click)="cancelled.emit()"
      [disabled]="busy() && lockCancel()"
      [attr.data-testid]="testId() + '-cancel'"
    >
      {{ cancelText() }}
    </button>
  `,
  styles: `
    .small {
      font-size: 13px;
    }
    .danger {
      --mat-button-filled-container-color: var(--mat-sys-error);
      --mat-button-filled-label-text-color: var(--mat-sys-on-error);
    }
  `,
})
export class ConfirmInline {
  /** The accessible name of the group, e.g. "Confirm deleting Clip 1". */
  readonly label = input.required<string>();
  readonly question = input.required<string>();
  readonly small = input(false);
  readonly confirmText = input.required<string>();
  /** Shown on the confirm button while `busy`; the confirm text when empty. */
  readonly busyText = input('');
  readonly cancelText = input('Keep');
  readonly busy = input(false);
  /** Whether the way back is closed while the action runs. */
  readonly lockCancel = input(true);
  readonly testId = input.required<string>();
  readonly confirmed = output();
  readonly cancelled = output();
}
