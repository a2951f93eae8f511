import { ChangeDetectionStrategy, Component, input, output } from '@angular/core';
import { MatButton, type MatButtonAppearance } from '@angular/material/button';

/**
 * The button of one action that waits for the server: disabled while `busy` (and whenever
 * `disabled`), its label then `busyLabel` ("Testing…"). `(pressed)` on a click; `type="submit"`
 * submits the form around it. The test id and the aria-label go on the `<button>` itself, which
 * the tests drive.
 *
 * ```html
 * <app-busy-button label="Test" busyLabel="Testing…" [busy]="test.busy()" testId="plex-test" (pressed)="run()" />
 * ```
 */
@Component({
  selector: 'app-busy-button',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButton],
  template: `
    <button
      [matButton]="look()"
      [type]="type()"
      [disabled]="busy() || disabled()"
      [attr.aria-label]="ariaLabel()"
      [attr.data-testid]="testId()"
      (click)="pressed.emit()"
    >
      {{ busy() ? (busyLabel() ?? label()) : label() }}
    </button>
  `,
  styles: `
    :host {
      display: contents;
    }
  `,
})
export class BusyButton {
  readonly label = input.required<string>();
  /** The action runs: the button waits. */
  readonly busy = input(false);
  /** The label while busy; without it the label stays. */
  readonly busyLabel = input<string | null>(null);
  /** Disabled for another reason (the plugin is off, another action runs). */
  readonly disabled = input(false);
  readonly look = input<MatButtonAppearance>('outlined');
  readonly type = input<'button' | 'submit'>('button');
  readonly testId = input<string | null>(null);
  /** Where the visible label alone does not say what the button acts on. */
  readonly ariaLabel = input<string | null>(null);
  readonly pressed = output();
}
