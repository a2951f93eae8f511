import { PlaylistPageSpec } from '../../../../testing/playlist-page-spec';
import { PLAYLIST_ID, playlistDetail, syncState } from '../../../../testing/fixtures/playlists';
import { settle } from '../../../../testing/settle';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

describe('SyncPanel', () => {
  const page = new PlaylistPageSpec();
  const { q, all, text } = page;

  it('says that no media server is connected yet, and rebuilds the .m3u file', async () => {
    await page.open();
    expect(text('[data-testid="sync-empty"]')).toContain('No media server is connected yet');
    expect(q('[data-testid="sync-empty"] a')?.getAttribute('href')).toBe('/settings/media-servers');
    expect(all('[data-testid="sync-server"]')).toEqual([]);
    page.api.on('POST', `${BASE}/regenerate-m3u`, () => ({
      success: true,
      path: '__playlists__/Fixture Playlist.m3u',
      entries: 1,
    }));
    page.api.on('POST', `${BASE}/sync`, () => ({
      success: true,
      message: 'No media server is connected, so there is nothing to sync; the .m3u file is written regardless',
    }));
    q('[data-testid="playlist-rebuild-m3u"]')!.click();
    q('[data-testid="playlist-sync"]')!.click();
    await settle(page.fixture);
    expect(text('[data-testid="rebuild-notice"]')).toBe('Rebuilt __playlists__/Fixture Playlist.m3u with 1 entry.');
    expect(text('[data-testid="sync-notice"]')).toContain('nothing to sync');
    expect(text('[data-testid="playlist-sync"]')).toBe('Sync now');
  });

  it('lists each server with its state and updates it when the sync it started ends', async () => {
    await page.open({
      detail: playlistDetail({
        sync_state: [
          syncState({
            last_synced_at: '2026-03-01T12:00:00.000Z',
            last_attempt_at: '2026-03-02T12:00:00.000Z',
            server_playlist_id: 'jf-42',
            items_synced: 2,
            items_skipped: 1,
            last_error: 'The server refused the playlist (HTTP 500)',
          }),
          syncState({ server: 'plex', label: 'Plex', connected: false, sync_enabled: false }),
        ],
      }),
    });
    const rows = all('[data-testid="sync-server"]');
    const row = (i: number) => rows[i]!.textContent!.replace(/\s+/g, ' ');
    expect(q('[data-testid="sync-empty"]')).toBeNull();
    expect(row(0)).toContain('Jellyfin');
    expect(row(0)).toContain('Connected');
    expect(row(0)).toMatch(/Last synced Mar 1, 2026, .+ · last attempt Mar 2, 2026/);
    expect(row(0)).toContain('playlist id on the server: jf-42');
    expect(row(0)).toContain('2 items synced · 1 not known to the server yet (not indexed)');
    expect(rows[0]!.querySelector('[data-testid="sync-server-error"]')?.textContent).toContain('HTTP 500');
    expect(row(1)).toContain('Not connected');
    expect(row(1)).toContain('Never synced');
    expect(row(1)).toContain('switched off in the settings');

    page.api.on('POST', `${BASE}/sync`, () => ({ success: true, message: 'Syncing to Jellyfin' }));
    q('[data-testid="playlist-sync"]')!.click();
    await settle(page.fixture);
    expect(text('[data-testid="sync-notice"]')).toBe('Syncing to Jellyfin…');
    expect((q('[data-testid="playlist-sync"]') as HTMLButtonElement).disabled).toBe(true);
    const now = '2026-03-03T12:00:00.000Z';
    page.server.detail = playlistDetail({
      sync_state: [
        syncState({ last_synced_at: now, last_attempt_at: now, items_synced: 3 }),
        syncState({ server: 'plex', label: 'plex', connected: false, sync_enabled: false }),
      ],
    });
    page.live.send({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason: 'synced' });
    await settle(page.fixture);
    // The result is there at once, from the detail read again.
    expect(text('[data-testid="sync-notice"]')).toBe('Sync finished:');
    expect(all('[data-testid="sync-results"] li').map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      'Jellyfin: synced 3 items',
    ]);
    expect(all('[data-testid="sync-server"]')[0]!.textContent).toContain('3 items synced');
    // A kind whose plugin is off is named by its kind.
    expect(all('[data-testid="sync-server"]')[1]!.textContent).toContain('Plex');
    expect(q('[data-testid="sync-server-error"]')).toBeNull();
    expect(text('[data-testid="playlist-sync"]')).toBe('Sync now');
  });
});
