import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatButtonModule, type MatButtonAppearance } from '@angular/material/button';

/**
 * A Material button of one action that talks to the server: disabled and saying `busyText`
 * (e.g. "Saving…") while `busy`, else `text`. `testId` and `ariaLabel` land on the `<button>`;
 * `pressed` is its click (a `type="submit"` one submits its form instead, as any button).
 */
@Component({
  selector: 'app-busy-button',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule],
  template: `
    <button
      [matButton]="appearance()"
      [type]="type()"
      (click)="pressed.emit()"
      [disabled]="busy() || disabled()"
      [attr.aria-label]="ariaLabel()"
      [attr.aria-describedby]="describedBy()"
      [attr.data-testid]="testId()"
    >
      {{ busy() && busyText() ? busyText() : text() }}
    </button>
  `,
  styles: `
    :host {
      display: contents;
    }
  `,
})
export class BusyButton {
  readonly text = input.required<string>();
  /** What it says while busy; the plain text when not given. */
  readonly busyText = input<string>('');
  readonly busy = input(false);
  /** Disabled for another reason than its own action running. */
  readonly disabled = input(false);
  readonly testId = input.required<string>();
  /** `filled` = mat-flat-button, `outlined` = mat-stroked-button, `text` = mat-button. */
  readonly appearance = input<MatButtonAppearance>('outlined');
  readonly type = input<'button' | 'submit'>('button');
  readonly ariaLabel = input<string | null>(null);
  /** The id of an element that says more about the button (a hint, an error). */
  readonly describedBy = input<string | null>(null);
  readonly pressed = output();
}
