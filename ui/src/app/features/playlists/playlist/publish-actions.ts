import { signal, type Signal } from '@angular/core';
import type { LiveMessage } from '@vidkeep/contracts';
import { PendingAction } from '../../../shared/pending-action';
import { plural } from '../../../shared/channel-format';
import type { PlaylistDetail, PlaylistSyncState } from '../api-types';
import type { PlaylistsApi } from '../playlists-api';
import { syncOutcomes, type ServerOutcome } from './sync-outcome';

export interface PublishActionsOptions {
  api: PlaylistsApi;
  playlistId: Signal<string>;
  /** The detail as the page shows it now. */
  detail: () => PlaylistDetail | null;
  /** Reads the detail again (quietly) and answers it; null when it could not be read. */
  readDetail: () => Promise<PlaylistDetail | null>;
  /** A rebuild finished: the .m3u path changed. */
  published: () => void;
}

/**
 * "Sync now" and "Rebuild .m3u". A sync answers at once and runs in the background: its end
 * arrives as a `playlistUpdated` message (reason `synced`). The page then reads the detail again;
 * while `sync_running` still says yes (Sync now pressed during a sync makes the server run exactly
 * one more), it waits for the next one; then it reports each server's result, compared with the
 * state before the button was pressed. A rebuild answers when the file is written.
 */
export class PublishActions {
  readonly sync = new PendingAction('Not synced: ');
  readonly syncNotice = signal<string | null>(null);
  /** A sync was started here and its outcome has not arrived yet. */
  readonly syncWaiting = signal(false);
  /** Each connected server's result of the last sync started here. */
  readonly results = signal<ServerOutcome[] | null>(null);
  readonly rebuild = new PendingAction('Not rebuilt: ');
  readonly rebuildNotice = signal<string | null>(null);

  private before: readonly PlaylistSyncState[] = [];
  /** The request is on its way: a `synced` arriving now may already be its end. */
  private posting = false;
  private endedEarly = false;

  constructor(private readonly options: PublishActionsOptions) {}

  /** Another playlist: nothing of this one. */
  reset(): void {
    this.syncWaiting.set(false);
    this.syncNotice.set(null);
    this.results.set(null);
    this.sync.error.set(null);
    this.rebuildNotice.set(null);
    this.rebuild.error.set(null);
  }

  /** @param servers Whether a connected server syncs this playlist (else nothing will arrive). */
  async syncNow(servers: boolean): Promise<void> {
    const detail = this.options.detail();
    this.before = detail?.sync_state ?? [];
    this.syncNotice.set(null);
    this.syncWaiting.set(false);
    this.results.set(null);
    this.posting = true;
    this.endedEarly = false;
    const sent = await this.sync.run(async () => {
      const r = await this.options.api.sync(this.options.playlistId());
      const after = detail?.sync_running ? ' after the sync that runs now' : '';
      this.syncNotice.set(servers ? `${r.message}${after}…` : r.message);
      this.syncWaiting.set(servers);
    });
    this.posting = false;
    if (sent && this.endedEarly) await this.collect();
  }

  async rebuildM3u(): Promise<void> {
    this.rebuildNotice.set(null);
    await this.rebuild.run(async () => {
      const r = await this.options.api.regenerateM3u(this.options.playlistId());
      this.rebuildNotice.set(
        r.success && r.path
          ? `Rebuilt ${r.path} with ${plural(r.entries, 'entry', 'entries')}.`
          : 'No .m3u file was written: the playlist is no longer followed.',
      );
      this.options.published();
    });
  }

  /** A `playlistUpdated` of this playlist. */
  async onUpdated(m: LiveMessage<'playlistUpdated'>): Promise<void> {
    if (m.reason !== 'synced') return;
    if (this.posting) this.endedEarly = true;
    else if (this.syncWaiting()) await this.collect();
  }

  /** The live connection came back: a `synced` may have been missed while it was down. */
  async recheck(): Promise<void> {
    if (this.syncWaiting()) await this.collect();
  }

  /** Reads the detail; reports the results once no sync runs any more. */
  private async collect(): Promise<void> {
    const d = await this.options.readDetail();
    if (!d || !this.syncWaiting()) return;
    if (d.sync_running) {
      this.syncNotice.set('The sync that was running finished; the one you asked for runs now…');
      return;
    }
    this.syncWaiting.set(false);
    const results = syncOutcomes(this.before, d.sync_state);
    this.results.set(results);
    this.syncNotice.set(
      results.some((r) => r.tone === 'bad')
        ? 'Sync finished with a failure:'
        : results.length
          ? 'Sync finished:'
          : 'Sync finished: no connected server syncs this playlist any more.',
    );
  }
}
