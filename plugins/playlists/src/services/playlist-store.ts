import type { Orm } from '@vidkeep/plugin-kit';
import { PlaylistEntity, PlaylistSyncStateEntity, type PlaylistRow, type PlaylistSyncStateRow } from '../entities.js';

export type NewPlaylist = Omit<PlaylistRow, 'id' | 'createdAt' | 'updatedAt'>;
export type PlaylistChange = Partial<Omit<PlaylistRow, 'id' | 'playlistId' | 'createdAt' | 'updatedAt'>>;

/**
 * Followed playlists and their per-server sync state: small tables, written through the ORM with
 * a fresh entity manager per unit of work. Only this plugin writes them.
 */
export class PlaylistStore {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private em() {
    return this.orm.em.fork();
  }

  /** A playlist by its platform id, removed ones included. */
  async byPlaylistId(playlistId: string): Promise<PlaylistRow | null> {
    return this.em().findOne(PlaylistEntity, { playlistId });
  }

  async byRowId(id: number): Promise<PlaylistRow | null> {
    return this.em().findOne(PlaylistEntity, { id });
  }

  /** Followed (enabled) playlists, most recently updated first. */
  async page(page: number, pageSize: number): Promise<{ rows: PlaylistRow[]; total: number }> {
    const [rows, total] = await this.em().findAndCount(
      PlaylistEntity,
      { enabled: true },
      { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { rows, total };
  }

  /** The playlist whose `.m3u` is at this path, if any. */
  async byM3uPath(m3uPath: string): Promise<PlaylistRow | null> {
    return this.em().findOne(PlaylistEntity, { m3uPath });
  }

  async enabled(): Promise<PlaylistRow[]> {
    return this.em().find(PlaylistEntity, { enabled: true }, { orderBy: { id: 'asc' } });
  }

  async create(input: NewPlaylist): Promise<PlaylistRow> {
    const em = this.em();
    const now = this.now();
    const row = em.create(PlaylistEntity, { ...input, createdAt: now, updatedAt: now });
    await em.flush();
    return { ...row };
  }

  /** Applies a change and returns the row as saved. */
  async update(id: number, change: PlaylistChange): Promise<PlaylistRow> {
    const em = this.em();
    const row = await em.findOneOrFail(PlaylistEntity, { id });
    em.assign(row, { ...change, updatedAt: this.now() });
    await em.flush();
    return { ...row };
  }

  async syncStates(playlistRowId: number): Promise<PlaylistSyncStateRow[]> {
    return this.em().find(PlaylistSyncStateEntity, { playlistRowId }, { orderBy: { server: 'asc' } });
  }

  async syncState(playlistRowId: number, server: string): Promise<PlaylistSyncStateRow | null> {
    return this.em().findOne(PlaylistSyncStateEntity, { playlistRowId, server });
  }

  /** Records the outcome of one sync attempt to one server. */
  async saveSyncState(
    playlistRowId: number,
    server: string,
    change: Partial<Omit<PlaylistSyncStateRow, 'id' | 'playlistRowId' | 'server'>>,
  ): Promise<void> {
    const em = this.em();
    const row = await em.findOne(PlaylistSyncStateEntity, { playlistRowId, server });
    if (row) em.assign(row, change);
    else
      em.create(PlaylistSyncStateEntity, {
        playlistRowId,
        server,
        serverPlaylistId: null,
        mediaType: null,
        lastSyncedAt: null,
        lastAttemptAt: null,
        lastError: null,
        itemsSynced: null,
        itemsSkipped: null,
        ...change,
      });
    await em.flush();
  }
}
