import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { Api, ApiError } from '../../../core/api';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { PLAYLIST_ID } from '../../../../testing/fixtures/playlists';
import { blankFixture } from '../../../../testing/host';
import { settle } from '../../../../testing/settle';
import { PublishActions } from './publish-actions';

const BASE = `/api/playlists/${PLAYLIST_ID}`;
const updated = (reason: 'synced' | 'm3u') => ({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason }) as const;

describe('PublishActions', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let publish: PublishActions;
  let published: number;

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    published = 0;
    publish = new PublishActions({
      api: TestBed.inject(Api),
      playlistId: signal(PLAYLIST_ID),
      published: () => published++,
    });
    api.on('POST', `${BASE}/sync`, () => ({ success: true, message: 'Syncing to Jellyfin' }));
  });

  afterEach(() => vi.useRealTimers());

  it('waits for the outcome of a sync, which arrives as a message', async () => {
    void publish.syncNow(true);
    await settle(fixture);
    expect([publish.syncNotice(), publish.syncWaiting()]).toEqual(['Syncing to Jellyfin…', true]);
    publish.onUpdated(updated('m3u'));
    expect(publish.syncWaiting()).toBe(true);
    publish.onUpdated(updated('synced'));
    expect([publish.syncNotice(), publish.syncWaiting(), published]).toEqual([
      'Sync finished: each server’s result is listed below.',
      false,
      1,
    ]);
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
    publish.onUpdated(updated('synced'));
    expect(published).toBe(0);
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
    expect([publish.rebuild.error(), publish.syncNotice()]).toEqual([null, null]);
  });
});
