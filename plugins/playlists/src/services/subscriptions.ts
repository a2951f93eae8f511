import {
  InvalidInputError,
  isDomainError,
  NotFoundError,
  PLAYLIST_AUTO_FOLLOW_MAX,
  PlaylistErrorCodes as E,
  type DownloadQueueService,
  type LibraryService,
  type LiveHub,
  type MediaServerProvider,
  type PatchPlaylistRequest,
  type Playlist,
  type PlaylistDetail,
  type PlaylistPreview,
  type PlaylistSettingsUpdate,
  type PlaylistSyncState,
  type ProviderSet,
  type SubscribePlaylistRequest,
} from '@vidkeep/contracts';
import type { PlaylistRow } from '../entities.js';
import { playlistUrl } from '@vidkeep/platform';
import { SETUP_WARNINGS, type PlaylistFollowing } from './following.js';
import type { ListingOutcome, PlaylistLister } from './lister.js';
import { requirePlaylistId, type PlaylistPlatform } from './platform.js';
import type { PlaylistStore } from './playlist-store.js';
import type { PlaylistPublisher } from './publisher.js';
import { checkSettings, NAMED_SYNC_KINDS, syncsTo, toPlaylist, type PlaylistPatch } from './settings.js';
import type { PlaylistVideoStore } from './video-store.js';

type SyncFlags = Pick<PatchPlaylistRequest, 'sync_to_plex' | 'sync_to_jellyfin' | 'sync_to_emby' | 'sync_targets'>;

/** `sync_to_<kind>` fields and a `sync_targets` map merged into the stored targets. */
function mergeTargets(current: Record<string, boolean>, flags: SyncFlags): Record<string, boolean> {
  const next = { ...current, ...(flags.sync_targets ?? {}) };
  for (const kind of NAMED_SYNC_KINDS) {
    const value = flags[`sync_to_${kind}`];
    if (value !== undefined) next[kind] = value;
  }
  return next;
}

function invalid(errors: { path: string; message: string }[], prefix: string): InvalidInputError {
  return new InvalidInputError(E.invalidSettings, errors.map((e) => `${e.path}: ${e.message}`).join('; '), {
    details: errors.map((e) => ({ ...e, path: `${prefix}${e.path}` })),
  });
}

/** What a user should know after a listing: why automatic downloads wait, or why the listing is partial. */
function warningOf(row: PlaylistRow, outcome: ListingOutcome | null): string | null {
  if (row.autoDownload && row.autoDownloadSetupError) return SETUP_WARNINGS[row.autoDownloadSetupError];
  return outcome && !outcome.complete ? outcome.problem : null;
}

/** Following, showing, changing and removing playlists. */
export class PlaylistSubscriptions {
  /** Media-server labels by kind, as the providers gave them. */
  private readonly labels = new Map<string, string>();

  constructor(
    private readonly deps: {
      store: PlaylistStore;
      videos: PlaylistVideoStore;
      platform: PlaylistPlatform;
      lister: PlaylistLister;
      following: PlaylistFollowing;
      publisher: PlaylistPublisher;
      providers: ProviderSet<MediaServerProvider>;
      downloads: DownloadQueueService;
      library: LibraryService;
      hub: LiveHub | null;
    },
  ) {}

