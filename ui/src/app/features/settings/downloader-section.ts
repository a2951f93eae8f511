import { ChangeDetectionStrategy, Component, OnInit, computed, inject, input, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCardModule } from '@angular/material/card';
import type { ToolsResponse } from './contracts';
import { toApiError } from '../../core/api';
import { SettingsApi } from './settings-api';
import { ToolStatus } from '../../core/tool-status';
import { canaryLines, lastUpdateLine, rollbackSummary, updateSummary, ytdlpSummary } from './settings-format';

type ToolState = ToolsResponse['ffmpeg'];

/**
 * Section 5: yt-dlp, ffmpeg and ffprobe (`GET /api/ytdlp/version`), the JavaScript runtime yt-dlp
 * uses, the yt-dlp update with the checks a new release passes before use, and the rollback.
 */
@Component({
  selector: 'app-downloader-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule, MatButtonModule],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-tools-title">Downloader tools</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        @if (error()) {
          <p class="error" role="alert" data-testid="tools-error">{{ error() }}</p>
        }
        @if (tools(); as t) {
          <ul class="list" aria-label="Tools">
            @for (tool of list(); track tool.name) {
              <li [attr.data-testid]="'tool-' + tool.name">
                <span class="name">{{ tool.name }}</span>
                @if (tool.found) {
                  <span class="badge ok">{{ tool.version ?? 'version unknown' }}</span>
                } @else {
                  <span class="badge missing">not found</span>
                }
                <code class="muted path">{{ tool.path }}</code>
              </li>
            }
          </ul>
          <p class="ytdlp-state" [class.warn]="t.ytdlp.stale" data-testid="ytdlp-state">{{ ytdlpState() }}</p>
          @if (t.ytdlp.javascript; as js) {
            <p class="ytdlp-js" [class.warn]="!js.ready" data-testid="ytdlp-javascript">
              JavaScript runtime:
              <span class="badge" [class.ok]="js.ready" [class.missing]="!js.ready">{{
                js.runtime ? js.runtime.name + (js.runtime.version ? ' ' + js.runtime.version : '') : 'none'
              }}</span>
              {{ js.message }}
            </p>
          }
          @if (lastUpdate(); as last) {
            <p class="muted" [class.error]="!last.success" data-testid="ytdlp-last-update">{{ last.text }}</p>
          }
        } @else if (!error()) {
          <p class="muted" role="status">Checking the tools…</p>
        }
        <div class="update">
          <button
            mat-flat-button
            type="button"
            (click)="update()"
            [disabled]="managed() || updating()"
            data-testid="ytdlp-update"
            [attr.aria-describedby]="managed() ? 'ytdlp-managed-note' : null"
          >
            {{ updating() ? 'Updating yt-dlp…' : updateLabel() }}
          </button>
          @if (rollbackVersion(); as previous) {
            <button
              mat-stroked-button
              type="button"
              (click)="rollBack()"
              [disabled]="updating()"
              data-testid="ytdlp-rollback"
            >
              Go back to yt-dlp {{ previous }}
            </button>
          }
          @if (managed()) {
            <span id="ytdlp-managed-note" class="muted" data-testid="ytdlp-update-managed"
              >Updates are managed by the hosting platform{{ platform() ? ' (' + platform() + ')' : '' }}; they cannot
              be started here.</span
            >
          }
        </div>
        @if (outcome(); as o) {
          <p [class.error]="!o.success" [attr.role]="o.success ? 'status' : 'alert'" data-testid="ytdlp-update-result">
            {{ o.text }}
          </p>
          @if (o.checks.length > 0) {
            <ul class="checks" aria-label="Checks of the new yt-dlp" data-testid="ytdlp-canary">
              @for (line of o.checks; track $index) {
                <li>{{ line }}</li>
              }
            </ul>
          }
        }
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    .list {
      list-style: none;
      padding: 0;
      margin: 0 0 12px;
    }
    .list li {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 12px;
      align-items: baseline;
      padding: 8px 0;
      border-top: 1px solid var(--mat-sys-outline-variant);
    }
    .name {
      font-weight: 500;
      min-width: 64px;
    }
    .path {
      overflow-wrap: anywhere;
      font-size: 12px;
    }
    .badge {
      font-size: 12px;
      padding: 1px 8px;
      border-radius: 8px;
    }
    .ok {
      background: var(--mat-sys-primary-container);
      color: var(--mat-sys-on-primary-container);
    }
    .ytdlp-state {
      margin: 0 0 8px;
    }
    .warn {
      color: var(--mat-sys-error);
      font-weight: 500;
    }
    .missing {
      background: var(--mat-sys-error-container);
      color: var(--mat-sys-on-error-container);
    }
    .ytdlp-js {
      margin: 0 0 8px;
    }
    .checks {
      margin: 4px 0 0;
      padding-left: 20px;
      font-size: 13px;
    }
    .update {
      display: flex;
      flex-wrap: wrap;
      gap: 8px 12px;
      align-items: center;
    }
  `,
})
export class DownloaderSection implements OnInit {
  private readonly api = inject(SettingsApi);
  private readonly status = inject(ToolStatus);
  /** `isPlatformManaged.ytdlpUpdates` of `GET /getconfig`. */
  readonly updatesManaged = input(false);
  readonly platform = input<string | null>(null);
  readonly tools = this.status.tools;
  readonly list = computed<ToolState[]>(() => {
    const t = this.tools();
    return t ? [t.ytdlp, t.ffmpeg, t.ffprobe] : [];
  });
  readonly managed = computed(() => this.updatesManaged() || (this.tools()?.updatesManaged ?? false));
  readonly ytdlpState = computed(() => {
    const t = this.tools();
    return t ? ytdlpSummary(t.ytdlp) : '';
  });
  readonly lastUpdate = computed(() => {
    const last = this.tools()?.ytdlp.lastUpdate;
    return last ? { success: last.success, text: lastUpdateLine(last) } : null;
  });
  /** The private yt-dlp kept from before the last update, which one click returns to. */
  readonly rollbackVersion = computed(() => (this.managed() ? null : (this.tools()?.ytdlp.rollbackVersion ?? null)));
  /** Before the first install, the button says what it does: install vidkeep's own copy. */
  readonly updateLabel = computed(() => {
    const y = this.tools()?.ytdlp;
    return y?.updateMethod === 'private' && y.source === 'path' ? 'Install current yt-dlp' : 'Update yt-dlp';
  });
  readonly error = signal<string | null>(null);
  readonly updating = signal(false);
  readonly outcome = signal<{ success: boolean; text: string; checks: string[] } | null>(null);

  ngOnInit(): void {
    void this.load();
  }

  async load(): Promise<void> {
    try {
      await this.status.load(true);
      this.error.set(null);
    } catch (err) {
      this.error.set(toApiError(err).message);
    }
  }

  async update(): Promise<void> {
    await this.run(async () => {
      const r = await this.api.updateYtdlp();
      // The checks are listed when they decided something: a release refused, or one taken.
      const checks = r.canary && (!r.success || r.reason === 'updated') ? canaryLines(r.canary) : [];
      return { success: r.success, text: updateSummary(r), checks };
    });
  }

  async rollBack(): Promise<void> {
    await this.run(async () => {
      const r = await this.api.rollBackYtdlp();
      return { success: true, text: rollbackSummary(r), checks: [] };
    });
  }

  private async run(action: () => Promise<{ success: boolean; text: string; checks: string[] }>): Promise<void> {
    this.updating.set(true);
    this.outcome.set(null);
    try {
      this.outcome.set(await action());
      await this.load();
    } catch (err) {
      this.outcome.set({ success: false, text: toApiError(err).message, checks: [] });
    } finally {
      this.updating.set(false);
    }
  }
}
