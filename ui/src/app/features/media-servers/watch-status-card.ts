import { ChangeDetectionStrategy, Component, DestroyRef, computed, inject, input, output } from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { RouterLink } from '@angular/router';
import { BusyButton } from '../../shared/busy-button';
import { Outcome } from '../../shared/outcome';
import { ConfigFieldControl } from '../../shared/config-form/config-field';
import { configField, type ConfigView } from '../../shared/config-form/config-fields';
import { ConfigForm } from '../../shared/config-form/config-form';
import { ConfigFormActions } from '../../shared/config-form/config-form-actions';
import { cardOptions } from './server-settings';
import { runServers, runText, syncStateText } from './watch-status-format';
import { WatchStatusSync } from './watch-status-sync';

/** The watch-status plugin's keys, edited in this card. */
export const WATCH_STATUS_KEYS = ['watchStatusSyncEnabled', 'watchStatusSyncFrequency', 'watchStatusWatchedRule'];

/**
 * The Watch status card of the Media servers page: sync on or off, how often, which accounts
 * count (saved with `PATCH /api/config`); the last sync per server (how many states changed,
 * or why a server failed); a running indicator and Sync now. Test id `watch-status-card`.
 */
@Component({
  selector: 'app-watch-status-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    ReactiveFormsModule,
    RouterLink,
    MatButtonModule,
    MatCardModule,
    MatProgressBarModule,
    Outcome,
    BusyButton,
    ConfigFieldControl,
    ConfigFormActions,
  ],
  template: `
    @let o = sync.overview();
    <mat-card appearance="outlined" data-testid="watch-status-card">
      <div class="head">
        <h2 id="watch-status-title">Watch status</h2>
        @if (o) {
          <span
            class="badge"
            [class.busy]="o.running"
            [class.ok]="!o.running && o.enabled"
            data-testid="watch-status-state"
            >{{ stateText(o) }}</span
          >
        }
      </div>
      <p class="muted">
        vidkeep asks each connected media server which videos its accounts watched. The Library, channel and playlist
        pages show it, and <a routerLink="/settings/retention">automatic removal</a> can remove watched videos. Which
        accounts of a server count is set in its card above (“Watch status of every account”).
      </p>
      @if (sync.unavailable()) {
        <p class="muted" data-testid="watch-status-unavailable">
          Not available: the watch-status plugin is not loaded or is switched off (see
          <a routerLink="/settings/plugins">Plugins</a>). Until it runs, every video’s watch state is unknown.
        </p>
      } @else {
        @if (sync.loadError(); as e) {
          <div class="error" role="alert" data-testid="watch-status-load-error">
            <p>{{ e }}</p>
            <button mat-stroked-button type="button" (click)="sync.load()">Try again</button>
          </div>
        }
        @if (anyConnected() === false) {
          <p class="warn" data-testid="watch-status-no-server">
            No media server is connected yet: set one up above. Until then nothing is known to be watched.
          </p>
        }
        @if (o?.running) {
          <mat-progress-bar mode="indeterminate" aria-label="Syncing the watch status" />
        }
        @if (fields().length) {
          <form [formGroup]="cf.form()" (ngSubmit)="cf.save()" novalidate aria-labelledby="watch-status-title">
            <div class="fields">
              @for (f of fields(); track f.key) {
                <app-config-field [field]="f" [cf]="cf" />
              }
            </div>
            <p class="muted small">
              A schedule changed under Settings, Scheduled tasks wins over “Sync watch status” and “How often”.
            </p>

            <h3>Last sync</h3>
            @if (o?.lastRun; as run) {
              <p data-testid="watch-status-last-run">{{ runText(run) }}</p>
              @if (run.skipped) {
                <p class="warn" data-testid="watch-status-skipped">Nothing was synced: {{ run.skipped }}</p>
              }
              @if (run.error) {
                <p class="error" data-testid="watch-status-run-error">The sync failed: {{ run.error }}</p>
              }
              <ul class="servers">
                @for (s of servers(run); track s.kind) {
                  <li [attr.data-testid]="'watch-status-server-' + s.kind">
                    <strong>{{ s.label }}</strong>: <span [class.error]="s.failed">{{ s.text }}</span>
                  </li>
                }
              </ul>
            } @else if (o) {
              <p class="muted" data-testid="watch-status-never">No sync has run yet.</p>
            }
            <div class="checks">
              <app-busy-button
                [busy]="!!o?.running"
                text="Sync now"
                busyText="Syncing…"
                [disabled]="sync.busy()"
                testId="watch-status-sync-now"
                (pressed)="sync.syncNow()"
              />
            </div>
            <div class="outcomes">
              <app-outcome [error]="sync.error()" [notice]="sync.notice()" testId="watch-status-sync" />
            </div>
            <app-config-form-actions [cf]="cf" testId="watch-status" />
          </form>
        }
      }
    </mat-card>
  `,
  styleUrls: ['../../shared/badges.css', './server-card-frame.css', './server-card-body.css'],
  styles: `
    .servers {
      margin: 0 0 8px;
      padding-left: 20px;
      overflow-wrap: anywhere;
    }
  `,
})
export class WatchStatusCard {
  readonly view = input.required<ConfigView>();
  /** Whether any media server is connected; null while unknown. */
  readonly anyConnected = input<boolean | null>(null);
  /** The server's new view after a save. */
  readonly saved = output<ConfigView>();

  private readonly options = cardOptions(this.view, (v) => {
    this.saved.emit(v);
    void this.sync.load();
  });
  readonly sync = new WatchStatusSync(this.options.client);
  /** The keys this server has (none while the watch-status plugin is not loaded). */
  readonly fields = computed(() => {
    const view = this.view();
    return WATCH_STATUS_KEYS.flatMap((k) => {
      const meta = this.options.schema.meta(k);
      return meta && k in view ? [configField(meta, view)] : [];
    });
  });
  readonly cf = new ConfigForm({ ...this.options, api: this.options.config, fields: this.fields });
  readonly stateText = syncStateText;
  readonly runText = runText;
  readonly servers = runServers;

  constructor() {
    inject(DestroyRef).onDestroy(() => this.sync.stop());
    void this.sync.load();
  }
}
