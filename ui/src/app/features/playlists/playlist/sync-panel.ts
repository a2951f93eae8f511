import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';
import { RouterLink } from '@angular/router';
import { BusyButton } from '../../../shared/busy-button';
import { Outcome } from '../../../shared/outcome';
import { formatNumber } from '../../../shared/channel-format';
import { formatDateTime } from '../playlist-format';
import type { PlaylistOverview } from './playlist-overview';
import type { PublishActions } from './publish-actions';
import { serverLabel } from './sync-outcome';

/** Where the playlist is published: each media server's sync state, Sync now and Rebuild .m3u. */
@Component({
  selector: 'app-sync-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, BusyButton, Outcome],
  template: `
    @let d = overview().detail();
    @let pub = publish();
    @if (d) {
      <section class="panel" aria-labelledby="sync-heading" data-testid="sync-panel">
        <h2 id="sync-heading">Media servers and the .m3u file</h2>
        <div class="line">
          <app-busy-button
            text="Sync now"
            busyText="Syncing…"
            [busy]="pub.syncWaiting()"
            [disabled]="pub.sync.busy()"
            testId="playlist-sync"
            (pressed)="pub.syncNow(syncing())"
          />
          <app-busy-button
            text="Rebuild .m3u"
            busyText="Rebuilding…"
            [busy]="pub.rebuild.busy()"
            testId="playlist-rebuild-m3u"
            (pressed)="pub.rebuildM3u()"
          />
          @if (d.sync_running && !pub.syncWaiting()) {
            <span class="small muted" role="status">A sync runs now.</span>
          }
        </div>
        <div class="outcomes">
          <app-outcome [error]="pub.sync.error()" [notice]="pub.syncNotice()" testId="sync" />
          @if (pub.results(); as results) {
            <ul class="results" aria-label="Result of the sync per server" data-testid="sync-results">
              @for (r of results; track r.server) {
                <li [attr.data-server]="r.server" [attr.data-tone]="r.tone" [class.error]="r.tone === 'bad'">
                  <strong>{{ r.label }}</strong>: {{ r.text }}
                </li>
              }
            </ul>
          }
          <app-outcome [error]="pub.rebuild.error()" [notice]="pub.rebuildNotice()" testId="rebuild" />
        </div>
        @if (!connected()) {
          <p class="muted" data-testid="sync-empty">
            No media server is connected yet. Connect Plex, Jellyfin or Emby under
            <a routerLink="/settings/media-servers">Settings, Media servers</a> to sync this playlist; the .m3u file is
            written either way.
          </p>
        }
        <ul class="servers" aria-label="Sync state per media server">
          @for (s of d.sync_state; track s.server) {
            <li class="server" data-testid="sync-server" [attr.data-server]="s.server">
              <div class="line">
                <strong>{{ label(s) }}</strong>
                <span class="badge" [class.ok]="s.connected">{{ s.connected ? 'Connected' : 'Not connected' }}</span>
                @if (!s.sync_enabled) {
                  <span class="badge">Not synced: switched off in the settings</span>
                }
              </div>
              <div class="small">
                {{ s.last_synced_at ? 'Last synced ' + when(s.last_synced_at) : 'Never synced' }}
                @if (s.last_attempt_at && s.last_attempt_at !== s.last_synced_at) {
                  · last attempt {{ when(s.last_attempt_at) }}
                }
                @if (s.server_playlist_id) {
                  · playlist id on the server: <code>{{ s.server_playlist_id }}</code>
                }
                @if (s.items_synced !== null) {
                  · {{ count(s.items_synced) }} items synced
                }
                @if (s.items_skipped) {
                  · {{ count(s.items_skipped) }} not known to the server yet (not indexed)
                }
              </div>
              @if (s.last_error) {
                <p class="error small" data-testid="sync-server-error">Last sync failed: {{ s.last_error }}</p>
              }
            </li>
          }
        </ul>
      </section>
    }
  `,
  styleUrls: ['../../../shared/badges.css', './sync-panel.css'],
})
export class SyncPanel {
  readonly overview = input.required<PlaylistOverview>();
  readonly publish = input.required<PublishActions>();
  readonly when = formatDateTime;
  readonly count = formatNumber;
  readonly label = serverLabel;
  readonly connected = computed(
    () =>
      this.overview()
        .detail()
        ?.sync_state.some((s) => s.connected) ?? false,
  );
  /** Whether Sync now reaches a server (then its outcome arrives later). */
  readonly syncing = computed(
    () =>
      this.overview()
        .detail()
        ?.sync_state.some((s) => s.connected && s.sync_enabled) ?? false,
  );
}
