import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import type { Title } from '@angular/platform-browser';
import { ApiError } from '../../../core/api';
import { PlaylistsApi } from '../playlists-api';
import { deferred, FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { PLAYLIST_ID, playlist, playlistDetail } from '../../../../testing/fixtures/playlists';
import { blankFixture } from '../../../../testing/host';
import { settle } from '../../../../testing/settle';
import type { PlaylistDetail } from '../api-types';
import { PlaylistOverview } from './playlist-overview';

describe('PlaylistOverview', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let overview: PlaylistOverview;
  const id = signal(PLAYLIST_ID);
  const titles: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    id.set(PLAYLIST_ID);
    titles.length = 0;
    const title = { setTitle: (t: string) => titles.push(t) } as unknown as Title;
    overview = new PlaylistOverview({ api: TestBed.inject(PlaylistsApi), title, playlistId: id });
  });

  afterEach(() => vi.useRealTimers());

  it('loads the detail and names the browser tab after the playlist', async () => {
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => playlistDetail());
    const loaded = overview.load();
    expect(overview.loading()).toBe(true);
    await settle(fixture);
    await loaded;
    expect([overview.loading(), overview.playlist()?.title, titles]).toEqual([
      false,
      'Fixture Playlist',
      ['Fixture Playlist · vidkeep'],
    ]);
  });

  it('reads the detail again for a caller that needs the answer, dropping an older load', async () => {
    const slow = deferred<PlaylistDetail>();
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => slow.promise);
    void overview.load(true);
    await settle(fixture);
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => playlistDetail({ sync_running: true }));
    const refreshed = overview.refresh();
    await settle(fixture);
    expect((await refreshed)?.sync_running).toBe(true);
    slow.resolve(playlistDetail({ sync_running: false }));
    await settle(fixture);
    expect(overview.detail()?.sync_running).toBe(true);
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => {
      throw new ApiError(500, 'Database is locked');
    });
    const failed = overview.refresh();
    await settle(fixture);
    expect([await failed, overview.detail()?.sync_running]).toEqual([null, true]);
  });

  it('tells a playlist not followed from a failure, and drops the answer for a playlist left', async () => {
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => {
      throw new ApiError(404, 'Playlist PLfixture0000000001 is not followed', 'PLAYLISTS_NOT_FOUND');
    });
    void overview.load();
    await settle(fixture);
    expect([overview.notFound(), overview.error()]).toEqual([
      true,
      'This playlist is not followed here: Playlist PLfixture0000000001 is not followed',
    ]);

    const late = deferred<PlaylistDetail>();
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => late.promise);
    void overview.load();
    await settle(fixture);
    id.set('PLother');
    overview.reset();
    late.resolve(playlistDetail());
    await settle(fixture);
    expect([overview.detail(), overview.error(), overview.notFound()]).toEqual([null, null, false]);
  });

  it('shows a changed playlist in place and removes it with the server answer', async () => {
    api.on('GET', `/api/playlists/${PLAYLIST_ID}`, () => playlistDetail());
    api.on('DELETE', `/api/playlists/${PLAYLIST_ID}`, () => ({
      success: true,
      message: 'Playlist removed. Its videos, .m3u file and media-server playlists are kept.',
    }));
    void overview.load();
    await settle(fixture);
    overview.setPlaylist(playlist({ auto_download: true }));
    overview.setPlaylist(playlist({ playlist_id: 'PLother', title: 'Other' }));
    expect([overview.playlist()?.auto_download, overview.playlist()?.title]).toEqual([true, 'Fixture Playlist']);
    const removed = overview.remove();
    await settle(fixture);
    expect(await removed).toBe(true);
    expect(overview.removed()).toContain('Its videos, .m3u file and media-server playlists are kept.');
  });
});
