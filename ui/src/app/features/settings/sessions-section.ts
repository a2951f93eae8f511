import { ChangeDetectionStrategy, Component, OnInit, inject, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import type { SessionItem } from './contracts';
import { toApiError } from '../../core/api';
import { SettingsApi } from './settings-api';
import { Auth } from '../../core/auth';
import { formatWhen } from '../../shared/format';
import { describeUserAgent } from './settings-format';

/** Section 3: the signed-in sessions (`GET /auth/sessions`), each revocable. */
@Component({
  selector: 'app-sessions-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule, MatButtonModule],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-sessions-title">Sessions</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        <p class="muted">
          Everywhere you are signed in. Sessions last 7 days; changing the password keeps them, so revoke the ones you
          do not recognise.
        </p>
        @if (error()) {
          <p class="error" role="alert" data-testid="sessions-error">{{ error() }}</p>
        }
        @if (sessions(); as list) {
          @if (list.length === 0) {
            <p class="muted">No active sessions.</p>
          }
          <ul class="list" aria-label="Sessions">
            @for (s of list; track s.id) {
              <li data-testid="session-item" [class.current]="s.current">
                <div class="info">
                  <span class="name">
                    {{ agent(s.user_agent) }}
                    @if (s.current) {
                      <span class="badge" data-testid="session-current">This session</span>
                    }
                  </span>
                  <span class="muted small"
                    >{{ s.ip_address || 'unknown address' }} · signed in {{ when(s.createdAt) }} · last used
                    {{ when(s.last_used_at) }}</span
                  >
                  <span class="muted small ua" [title]="s.user_agent">{{ s.user_agent }}</span>
                </div>
                <button
                  mat-stroked-button
                  type="button"
                  (click)="revoke(s)"
                  [disabled]="busy() === s.id"
                  data-testid="session-revoke"
                  [attr.aria-label]="
                    (s.current ? 'Revoke and sign out: this session, ' : 'Revoke: ') +
                    agent(s.user_agent) +
                    ', ' +
                    s.ip_address
                  "
                >
                  {{ s.current ? 'Revoke and sign out' : 'Revoke' }}
                </button>
              </li>
            }
          </ul>
        } @else if (!error()) {
          <p class="muted" role="status">Loading sessions…</p>
        }
      </mat-card-content>
    </mat-card>
  `,
  styleUrl: './section-list.css',
  styles: `
    .info {
      flex: 1 1 240px;
    }
    .ua {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .badge {
      font-size: 11px;
      font-weight: 400;
      padding: 1px 8px;
      margin-left: 6px;
      border-radius: 8px;
      background: var(--mat-sys-primary-container);
      color: var(--mat-sys-on-primary-container);
    }
  `,
})
export class SessionsSection implements OnInit {
  private readonly api = inject(SettingsApi);
  private readonly auth = inject(Auth);
  readonly sessions = signal<SessionItem[] | null>(null);
  readonly error = signal<string | null>(null);
  readonly busy = signal<number | null>(null);

  ngOnInit(): void {
    void this.load();
  }

  agent(ua: string): string {
    return describeUserAgent(ua);
  }

  when(iso: string | null): string {
    return formatWhen(iso);
  }

  async load(): Promise<void> {
    try {
      this.sessions.set(await this.api.sessions());
      this.error.set(null);
    } catch (err) {
      this.error.set(toApiError(err).message);
    }
  }

  async revoke(s: SessionItem): Promise<void> {
    this.busy.set(s.id);
    this.error.set(null);
    try {
      await this.api.revokeSession(s.id);
      if (s.current) {
        // The token is gone: the next authenticated call answers 401 and the interceptor signs out.
        await this.load().finally(() => this.auth.expired());
        return;
      }
      await this.load();
    } catch (err) {
      this.error.set(toApiError(err).message);
    } finally {
      this.busy.set(null);
    }
  }
}
