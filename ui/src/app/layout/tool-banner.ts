import { Component, OnInit, computed, inject, signal } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { ToolsResponse } from '@vidkeep/contracts';
import { Api } from '../core/api';

const DISMISSED_KEY = 'vidkeep.toolBannerDismissed';

/**
 * A banner on every page while yt-dlp is too old for the platform (released more than 60 days
 * ago), its last update failed, or it is missing: downloads fail then, and the fix is one click
 * in Settings. Not shown on a managed platform (the platform updates it). Dismissed for the
 * browser session; it comes back after a reload in a new session if nothing changed.
 */
@Component({
  selector: 'app-tool-banner',
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
  private readonly api = inject(Api);
  private readonly tools = signal<ToolsResponse | null>(null);
  private readonly dismissed = signal(sessionStorage.getItem(DISMISSED_KEY) === '1');
  readonly problem = computed(() => (this.dismissed() ? null : toolProblem(this.tools())));

  ngOnInit(): void {
    // The server reports its last check (no tool is run for this); a failure shows nothing.
    this.api.get<ToolsResponse>('/api/ytdlp/version').then(
      (t) => this.tools.set(t),
      () => undefined,
    );
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
  if (y.stale) {
    return `yt-dlp ${y.version ?? ''} is ${y.ageDays} days old: the platform has probably changed since, and downloads may fail.`.replace(
      /\s+/g,
      ' ',
    );
  }
  return null;
}
