import { ChangeDetectionStrategy, Component, OnInit, inject } from '@angular/core';
import { MatCardModule } from '@angular/material/card';
import { BusyButton } from '../../shared/busy-button';
import { ConfirmButton } from '../../shared/confirm-button';
import { FeedItem } from '../../shared/feeds/feed-item';
import { FeedList } from '../../shared/feeds/feed-list';
import { FeedsApi } from '../../shared/feeds/feeds-api';
import { Outcome } from '../../shared/outcome';

/**
 * Every podcast feed (`GET /api/feeds`): its channel or playlist, format, episodes and last
 * fetch, each revocable; Revoke all behind a confirmation; the OPML file of all of them. Feeds
 * are made on the channel and playlist pages.
 */
@Component({
  selector: 'app-feeds-settings-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule, BusyButton, ConfirmButton, FeedItem, Outcome],
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-feeds-title">Podcast feeds</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        <p class="muted">
          Private feeds of channels and playlists for podcast apps, made on their pages. Anyone with a feed's address
          can listen; revoking the feed ends it.
        </p>
        <app-outcome [error]="list.load.error()" testId="feeds-settings-load" />
        @if (list.unavailable()) {
          <p class="muted" data-testid="feeds-settings-unavailable">
            Not available: the feeds plugin is not loaded or is switched off (see Plugins).
          </p>
        } @else if (list.feeds(); as feeds) {
          @for (f of feeds; track f.id) {
            <app-feed-item [feed]="f" [list]="list" [showTitle]="true" />
          } @empty {
            <p class="muted" data-testid="feeds-settings-empty">No feeds yet.</p>
          }
          <div class="actions">
            <app-busy-button
              text="Download OPML"
              busyText="Preparing…"
              [busy]="list.opml.busy()"
              [disabled]="feeds.length === 0"
              testId="feeds-opml"
              (pressed)="list.downloadOpml()"
            />
            <app-confirm-button
              text="Revoke all"
              [disabled]="feeds.length === 0"
              label="Confirm revoking every feed"
              [question]="'Revoke all ' + feeds.length + ' feeds? Their addresses stop working.'"
              confirmText="Revoke all"
              busyText="Revoking…"
              [busy]="list.revokeAll.busy()"
              testId="feeds-revoke-all"
              (confirmed)="revokeAll()"
            />
          </div>
          <app-outcome
            [error]="list.opml.error() ?? list.revokeAll.error()"
            [notice]="list.notice()"
            testId="feeds-settings"
          />
        } @else if (!list.load.error()) {
          <p class="muted" role="status">Loading the feeds…</p>
        }
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
      padding-top: 12px;
    }
  `,
})
export class FeedsSettingsSection implements OnInit {
  readonly list = new FeedList(inject(FeedsApi));

  ngOnInit(): void {
    void this.list.refresh();
  }

  async revokeAll(): Promise<void> {
    await this.list.revokeEvery();
  }
}
