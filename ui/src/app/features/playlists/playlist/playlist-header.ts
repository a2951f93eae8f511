import { ChangeDetectionStrategy, Component, computed, inject, input, output, signal } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatDialog } from '@angular/material/dialog';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { BusyButton } from '../../../shared/busy-button';
import { ConfirmInline } from '../../../shared/confirm-inline';
import { Outcome } from '../../../shared/outcome';
import { formatNumber } from '../../../shared/channel-format';
import { autoDownloadState, listingText } from '../playlist-format';
import { PlaylistSettingsDialog, type PlaylistSettingsDialogData } from '../settings/playlist-settings-dialog';
import type { ListingTracker } from './listing-tracker';
import type { PlaylistOverview } from './playlist-overview';

/** The playlist's picture, name, figures and state, with Refresh, Settings and Remove. */
@Component({
  selector: 'app-playlist-header',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatProgressBarModule, BusyButton, ConfirmInline, Outcome],
  templateUrl: './playlist-header.html',
  styleUrl: './playlist-header.css',
})
export class PlaylistHeader {
  private readonly dialog = inject(MatDialog);
  readonly overview = input.required<PlaylistOverview>();
  readonly listing = input.required<ListingTracker>();
  /** The settings dialog changed something: what the page shows may differ. */
  readonly changed = output();
  readonly count = formatNumber;
  readonly listed = listingText;
  readonly auto = computed(() => {
    const p = this.overview().playlist();
    return p ? autoDownloadState(p) : null;
  });
  readonly confirmingRemove = signal(false);
  readonly notice = signal<string | null>(null);

  openSettings(): void {
    const detail = this.overview().detail();
    if (!detail) return;
    this.notice.set(null);
    let following = false;
    const data: PlaylistSettingsDialogData = {
      detail,
      followingChanged: (playlist) => {
        following = true;
        this.overview().setPlaylist(playlist);
      },
    };
    const ref = this.dialog.open<PlaylistSettingsDialog, PlaylistSettingsDialogData, boolean>(PlaylistSettingsDialog, {
      data,
      width: '720px',
      maxWidth: '96vw',
      autoFocus: 'first-tabbable',
      restoreFocus: true,
    });
    ref.afterClosed().subscribe((saved) => {
      if (saved) this.notice.set('Settings saved.');
      if (saved || following) this.changed.emit();
    });
  }

  async remove(): Promise<void> {
    if (await this.overview().remove()) this.confirmingRemove.set(false);
  }
}
