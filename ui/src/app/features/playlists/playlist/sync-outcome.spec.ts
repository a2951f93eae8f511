import { syncState } from '../../../../testing/fixtures/playlists';
import { serverLabel, syncOutcomes } from './sync-outcome';

const T0 = '2026-03-01T12:00:00.000Z';
const T1 = '2026-03-02T12:00:00.000Z';

describe('syncOutcomes', () => {
  it('reads each connected server’s result from its new attempt', () => {
    const before = [
      syncState({ server: 'plex', label: 'Plex', last_attempt_at: T0 }),
      syncState({ last_attempt_at: T0 }),
      syncState({ server: 'emby', label: 'Emby', last_attempt_at: null }),
    ];
    const after = [
      syncState({
        server: 'plex',
        label: 'Plex',
        last_attempt_at: T1,
        items_synced: 1,
        last_error: 'Note: moved to the playlist token’s account',
      }),
      syncState({ last_attempt_at: T1, last_error: 'Deferred: Jellyfin has not indexed any of the 2 videos yet' }),
      syncState({
        server: 'emby',
        label: 'Emby',
        last_attempt_at: T1,
        last_error: 'Waiting: no downloaded video file of this playlist yet',
      }),
      syncState({ server: 'acme', label: 'Acme', connected: false, last_attempt_at: T1 }),
      syncState({ server: 'other', label: 'Other', sync_enabled: false, last_attempt_at: T1 }),
    ];
    expect(syncOutcomes(before, after).map((r) => [r.label, r.tone, r.text])).toEqual([
      ['Plex', 'ok', 'synced 1 item. Note: moved to the playlist token’s account'],
      ['Jellyfin', 'wait', 'put off: Jellyfin has not indexed any of the 2 videos yet'],
      ['Emby', 'wait', 'nothing synced yet: no downloaded video file of this playlist yet'],
    ]);
  });

  it('says when a server was not tried', () => {
    const same = [syncState({ last_attempt_at: T0, items_synced: 2 })];
    expect(syncOutcomes(same, same)[0]).toMatchObject({ tone: 'none' });
    expect(syncOutcomes([], [syncState()])[0]).toMatchObject({ tone: 'none' });
  });

  it('names a server whose plugin is off by its kind', () => {
    expect(serverLabel({ server: 'emby', label: 'emby' })).toBe('Emby');
    expect(serverLabel({ server: 'plex', label: 'Plex Media Server' })).toBe('Plex Media Server');
  });
});
