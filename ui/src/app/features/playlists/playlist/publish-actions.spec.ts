import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../../core/api';
import { PlaylistsApi } from '../playlists-api';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { PLAYLIST_ID, playlistDetail, syncState } from '../../../../testing/fixtures/playlists';
import { blankFixture } from '../../../../testing/host';
import { settle } from '../../../../testing/settle';
import type { PlaylistDetail } from '../api-types';
import { PublishActions } from './publish-actions';

const BASE = `/api/playlists/${PLAYLIST_ID}`;
const updated = (reason: 'synced' | 'm3u') => ({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason }) as const;
const T0 = '2026-03-01T12:00:00.000Z';
const T1 = '2026-03-02T12:00:00.000Z';

describe('PublishActions', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let publish: PublishActions;
  let published: number;
  /** What the server's detail says now. */
  let detail: PlaylistDetail;
  /** What the page shows (the detail before the button was pressed). */
  let shown: PlaylistDetail;

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    published = 0;
    shown = playlistDetail({
      sync_state: [
        syncState({ last_attempt_at: T0, last_synced_at: T0, items_synced: 1 }),
        syncState({ server: 'plex', label: 'Plex', last_attempt_at: T0, last_synced_at: T0 }),
      ],
    });
    detail = shown;
    const apiClient = TestBed.inject(PlaylistsApi);
    publish = new PublishActions({
      api: apiClient,
      playlistId: signal(PLAYLIST_ID),
      detail: () => shown,
      readDetail: () => apiClient.detail(PLAYLIST_ID),
      published: () => published++,
    });
    api.on('POST', `${BASE}/sync`, () => ({ success: true, message: 'Syncing to Jellyfin and Plex' }));
    api.on('GET', BASE, () => detail);
  });

  afterEach(() => vi.useRealTimers());

  /** The sync the server ran: Jellyfin synced three items, Plex failed. */
  const ranSync = (extra: Partial<PlaylistDetail> = {}) =>
    playlistDetail({
      sync_state: [
        syncState({ last_attempt_at: T1, last_synced_at: T1, items_synced: 3, items_skipped: 1 }),
        syncState({
          server: 'plex',
          label: 'Plex',
          last_attempt_at: T1,
          last_synced_at: T0,
          last_error: 'Plex at http://plex:32400 is not reachable (connection refused)',
        }),
      ],
      ...extra,
    });

  it('waits for the end of the sync, then reports each server’s result', async () => {
    void publish.syncNow(true);
    await settle(fixture);
    expect([publish.syncNotice(), publish.syncWaiting()]).toEqual(['Syncing to Jellyfin and Plex…', true]);
    void publish.onUpdated(updated('m3u'));
    await settle(fixture);
    expect([publish.syncWaiting(), api.callsTo('GET', BASE)]).toEqual([true, []]);
    detail = ranSync();
    void publish.onUpdated(updated('synced'));
    await settle(fixture);
    expect([publish.syncWaiting(), publish.syncNotice()]).toEqual([false, 'Sync finished with a failure:']);
    expect(publish.results()).toEqual([
      { server: 'jellyfin', label: 'Jellyfin', tone: 'ok', text: 'synced 3 items (1 not indexed by the server yet)' },
      {
        server: 'plex',
        label: 'Plex',
        tone: 'bad',
        text: 'failed: Plex at http://plex:32400 is not reachable (connection refused)',
      },
    ]);
  });

  it('pressed during a running sync, waits for the one more run the server makes', async () => {
    shown = { ...shown, sync_running: true };
    void publish.syncNow(true);
    await settle(fixture);
    expect(publish.syncNotice()).toBe('Syncing to Jellyfin and Plex after the sync that runs now…');
    detail = ranSync({ sync_running: true });
    void publish.onUpdated(updated('synced'));
    await settle(fixture);
    expect([publish.syncWaiting(), publish.results()]).toEqual([true, null]);
    expect(publish.syncNotice()).toBe('The sync that was running finished; the one you asked for runs now…');
    detail = ranSync();
    void publish.onUpdated(updated('synced'));
    await settle(fixture);
    expect(publish.syncWaiting()).toBe(false);
    expect(publish.results()?.map((r) => r.tone)).toEqual(['ok', 'bad']);
  });

  it('catches an end that arrives before the answer, and one missed while the connection was down', async () => {
    let answer!: () => void;
    api.on(
      'POST',
      `${BASE}/sync`,
      () => new Promise((resolve) => (answer = () => resolve({ success: true, message: 'Syncing' }))),
    );
    void publish.syncNow(true);
    await settle(fixture);
    detail = ranSync();
    void publish.onUpdated(updated('synced'));
    answer();
    await settle(fixture);
    expect([publish.syncWaiting(), publish.results()?.length]).toEqual([false, 2]);

    shown = detail;
    api.on('POST', `${BASE}/sync`, () => ({ success: true, message: 'Syncing' }));
    void publish.syncNow(true);
    await settle(fixture);
    expect(publish.syncWaiting()).toBe(true);
    void publish.recheck();
    await settle(fixture);
    // Nothing newer than what the page showed: every server "not tried" is honest.
    expect(publish.syncWaiting()).toBe(false);
    expect(publish.results()?.every((r) => r.tone === 'none')).toBe(true);
  });

  it('waits for nothing when no connected server syncs the playlist', async () => {
    api.on('POST', `${BASE}/sync`, () => ({
      success: true,
      message: 'No media server is connected, so there is nothing to sync; the .m3u file is written regardless',
    }));
    void publish.syncNow(false);
    await settle(fixture);
    expect(publish.syncWaiting()).toBe(false);
    expect(publish.syncNotice()).toContain('nothing to sync');
    void publish.onUpdated(updated('synced'));
    await settle(fixture);
    expect([publish.results(), api.callsTo('GET', BASE)]).toEqual([null, []]);
  });

  it('says where the .m3u file was written, and explains failures', async () => {
    api.on('POST', `${BASE}/regenerate-m3u`, () => ({
      success: true,
      path: '__playlists__/Fixture Playlist.m3u',
      entries: 1,
    }));
    void publish.rebuildM3u();
    await settle(fixture);
    expect([publish.rebuildNotice(), published]).toEqual([
      'Rebuilt __playlists__/Fixture Playlist.m3u with 1 entry.',
      1,
    ]);
    api.on('POST', `${BASE}/regenerate-m3u`, () => {
      throw new ApiError(404, 'Playlist PLfixture0000000001 is not followed');
    });
    api.on('POST', `${BASE}/sync`, () => {
      throw new ApiError(404, 'Playlist PLfixture0000000001 is not followed');
    });
    void publish.rebuildM3u();
    void publish.syncNow(true);
    await settle(fixture);
    expect([publish.rebuild.error(), publish.sync.error(), publish.syncWaiting()]).toEqual([
      'Not rebuilt: Playlist PLfixture0000000001 is not followed',
      'Not synced: Playlist PLfixture0000000001 is not followed',
      false,
    ]);
    publish.reset();
    expect([publish.rebuild.error(), publish.syncNotice(), publish.results()]).toEqual([null, null, null]);
  });
});
