import { ChangeDetectionStrategy, Component, DestroyRef, effect, inject, input, signal } from '@angular/core';
import type { AbstractControl } from '@angular/forms';
import { toApiError } from '../../core/api';
import { SettingsApi } from './settings-api';

/** How long typing must pause before the arguments are checked. */
export const CHECK_DELAY_MS = 600;

export type ArgsVerdict =
  | { kind: 'checking' }
  | { kind: 'ok'; message: string }
  /** vidkeep refuses them (the option at fault, when there is one) or yt-dlp does (its complaint). */
  | { kind: 'refused'; message: string; option: string | null; stderr: string | null }
  | { kind: 'unknown'; message: string };

/**
 * Checks the custom yt-dlp arguments as they are typed: a pause in typing sends them to
 * `POST /api/ytdlp/validate-args` (vidkeep's own rules, then yt-dlp itself) and the answer shows
 * under the field; a refusal names the option at fault. Only the answer to the latest text counts.
 * The save is checked by the server again, so this only tells early.
 */
@Component({
  selector: 'app-custom-args-check',
  changeDetection: ChangeDetectionStrategy.OnPush,
  host: { class: 'wide', 'aria-live': 'polite' },
  template: `
    @switch (verdict()?.kind) {
      @case ('checking') {
        <p class="muted" data-testid="custom-args-checking">Checking with yt-dlp…</p>
      }
      @case ('ok') {
        <p class="ok" data-testid="custom-args-ok"><span aria-hidden="true">✓ </span>{{ message() }}</p>
      }
      @case ('refused') {
        <div class="error" role="alert" data-testid="custom-args-refused">
          <p>
            <span aria-hidden="true">✗ </span>
            @if (option()) {
              <code data-testid="custom-args-option">{{ option() }}</code> —
            }
            {{ message() }}
          </p>
          @if (stderr()) {
            <details>
              <summary>yt-dlp’s output</summary>
              <code class="out">{{ stderr() }}</code>
            </details>
          }
        </div>
      }
      @case ('unknown') {
        <p class="muted" data-testid="custom-args-unknown">{{ message() }}</p>
      }
    }
  `,
  styles: `
    :host {
      grid-column: 1 / -1;
      display: block;
      font: var(--mat-sys-body-small);
      margin-top: -8px;
    }
    p {
      margin: 0;
    }
    .ok {
      color: var(--mat-sys-primary);
    }
    code {
      font-weight: 600;
    }
    .out {
      display: block;
      white-space: pre-wrap;
      font-weight: normal;
      padding: 4px 8px;
      background: var(--mat-sys-surface-container);
    }
  `,
})
export class CustomArgsCheck {
  private readonly api = inject(SettingsApi);
  /** The form control of `ytdlpCustomArgs`. */
  readonly control = input.required<AbstractControl>();
  readonly verdict = signal<ArgsVerdict | null>(null);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private asked = 0;

  constructor() {
    effect((onCleanup) => {
      const sub = this.control().valueChanges.subscribe((value) => this.schedule(String(value ?? '')));
      onCleanup(() => sub.unsubscribe());
    });
    inject(DestroyRef).onDestroy(() => this.clear());
  }

  message(): string {
    const v = this.verdict();
    return v && 'message' in v ? v.message : '';
  }

  option(): string | null {
    const v = this.verdict();
    return v?.kind === 'refused' ? v.option : null;
  }

  stderr(): string | null {
    const v = this.verdict();
    return v?.kind === 'refused' ? v.stderr : null;
  }

  private schedule(text: string): void {
    this.clear();
    this.asked += 1;
    if (!this.control().dirty) {
      this.verdict.set(null);
      return;
    }
    const ticket = this.asked;
    this.timer = setTimeout(() => void this.check(text, ticket), CHECK_DELAY_MS);
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async check(text: string, ticket: number): Promise<void> {
    this.verdict.set({ kind: 'checking' });
    let verdict: ArgsVerdict;
    try {
      const r = await this.api.validateArgs(text);
      verdict = r.ok
        ? { kind: 'ok', message: r.message }
        : { kind: 'refused', message: r.message, option: null, stderr: r.stderr };
    } catch (err) {
      const e = toApiError(err);
      verdict =
        e.status === 400
          ? {
              kind: 'refused',
              message: e.message,
              option: typeof e.body['option'] === 'string' ? e.body['option'] : null,
              stderr: null,
            }
          : { kind: 'unknown', message: `The arguments could not be checked now: ${e.message}` };
    }
    // An answer to older text is dropped: the newer check decides.
    if (ticket === this.asked) this.verdict.set(verdict);
  }
}
