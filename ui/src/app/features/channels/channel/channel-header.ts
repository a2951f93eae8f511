import { ChangeDetectionStrategy, Component, inject, input, output, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { BusyButton } from '../../../shared/busy-button';
import { MatDialog } from '@angular/material/dialog';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { PendingAction } from '../../../shared/pending-action';
import type { ChannelSettingsUpdateResponse } from '../api-types';
import { ChannelsApi } from '../channels-api';
import { savedSettingsNotice, subfolderLabel } from '../../../shared/channel-format';
import { ChannelSettingsDialog, type ChannelSettingsDialogData } from '../channel-settings-dialog';
import type { ChannelOverview } from './channel-overview';

/** The channel's avatar, name, links and state, with subscribing again and its settings. */
@Component({
  selector: 'app-channel-header',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, MatButtonModule, MatProgressBarModule],
  template: `
    @let o = overview();
    @if (o.loading() && !o.channel()) {
      <mat-progress-bar mode="indeterminate" aria-label="Loading the channel" />
    }
    @if (o.error()) {
      <p class="error" role="alert" data-testid="channel-error">{{ o.error() }}</p>
    }

    @if (o.channel(); as c) {
      <header class="head" data-testid="channel-header">
        <div class="avatar">
          @if (c.thumbnailUrl && !o.brokenAvatar()) {
            <img
              [src]="c.thumbnailUrl"
              alt=""
              referrerpolicy="no-referrer"
              (error)="o.brokenAvatar.set(true)"
              data-testid="channel-avatar"
            />
          } @else {
            <span aria-hidden="true">{{ c.title.charAt(0) }}</span>
          }
        </div>
        <div class="who">
          <h1 data-testid="channel-title">{{ c.title }}</h1>
          <div class="muted small">
            @if (c.handle) {
              <span>{{ c.handle }}</span> ·
            }
            <a [href]="c.url" target="_blank" rel="noopener noreferrer" data-testid="channel-platform-link"
              >Open on the platform<span aria-hidden="true"> ↗</span></a
            >
            · <span>{{ folderLabel(c.sub_folder) }}</span>
          </div>
          <div class="badges">
            @if (c.enabled) {
              <span class="badge ok" data-testid="channel-enabled">Subscribed</span>
            } @else {
              <span class="badge" data-testid="channel-enabled">Not subscribed</span>
            }
            @if (c.terminated_at) {
              <span class="badge bad">Terminated on the platform</span>
            }
          </div>
        </div>
        <div class="head-actions">
          @if (!c.enabled) {
            <app-busy-button
              [busy]="subscribing.busy()"
              busyText="Subscribing…"
              testId="channel-subscribe"
              (pressed)="resubscribe()"
              text="Subscribe"
            />
          }
          <button mat-flat-button type="button" (click)="openSettings()" data-testid="channel-settings-open">
            Settings
          </button>
        </div>
      </header>
      @if (subscribing.error()) {
        <p class="error" role="alert" data-testid="channel-header-error">{{ subscribing.error() }}</p>
      }
      @if (notice()) {
        <p role="status" data-testid="channel-header-notice">{{ notice() }}</p>
      }
    }
  `,
  styleUrls: ['../../../shared/avatar.css', '../../../shared/badges.css', './channel-header.css'],
})
export class ChannelHeader {
  private readonly api = inject(ChannelsApi);
  private readonly dialog = inject(MatDialog);
  readonly overview = input.required<ChannelOverview>();
  readonly channelId = input.required<string>();
  /** The settings dialog saved: what the page shows may have changed. */
  readonly saved = output();
  readonly folderLabel = subfolderLabel;
  readonly subscribing = new PendingAction('Not subscribed: ');
  readonly notice = signal<string | null>(null);

  openSettings(): void {
    const id = this.channelId();
    const data: ChannelSettingsDialogData = { channelId: id, title: this.overview().channel()?.title ?? id };
    const ref = this.dialog.open<ChannelSettingsDialog, ChannelSettingsDialogData, ChannelSettingsUpdateResponse>(
      ChannelSettingsDialog,
      { data, width: '720px', maxWidth: '96vw', autoFocus: 'first-tabbable', restoreFocus: true },
    );
    ref.afterClosed().subscribe((answer) => {
      if (!answer) return;
      this.notice.set(savedSettingsNotice(answer));
      this.saved.emit();
    });
  }

  async resubscribe(): Promise<void> {
    const c = this.overview().channel();
    if (!c) return;
    await this.subscribing.run(async () => {
      await this.api.update({
        add: [{ url: c.url, channel_id: c.channel_id }],
      });
      this.notice.set(`Subscribed to ${c.title}.`);
      await this.overview().loadChannel();
    });
  }
}
