import { signal, type Signal } from '@angular/core';
import type { LiveMessage } from '@vidkeep/contracts';
import type { Api } from '../../../core/api';
import { PendingAction } from '../../../shared/pending-action';
import { plural } from '../../channels/channel-format';
import type { PlaylistSyncAccepted, RegenerateM3uResponse } from '../api-types';
import { playlistApiPath } from '../playlist-format';

export interface PublishActionsOptions {
  api: Api;
  playlistId: Signal<string>;
  /** A sync or rebuild finished: the per-server state and the .m3u path changed. */
  published: () => void;
}

/**
 * "Sync now" and "Rebuild .m3u". A sync answers at once and runs in the background: its outcome
 * arrives as a `playlistUpdated` message (reason `synced`), after which the page reads the
 * per-server state again. A rebuild answers when the file is written.
 */
export class PublishActions {
  readonly sync = new PendingAction('Not synced: ');
  readonly syncNotice = signal<string | null>(null);
  /** A sync was started here and its outcome has not arrived yet. */
  readonly syncWaiting = signal(false);
  readonly rebuild = new PendingAction('Not rebuilt: ');
  readonly rebuildNotice = signal<string | null>(null);

  constructor(private readonly options: PublishActionsOptions) {}

  /** Another playlist: nothing of this one. */
  reset(): void {
    this.syncWaiting.set(false);
    this.syncNotice.set(null);
    this.sync.error.set(null);
    this.rebuildNotice.set(null);
    this.rebuild.error.set(null);
  }

  /** @param servers Whether a connected server syncs this playlist (else nothing will arrive). */
  async syncNow(servers: boolean): Promise<void> {
    this.syncNotice.set(null);
    this.syncWaiting.set(false);
    await this.sync.run(async () => {
      const r = await this.options.api.post<PlaylistSyncAccepted>(playlistApiPath(this.options.playlistId(), 'sync'));
      this.syncNotice.set(servers ? `${r.message}…` : r.message);
      this.syncWaiting.set(servers);
    });
  }

  async rebuildM3u(): Promise<void> {
    this.rebuildNotice.set(null);
    await this.rebuild.run(async () => {
      const r = await this.options.api.post<RegenerateM3uResponse>(
        playlistApiPath(this.options.playlistId(), 'regenerate-m3u'),
      );
      this.rebuildNotice.set(
        r.success && r.path
          ? `Rebuilt ${r.path} with ${plural(r.entries, 'entry', 'entries')}.`
          : 'No .m3u file was written: the playlist is no longer followed.',
      );
      this.options.published();
    });
  }

  /** A `playlistUpdated` of this playlist. */
  onUpdated(m: LiveMessage<'playlistUpdated'>): void {
    if (m.reason !== 'synced' || !this.syncWaiting()) return;
    this.syncWaiting.set(false);
    this.syncNotice.set('Sync finished: each server’s result is listed below.');
    this.options.published();
  }
}