  /** Tells open pages that a playlist's settings or switches changed. */
  private changed(row: PlaylistRow): void {
    this.deps.hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason: 'settings' });
  }

  /** A followed playlist; removed ones are not found (reference 1.9). */
  async require(playlistId: string): Promise<PlaylistRow> {
    const row = await this.deps.store.byPlaylistId(playlistId);
    if (!row || !row.enabled) throw new NotFoundError(E.notFound, `Playlist ${playlistId} is not followed`);
    return row;
  }

  async toPlaylist(row: PlaylistRow): Promise<Playlist> {
    const counts = await this.deps.videos.counts([row.id]);
    return toPlaylist(row, counts.get(row.id)?.available ?? 0);
  }

  async preview(url: string): Promise<PlaylistPreview> {
    const id = requirePlaylistId(url);
    const page = await this.deps.platform.describe(id);
    const known = await this.deps.store.byPlaylistId(page.playlistId);
    return {
      playlist_id: page.playlistId,
      title: page.title ?? page.playlistId,
      uploader: page.uploader,
      description: page.description,
      thumbnail: page.thumbnail,
      video_count: page.reportedCount,
      url: playlistUrl(page.playlistId),
      availability: page.availability,
      following: known?.enabled === true,
      auto_follow_possible: (page.reportedCount ?? 0) <= PLAYLIST_AUTO_FOLLOW_MAX,
    };
  }

  /**
   * Follows a playlist, or restores a removed one with its settings and history (given settings
   * apply only to a new one), then lists it completely before answering and publishes it in the
   * background.
   */
  async subscribe(
    body: SubscribePlaylistRequest,
  ): Promise<{ playlist: Playlist; restored: boolean; fetched: number; warning: string | null }> {
    const id = requirePlaylistId(body.url);
    const settings = body.settings ?? {};
    const checked = checkSettings(settings);
    if (!checked.ok) throw invalid(checked.errors, 'body/settings/');
    const page = await this.deps.platform.describe(id);
    const meta = {
      title: page.title ?? page.playlistId,
      url: playlistUrl(page.playlistId),
      description: page.description,
      uploader: page.uploader,
      uploaderId: page.uploaderId,
      availability: page.availability,
      reportedCount: page.reportedCount,
      ...(page.thumbnail ? { thumbnail: page.thumbnail } : {}),
    };
    const existing = await this.deps.store.byPlaylistId(page.playlistId);
    const restored = existing !== null && !existing.enabled;
    let row = existing
      ? await this.deps.store.update(existing.id, { ...meta, enabled: true })
      : await this.deps.store.create({
          playlistId: page.playlistId,
          ...meta,
          thumbnail: page.thumbnail,
          enabled: true,
          autoDownload: false,
          syncTargets: mergeTargets({}, settings),
          publicOnServers: settings.public_on_servers ?? false,
          sortOrder: 'default',
          defaultSubFolder: null,
          videoQuality: null,
          minDuration: null,
          maxDuration: null,
          titleFilterRegex: null,
          audioFormat: null,
          defaultRating: null,
          lastFetched: null,
          lastListingComplete: false,
          autoDownloadBaselineAt: null,
          autoDownloadBaselineId: null,
          autoDownloadSetupError: null,
          m3uPath: null,
          ...checked.patch,
        });
    if (!existing && row.defaultSubFolder) await this.deps.library.registerSubfolders([row.defaultSubFolder]);
    let outcome: ListingOutcome | null = null;
    let listingError: string | null = null;
    try {
      outcome = await this.deps.lister.refresh(row);
    } catch (err) {
      // Followed all the same: the listing can be refreshed later.
      if (!isDomainError(err) || err.kind === 'invalid-input') throw err;
      listingError = err.message;
    }
    row = (await this.deps.store.byRowId(row.id)) ?? row;
    if (!existing && settings.auto_download) row = await this.deps.following.enable(row);
    else if (outcome) row = await this.deps.following.afterListing(row, outcome);
    void this.deps.publisher.request(row.id, { m3u: true, sync: true });
    const warning = listingError
      ? `The playlist is followed, but listing its videos failed: ${listingError} Refresh it later.`
      : warningOf(row, outcome);
    return { playlist: await this.toPlaylist(row), restored, fetched: outcome?.read ?? 0, warning };
  }

  /** Lists the playlist again, then republishes it in the background. */
  async refresh(playlistId: string): Promise<{ fetched: number; complete: boolean; warning: string | null }> {
    const row = await this.require(playlistId);
    const outcome = await this.deps.lister.refresh(row);
    const after = await this.deps.following.afterListing((await this.deps.store.byRowId(row.id)) ?? row, outcome);
    void this.deps.publisher.request(row.id, { m3u: true, sync: true });
    return { fetched: outcome.read, complete: outcome.complete, warning: warningOf(after, outcome) };
  }

  /** Soft delete: downloads and syncs stop; no video, `.m3u` or server playlist is removed. */
  async remove(playlistId: string): Promise<void> {
    const row = await this.require(playlistId);
    await this.deps.store.update(row.id, { enabled: false });
  }

  async patch(playlistId: string, body: PatchPlaylistRequest): Promise<Playlist> {
    let row = await this.require(playlistId);
    if (body.enabled === false) {
      await this.remove(playlistId);
      return this.toPlaylist({ ...row, enabled: false });
    }
    const change: Partial<PlaylistRow> = { syncTargets: mergeTargets(row.syncTargets, body) };
    if (body.public_on_servers !== undefined) change.publicOnServers = body.public_on_servers;
    if (body.auto_download === false) change.autoDownload = false;
    row = await this.deps.store.update(row.id, change);
    if (body.auto_download === true && !row.autoDownload) row = await this.deps.following.enable(row);
    this.changed(row);
    return this.toPlaylist(row);
  }

  /** Changing settings only stores them: published playlists follow at the next sync (spec 1.1). */
  async updateSettings(playlistId: string, update: PlaylistSettingsUpdate): Promise<PlaylistRow> {
    const row = await this.require(playlistId);
    const checked = checkSettings(update, row);
    if (!checked.ok) throw invalid(checked.errors, 'body/');
    const patch: PlaylistPatch = checked.patch;
    if (patch.defaultSubFolder) await this.deps.library.registerSubfolders([patch.defaultSubFolder]);
    const updated = await this.deps.store.update(row.id, patch);
    this.changed(updated);
    return updated;
  }

  async list(page: number, pageSize: number): Promise<{ total: number; playlists: Playlist[] }> {
    const { rows, total } = await this.deps.store.page(page, pageSize);
    const counts = await this.deps.videos.counts(rows.map((r) => r.id));
    return { total, playlists: rows.map((r) => toPlaylist(r, counts.get(r.id)?.available ?? 0)) };
  }

  async detail(playlistId: string): Promise<PlaylistDetail> {
    const row = await this.require(playlistId);
    const [counts, unsyncable, states] = await Promise.all([
      this.deps.videos.counts([row.id]),
      this.deps.publisher.unsyncableCount(row),
      this.deps.store.syncStates(row.id),
    ]);
    const c = counts.get(row.id) ?? { available: 0, notDownloaded: 0, requested: 0 };
    const stored = new Map(states.map((s) => [s.server, s]));
    const servers = new Map<string, { label: string; connected: boolean }>();
    for (const { key, provider } of this.deps.providers.entries()) {
      this.labels.set(key, provider.label);
      servers.set(key, { label: provider.label, connected: provider.isConfigured() });
    }
    // A kind whose plugin is switched off keeps the label it was last seen with.
    for (const s of states) {
      if (!servers.has(s.server))
        servers.set(s.server, { label: this.labels.get(s.server) ?? s.server, connected: false });
    }
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    const syncState: PlaylistSyncState[] = [...servers].map(([server, info]) => {
      const s = stored.get(server);
      return {
        server,
        label: info.label,
        connected: info.connected,
        sync_enabled: syncsTo(row, server),
        server_playlist_id: s?.serverPlaylistId ?? null,
        media_type: s?.mediaType ?? null,
        last_synced_at: iso(s?.lastSyncedAt ?? null),
        last_attempt_at: iso(s?.lastAttemptAt ?? null),
        last_error: s?.lastError ?? null,
        items_synced: s?.itemsSynced ?? null,
        items_skipped: s?.itemsSkipped ?? null,
      };
    });
    return {
      playlist: toPlaylist(row, c.available),
      not_downloaded_count: c.notDownloaded,
      unsyncable_count: unsyncable,
      requested_count: c.requested,
      sync_state: syncState,
      sync_running: this.deps.publisher.isSyncing(row.id),
      fetching: this.deps.lister.isFetching(row.id),
    };
  }
}
