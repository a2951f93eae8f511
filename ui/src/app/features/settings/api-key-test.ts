import { ChangeDetectionStrategy, Component, effect, inject, input, signal } from '@angular/core';
import type { AbstractControl } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import type { RouteResponse } from '../../core/api';
import { PendingAction } from '../../shared/pending-action';
import { SettingsApi } from './settings-api';
import { formatWhen } from '../../shared/format';

/**
 * "Test key" beside the Data API key (`sourceApiKey`): `POST /testSourceApiKey` with the key as
 * typed, or the stored one when the field is empty, and the answer in words: it works (and what
 * the test cost), or why not with the platform's reason code. Testing never saves the key.
 */
@Component({
  selector: 'app-api-key-test',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule],
  host: { class: 'wide' },
  template: `
    <div class="row">
      <button
        mat-stroked-button
        type="button"
        (click)="test()"
        [disabled]="testing.busy() || disabled() || (!typed() && !stored())"
        data-testid="api-key-test"
      >
        {{ testing.busy() ? 'Testing…' : typed() ? 'Test this key' : 'Test the saved key' }}
      </button>
      @if (!typed() && !stored()) {
        <span class="muted small">Enter a key to test it before saving.</span>
      }
    </div>
    @if (result(); as r) {
      @if (r.ok) {
        <p class="ok small" role="status" data-testid="api-key-test-result">
          <span aria-hidden="true">✓ </span>The {{ r.tested === 'given' ? 'key' : 'saved key' }} works. The test used
          {{ r.unitsSpent }} of the {{ quota(r.dailyQuotaUnits) }} daily quota units (the platform does not tell how
          many are left); the quota resets {{ when(r.quotaResetsAt) }}.{{
            r.tested === 'given' ? ' It is not saved yet: Save the configuration to use it.' : ''
          }}
        </p>
      } @else {
        <p class="error small" role="alert" data-testid="api-key-test-result">
          <span aria-hidden="true">✗ </span><strong data-testid="api-key-test-code">{{ r.code }}</strong
          >: {{ r.reason }}
        </p>
      }
      @if (r.storedKeyCoolingDownUntil) {
        <p class="muted small" data-testid="api-key-test-resting">
          The saved key used up its quota: vidkeep uses yt-dlp instead until {{ when(r.storedKeyCoolingDownUntil) }}.
        </p>
      }
    }
    @if (testing.error(); as e) {
      <p class="error small" role="alert" data-testid="api-key-test-error">{{ e }}</p>
    }
  `,
  styles: `
    :host {
      grid-column: 1 / -1;
      display: flex;
      flex-direction: column;
      gap: 6px;
      margin-top: -8px;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 8px 12px;
      align-items: center;
    }
    .small {
      font: var(--mat-sys-body-small);
    }
    p {
      margin: 0;
    }
    .ok {
      color: var(--mat-sys-primary);
    }
  `,
})
export class ApiKeyTestButton {
  private readonly api = inject(SettingsApi);
  /** The form control of `sourceApiKey` (write-only: empty means "keep the stored key"). */
  readonly control = input.required<AbstractControl>();
  /** Whether a key is stored. */
  readonly stored = input(false);
  readonly disabled = input(false);
  readonly testing = new PendingAction('The key could not be tested: ');
  readonly result = signal<RouteResponse<'POST /testSourceApiKey'> | null>(null);
  readonly when = (iso: string) => formatWhen(iso);
  readonly quota = (n: number) => n.toLocaleString('en-US');

  /** The key as typed, kept in a signal: the field is another component's, so OnPush needs it. */
  readonly typed = signal('');

  constructor() {
    effect((onCleanup) => {
      const control = this.control();
      const read = () => this.typed.set(String(control.value ?? '').trim());
      read();
      const sub = control.valueChanges.subscribe(read);
      onCleanup(() => sub.unsubscribe());
    });
  }

  async test(): Promise<void> {
    this.result.set(null);
    const key = this.typed();
    await this.testing.run(async () => this.result.set(await this.api.testSourceApiKey(key)));
  }
}
