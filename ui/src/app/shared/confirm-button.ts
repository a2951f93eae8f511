import { ChangeDetectionStrategy, Component, effect, input, output, signal } from '@angular/core';
import type { MatButtonAppearance } from '@angular/material/button';
import { BusyButton } from './busy-button';
import { ConfirmInline } from './confirm-inline';

/**
 * A destructive action's button that asks first: pressed, it turns into `<app-confirm-inline>`
 * (the question, a red confirm button, a way back); confirmed, it emits `confirmed` and shows
 * `busyText` while `busy`, then turns back into the button once the action has run. The button
 * and the group share `testId` (the confirm and cancel buttons are `<testId>-confirm`,
 * `<testId>-cancel`), as the hand-written pairs it replaces did.
 */
@Component({
  selector: 'app-confirm-button',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, ConfirmInline],
  host: { style: 'display: contents' },
  template: `
    @if (asking()) {
      <app-confirm-inline
        [label]="label()"
        [question]="question()"
        [small]="small()"
        [confirmText]="confirmText()"
        [busyText]="busyText()"
        [cancelText]="cancelText()"
        [busy]="busy()"
        [lockCancel]="lockCancel()"
        [testId]="testId()"
        (confirmed)="confirmed.emit()"
        (cancelled)="asking.set(false)"
      />
    } @else {
      <app-busy-button
        [text]="text()"
        [appearance]="appearance()"
        [disabled]="disabled()"
        [ariaLabel]="ariaLabel()"
        [describedBy]="describedBy()"
        [testId]="testId()"
        (pressed)="asking.set(true)"
      />
    }
  `,
})
export class ConfirmButton {
  /** The button's words ("Delete"). */
  readonly text = input.required<string>();
  readonly appearance = input<MatButtonAppearance>('outlined');
  readonly disabled = input(false);
  readonly ariaLabel = input<string | null>(null);
  readonly describedBy = input<string | null>(null);
  /** The accessible name of the question's group ("Confirm deleting Clip 1"). */
  readonly label = input.required<string>();
  readonly question = input.required<string>();
  readonly confirmText = input.required<string>();
  readonly busyText = input('');
  readonly cancelText = input('Keep');
  readonly small = input(false);
  readonly busy = input(false);
  readonly lockCancel = input(true);
  readonly testId = input.required<string>();
  readonly confirmed = output();

  protected readonly asking = signal(false);

  constructor() {
    // The action ran (busy went from true to false): back to the button.
    let wasBusy = false;
    effect(() => {
      const busy = this.busy();
      if (wasBusy && !busy) this.asking.set(false);
      wasBusy = busy;
    });
  }
}
