import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { PlaylistsApi } from '../playlists-api';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { PLAYLIST_ID, servePlaylist } from '../../../../testing/fixtures/playlists';
import { blankFixture } from '../../../../testing/host';
import { settle } from '../../../../testing/settle';
import { PlaylistVideos } from './playlist-videos';

describe('PlaylistVideos', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let videos: PlaylistVideos;
  const last = () => api.callsTo('GET', `/api/playlists/${PLAYLIST_ID}/videos`).at(-1)!.query;

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    servePlaylist(api);
    fixture = blankFixture();
    videos = TestBed.runInInjectionContext(
      () => new PlaylistVideos({ api: TestBed.inject(PlaylistsApi), playlistId: signal(PLAYLIST_ID) }),
    );
    void videos.load();
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('asks for position order first, then what the filters and sort say', async () => {
    expect(last()).toEqual({ page: '1', pageSize: '50', sortOrder: 'asc', downloadState: 'all' });
    expect(videos.videos().map((v) => v.position)).toEqual([1, 2, 3]);
    expect(videos.filtersActive()).toBe(false);
    videos.list.pageIndex.set(2);
    videos.setDownloadState('not_downloaded');
    await settle(fixture);
    expect(last()).toEqual({ page: '1', pageSize: '50', sortOrder: 'asc', downloadState: 'not_downloaded' });
    expect(videos.videos().map((v) => v.position)).toEqual([2, 3]);
    expect(videos.filtersActive()).toBe(true);
    videos.list.setSort('first_seen', 'desc');
    await settle(fixture);
    expect(last()).toMatchObject({ sortOrder: 'recent' });
  });

  it('asks for the chosen watched state from the first page', async () => {
    videos.list.pageIndex.set(1);
    videos.setWatchedState('unknown');
    await settle(fixture);
    expect(last()).toEqual({
      page: '1',
      pageSize: '50',
      sortOrder: 'asc',
      downloadState: 'all',
      watchedState: 'unknown',
    });
    expect(videos.filtersActive()).toBe(true);
  });

  it('changes one entry in place and forgets everything on reset', async () => {
    videos.brokenThumbs.set('pl000000002');
    videos.update('pl000000002', { ignored: true });
    expect(videos.videos().map((v) => v.ignored)).toEqual([false, true, false]);
    videos.reset();
    expect([videos.videos(), videos.list.total(), videos.brokenThumbs.size()]).toEqual([[], 0, 0]);
  });
});
