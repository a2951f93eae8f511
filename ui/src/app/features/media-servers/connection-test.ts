import { Component, input, ChangeDetectionStrategy } from '@angular/core';
import { BusyButton } from '../../shared/busy-button';
import { Outcome } from '../../shared/outcome';
import type { ServerSettings } from './server-settings';

/**
 * A card's Test connection button with what it found or why not, and the outcome of listing the
 * server's choices. Test ids `<kind>-test`, `-test-notice`, `-test-error`, `-lists-notice`,
 * `-lists-error`.
 */
@Component({
  selector: 'app-connection-test',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, Outcome],
  template: `
    @let s = settings();
    <div class="checks">
      <app-busy-button
        [busy]="s.test.busy()"
        text="Test connection"
        busyText="Testing…"
        [disabled]="off() || s.lists.busy()"
        [testId]="kind() + '-test'"
        (pressed)="s.testConnection()"
      />
      @if (hint() && !off()) {
        <span class="muted small">{{ hint() }}</span>
      }
    </div>
    <div class="outcomes">
      <app-outcome [error]="s.test.error()" [notice]="s.connection()" [testId]="kind() + '-test'" />
      <app-outcome [error]="s.lists.error()" [notice]="s.note()" [testId]="kind() + '-lists'" />
    </div>
  `,
  styleUrl: './server-card-body.css',
})
export class ConnectionTest {
  readonly settings = input.required<ServerSettings>();
  readonly kind = input.required<string>();
  /** The plugin is switched off: its checks wait. */
  readonly off = input(false);
  /** What testing brings besides the version (shown until the lists are there). */
  readonly hint = input<string | null>(null);
}
