import { ChangeDetectionStrategy, Component, OnInit, computed, inject, output, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { toApiError } from '../../core/api';
import { SettingsApi } from './settings-api';
import { ConfirmButton } from '../../shared/confirm-button';
import { FileDrop } from '../../shared/file-drop';
import { formatBytes, formatWhen } from '../../shared/format';
import type { CookieChangeResponse, CookieStatus } from './contracts';

/** Contracts `COOKIE_FILE_MAX_BYTES` (a value import would bundle TypeBox). */
export const COOKIE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The state of the cookie file in a few words, for the badge. */
export function cookieState(s: CookieStatus): { text: string; tone: 'ok' | 'warn' | 'off' } {
  if (!s.customFileExists) return { text: 'No cookie file', tone: 'off' };
  if (s.valid === false) return { text: 'Not a cookie file', tone: 'warn' };
  if (!s.cookiesEnabled) return { text: 'Uploaded, but cookies are off', tone: 'warn' };
  if (!s.inUse) return { text: 'Not readable', tone: 'warn' };
  return { text: 'In use', tone: 'ok' };
}

/**
 * Settings → Cookies: the Netscape cookie file yt-dlp signs in with (bot checks, age-restricted
 * and members-only videos). Upload by dropping the file or choosing it (which turns cookies on),
 * what the file holds (never a value: domains, counts, whether the platform's login cookies are
 * there and until when), and delete. The failure advice of downloads links here.
 */
@Component({
  selector: 'app-cookies-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule, MatButtonModule, MatProgressBarModule, ConfirmButton, FileDrop],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-cookies-title">Cookies</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        <p class="muted">
          The platform asks visitors to prove they are not a bot and shows age-restricted and members-only videos only
          to signed-in accounts. Export the cookies of a browser that is signed in to the platform as a
          <strong>cookies.txt</strong> file (Netscape format, e.g. with a "Get cookies.txt" extension) and upload it
          here: every yt-dlp call then uses it. The file stays on this server and is never shown again.
        </p>
        @if (loadError()) {
          <p class="error" role="alert" data-testid="cookies-load-error">{{ loadError() }}</p>
        }
        @if (status(); as s) {
          <div class="status" data-testid="cookies-status">
            <span class="badge" [class]="state().tone" data-testid="cookies-state">{{ state().text }}</span>
            @if (s.customFileExists && s.valid) {
              @if (s.loginCookiePresent) {
                <span class="badge ok" data-testid="cookies-signed-in"
                  >Signed in ({{ s.loginCookies.join(', ') }})</span
                >
              } @else {
                <span class="badge warn" data-testid="cookies-signed-in"
                  >No login cookies: yt-dlp will not be signed in</span
                >
              }
            }
          </div>
          @if (s.customFileExists) {
            <dl class="facts" data-testid="cookies-facts">
              <dt>Size</dt>
              <dd>{{ size(s.sizeBytes) }}</dd>
              <dt>Uploaded</dt>
              <dd>{{ s.uploadedAt ? when(s.uploadedAt) : 'not through vidkeep (put there by hand)' }}</dd>
              @if (s.valid) {
                <dt>Cookies</dt>
                <dd data-testid="cookies-count">
                  {{ s.cookieCount }}{{ s.expiredCount ? ' (' + s.expiredCount + ' expired)' : '' }}
                </dd>
                <dt>Domains</dt>
                <dd data-testid="cookies-domains">{{ s.domains.join(', ') }}</dd>
                @if (s.loginExpiresAt) {
                  <dt>Login expires</dt>
                  <dd>{{ when(s.loginExpiresAt) }}</dd>
                }
              }
            </dl>
            @if (s.problem) {
              <p class="error small" role="alert" data-testid="cookies-problem">{{ s.problem }}</p>
            }
          }
        } @else if (!loadError()) {
          <p class="muted" role="status">Reading the cookie status…</p>
        }

        <app-file-drop
          label="Drop cookies.txt here, or"
          [buttonText]="status()?.customFileExists ? 'Choose a new file' : 'Choose a file'"
          accept=".txt,text/plain"
          [maxBytes]="maxBytes"
          [disabled]="busy()"
          testId="cookies-drop"
          (picked)="upload($event)"
        />
        @if (busy()) {
          <mat-progress-bar mode="indeterminate" aria-label="Uploading the cookie file" />
        }
        @if (message()) {
          <p role="status" data-testid="cookies-message">{{ message() }}</p>
        }
        @if (error()) {
          <p class="error" role="alert" data-testid="cookies-error">{{ error() }}</p>
        }

        @if (status()?.customFileExists) {
          <div class="delete">
            <app-confirm-button
              text="Delete the cookie file"
              label="Confirm deleting the cookie file"
              question="Delete the cookie file? yt-dlp then runs without cookies."
              confirmText="Delete"
              busyText="Deleting…"
              [busy]="busy()"
              testId="cookies-delete"
              (confirmed)="remove()"
            />
          </div>
        }
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    mat-card-content {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
    p {
      margin: 0;
    }
    .small {
      font: var(--mat-sys-body-small);
    }
    .status {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
    .badge {
      font-size: 12px;
      padding: 2px 10px;
      border-radius: 8px;
      background: var(--mat-sys-surface-variant);
    }
    .badge.ok {
      background: var(--mat-sys-primary-container);
      color: var(--mat-sys-on-primary-container);
    }
    .badge.warn {
      background: var(--mat-sys-error-container);
      color: var(--mat-sys-on-error-container);
    }
    .facts {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 4px 16px;
      margin: 0;
    }
    .facts dt {
      color: var(--mat-sys-on-surface-variant);
    }
    .facts dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
  `,
})
export class CookiesCard implements OnInit {
  private readonly api = inject(SettingsApi);
  /** The cookie file changed (an upload also turns `cookiesEnabled` on): the configuration should be read again. */
  readonly changed = output();

  readonly maxBytes = COOKIE_FILE_MAX_BYTES;
  readonly status = signal<CookieStatus | null>(null);
  readonly state = computed(() => cookieState(this.status()!));
  readonly loadError = signal<string | null>(null);
  readonly busy = signal(false);
  readonly message = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  readonly size = (bytes: number | null) => (bytes === null ? '' : formatBytes(bytes));
  readonly when = (iso: string) => formatWhen(iso);

  ngOnInit(): void {
    void this.load();
  }

  async load(): Promise<void> {
    try {
      this.status.set(await this.api.cookieStatus());
      this.loadError.set(null);
    } catch (err) {
      this.loadError.set(`The cookie status could not be read: ${toApiError(err).message}`);
    }
  }

  async upload(file: File): Promise<void> {
    await this.change(() => this.api.uploadCookies(file), 'Not uploaded: ');
  }

  async remove(): Promise<void> {
    await this.change(() => this.api.removeCookies(), 'Not deleted: ');
  }

  private async change(work: () => Promise<CookieChangeResponse>, prefix: string): Promise<void> {
    this.busy.set(true);
    this.message.set(null);
    this.error.set(null);
    try {
      const r = await work();
      this.status.set(r.cookieStatus);
      this.message.set(r.message);
      this.changed.emit();
    } catch (err) {
      this.error.set(prefix + toApiError(err).message);
    } finally {
      this.busy.set(false);
    }
  }
}
