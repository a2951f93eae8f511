import { Component, input, ChangeDetectionStrategy } from '@angular/core';

/**
 * A shield (protected from automatic removal) drawn inline: no icon or emoji font is needed, so
 * it shows offline and on systems without one. Decorative: the text beside it says what it means.
 * `filled` draws it solid (protected), otherwise as an outline.
 */
@Component({
  selector: 'app-shield-icon',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { 'aria-hidden': 'true' },
  template: `
    <svg viewBox="0 0 24 24" width="1em" height="1em" focusable="false">
      <path
        d="M12 2.5 4.5 5.5v5.7c0 4.7 3.2 9 7.5 10.3 4.3-1.3 7.5-5.6 7.5-10.3V5.5z"
        [attr.fill]="filled() ? 'currentColor' : 'none'"
        stroke="currentColor"
        stroke-width="2"
        stroke-linejoin="round"
      />
    </svg>
  `,
  styles: `
    :host {
      display: inline-flex;
      vertical-align: -0.125em;
    }
  `,
})
export class ShieldIcon {
  readonly filled = input(true);
}
