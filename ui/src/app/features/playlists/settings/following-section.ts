import {
  ChangeDetectionStrategy,
  Component,
  computed,
  inject,
  input,
  linkedSignal,
  output,
  signal,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { ConfirmInline } from '../../../shared/confirm-inline';
import { Outcome } from '../../../shared/outcome';
import { PendingAction } from '../../../shared/pending-action';
import { plural } from '../../../shared/channel-format';
import type { PatchPlaylistRequest, Playlist, PlaylistDetail } from '../api-types';
import { autoDownloadState, formatDateTime } from '../playlist-format';
import { PlaylistsApi } from '../playlists-api';

/** A slide toggle or checkbox whose state the template hands in with its change. */
interface Switch {
  checked: boolean;
}

/**
 * How a playlist is followed, applied at once (`PATCH /api/playlists/:id`): automatic downloads
 * with their starting point (and resetting it), the media servers it syncs to, and whether it
 * is public there. Every change emits the playlist as the server answered it.
 */
@Component({
  selector: 'app-following-section',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatButtonModule, MatCheckboxModule, MatSlideToggleModule, ConfirmInline, Outcome],
  templateUrl: './following-section.html',
  styleUrls: ['../../../shared/dialog-form.css', './following-section.css'],
})
export class FollowingSection {
  private readonly api = inject(PlaylistsApi);
  readonly detail = input.required<PlaylistDetail>();
  readonly changed = output<Playlist>();
  readonly playlist = linkedSignal(() => this.detail().playlist);
  readonly auto = computed(() => autoDownloadState(this.playlist()));
  readonly when = formatDateTime;
  readonly change = new PendingAction('Not changed: ');
  readonly resetting = new PendingAction('Not reset: ');
  readonly confirmingReset = signal(false);
  readonly notice = signal<string | null>(null);

  /** Whether the playlist syncs to a server kind (kinds not listed: yes). */
  syncsTo(server: string): boolean {
    return this.playlist().sync_targets[server] !== false;
  }

  setAutoDownload(on: boolean, control: Switch): Promise<void> {
    return this.patch({ auto_download: on }, control);
  }

  setPublic(on: boolean, control: Switch): Promise<void> {
    return this.patch({ public_on_servers: on }, control);
  }

  setTarget(server: string, on: boolean, control: Switch): Promise<void> {
    return this.patch({ sync_targets: { [server]: on } }, control);
  }

  /** Applies a switch; when the server refuses, the switch the user moved goes back. */
  private async patch(body: PatchPlaylistRequest, control: Switch): Promise<void> {
    this.notice.set(null);
    const ok = await this.change.run(async () => {
      const r = await this.api.update(this.playlist().playlist_id, body);
      this.accept(r.playlist);
    });
    if (!ok) control.checked = !control.checked;
  }

  /** "Reset starting point": pending selections are cleared, the current listing is the new start. */
  async reset(): Promise<void> {
    this.notice.set(null);
    const ok = await this.resetting.run(async () => {
      const r = await this.api.resetAutoDownload(this.playlist().playlist_id);
      this.accept(r.playlist);
      const cleared = r.cleared ? ` ${plural(r.cleared, 'waiting selection')} cleared.` : '';
      this.notice.set(
        (r.playlist.auto_download_baseline_at
          ? `New starting point: ${formatDateTime(r.playlist.auto_download_baseline_at)}.`
          : 'Starting point cleared: a new one is saved after the next complete listing.') + cleared,
      );
    });
    if (ok) this.confirmingReset.set(false);
  }

  private accept(playlist: Playlist): void {
    this.playlist.set(playlist);
    this.changed.emit(playlist);
  }
}
