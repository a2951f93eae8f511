import { computed, signal, type Signal } from '@angular/core';
import type { Title } from '@angular/platform-browser';
import { toApiError } from '../../../core/api';
import { PendingAction } from '../../../shared/pending-action';
import type { Playlist, PlaylistDetail } from '../api-types';
import type { PlaylistsApi } from '../playlists-api';

export interface PlaylistOverviewOptions {
  api: PlaylistsApi;
  title: Title;
  /** The playlist of the route; answers for another one (the user moved on) are dropped. */
  playlistId: Signal<string>;
}

/**
 * What the playlist page knows about the playlist itself (`GET /api/playlists/:id`): its fields,
 * counts and per-server sync state, and removing it.
 */
export class PlaylistOverview {
  readonly detail = signal<PlaylistDetail | null>(null);
  readonly playlist = computed(() => this.detail()?.playlist ?? null);
  readonly loading = signal(false);
  readonly error = signal<string | null>(null);
  readonly notFound = signal(false);
  /** The server's answer once the playlist was removed (the page then shows only that). */
  readonly removed = signal<string | null>(null);
  readonly removing = new PendingAction('Not removed: ');
  readonly brokenThumb = signal(false);

  private generation = 0;

  constructor(private readonly options: PlaylistOverviewOptions) {}

  /** Another playlist: nothing of the last one stays. */
  reset(): void {
    this.generation++;
    this.detail.set(null);
    this.error.set(null);
    this.notFound.set(false);
    this.removed.set(null);
    this.removing.error.set(null);
    this.brokenThumb.set(false);
  }

  /** Loads the detail; `quiet` keeps the loading bar hidden (a refresh after a live message). */
  async load(quiet = false): Promise<void> {
    const id = this.options.playlistId();
    const generation = ++this.generation;
    if (!quiet) this.loading.set(true);
    try {
      const d = await this.options.api.detail(id);
      if (generation !== this.generation) return;
      this.detail.set(d);
      this.error.set(null);
      this.options.title.setTitle(`${d.playlist.title} · vidkeep`);
    } catch (err) {
      if (generation !== this.generation) return;
      const e = toApiError(err);
      this.notFound.set(e.status === 404);
      this.error.set(
        e.status === 404
          ? `This playlist is not followed here: ${e.message}`
          : `The playlist could not be loaded: ${e.message}`,
      );
    } finally {
      if (generation === this.generation) this.loading.set(false);
    }
  }

  /**
   * Reads the detail once more for someone who needs the answer itself (the outcome of a sync),
   * and shows it; loads still on their way are dropped. Null when it could not be read (the
   * page keeps what it shows; the next message or reload tries again).
   */
  async refresh(): Promise<PlaylistDetail | null> {
    const id = this.options.playlistId();
    const generation = ++this.generation;
    try {
      const d = await this.options.api.detail(id);
      if (generation !== this.generation) return id === this.options.playlistId() ? d : null;
      this.detail.set(d);
      return d;
    } catch {
      return null;
    }
  }

  /** A playlist as a change answered it (PATCH, reset), shown without another request. */
  setPlaylist(playlist: Playlist): void {
    const d = this.detail();
    if (d && d.playlist.playlist_id === playlist.playlist_id) this.detail.set({ ...d, playlist });
  }

  /** Stops following (a soft delete: videos, the .m3u file and server playlists stay). */
  async remove(): Promise<boolean> {
    return this.removing.run(async () => {
      const r = await this.options.api.remove(this.options.playlistId());
      this.removed.set(r.message);
    });
  }
}
