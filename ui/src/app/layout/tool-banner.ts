import { Component, OnInit, computed, inject, signal, ChangeDetectionStrategy } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { ToolsResponse } from '@vidkeep/contracts';
import { ToolStatus } from '../core/tool-status';

const DISMISSED_KEY = 'vidkeep.toolBannerDismissed';

/**
 * A banner on every page while yt-dlp is stale (older than the newest release pip can install,
 * or, when that cannot be asked, released more than 60 days ago), its last update failed, or it
 * is missing: downloads fail then, and the fix is one click in Settings. Never for the newest
 * release; gone as soon as an update in Settings succeeds (the two share the tool status). Not
 * shown on a managed platform (the platform updates it). Dismissed for the browser session; it
 * comes back after a reload in a new session if nothing changed.
 */
@Component({
  selector: 'app-tool-banner',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink],
  template: `
    @if (problem(); as p) {
      <div class="banner" role="alert" data-testid="tool-banner">
        <span>{{ p }}</span>
        <a routerLink="/settings" data-testid="tool-banner-fix">Open the downloader tools</a>
        <button type="button" class="close" (click)="dismiss()" aria-label="Hide this warning until the next visit">
          ✕
        </button>
      </div>
    }
  `,
  styles: `
    .banner {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 12px;
      align-items: center;
      padding: 8px 16px;
      background: var(--mat-sys-error-container);
      color: var(--mat-sys-on-error-container);
    }
    .banner a {
      color: inherit;
      font-weight: 500;
    }
    .close {
      margin-left: auto;
      border: 0;
      background: none;
      color: inherit;
      cursor: pointer;
      font-size: 16px;
    }
  `,
})
export class ToolBanner implements OnInit {
  private readonly status = inject(ToolStatus);
  private readonly dismissed = signal(sessionStorage.getItem(DISMISSED_KEY) === '1');
  readonly problem = computed(() => (this.dismissed() ? null : toolProblem(this.status.tools())));

  ngOnInit(): void {
    // The server reports its last check (no tool is run for this); a failure shows nothing.
    if (!this.status.tools()) this.status.load().catch(() => undefined);
  }

  dismiss(): void {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    this.dismissed.set(true);
  }
}

/** The sentence the banner shows, or null when yt-dlp is fine (or managed by the platform). */
export function toolProblem(t: ToolsResponse | null): string | null {
  if (!t || t.updatesManaged) return null;
  const y = t.ytdlp;
  if (!y.found) return `yt-dlp was not found (${y.path}): downloads cannot run.`;
  if (y.lastUpdate && !y.lastUpdate.success) return `The last yt-dlp update failed: ${y.lastUpdate.message}`;
  if (y.stale)
    return `${y.staleReason ?? `yt-dlp ${y.version ?? ''} is out of date.`} Downloads may fail until it is updated.`;
  return null;
}
