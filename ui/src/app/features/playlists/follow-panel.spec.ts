import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { deferred, FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { dom } from '../../../testing/dom';
import { PLAYLIST_ID, playlist, playlistPreview } from '../../../testing/fixtures/playlists';
import { settle } from '../../../testing/settle';
import type { PlaylistPreview, SubscribePlaylistResponse } from './api-types';
import { FollowPanel } from './follow-panel';

describe('FollowPanel', () => {
  let api: FakeApi;
  let live: FakeLive;
  let fixture: ComponentFixture<FollowPanel>;
  let preview: PlaylistPreview;
  let followed: string[];
  const q = (sel: string) => dom(fixture).one(sel);
  const text = (sel: string) => dom(fixture).text(sel);

  const lookUp = async (url = 'https://www.youtube.com/playlist?list=PLfixture0000000001') => {
    dom(fixture).type('[data-testid="playlist-url"]', url);
    q('[data-testid="playlist-lookup"]')!.click();
    await settle(fixture);
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi(), provideFakeLive()] });
    api = TestBed.inject(FakeApi);
    live = TestBed.inject(FakeLive);
    preview = playlistPreview();
    api.on('POST', '/api/playlists/addplaylistinfo', () => preview);
    fixture = TestBed.createComponent(FollowPanel);
    followed = [];
    fixture.componentInstance.followed.subscribe((id) => followed.push(id));
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('asks for a URL before asking the server', async () => {
    q('[data-testid="playlist-lookup"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="follow-error"]')).toBe('Enter a playlist URL or a playlist id');
    expect(api.calls).toEqual([]);
  });

  it('shows the server explanation of a playlist it cannot follow', async () => {
    api.on('POST', '/api/playlists/addplaylistinfo', () => {
      throw new ApiError(
        404,
        'The playlist does not exist or is private: only public and unlisted playlists can be followed',
        'PLAYLISTS_MISSING_ON_PLATFORM',
      );
    });
    await lookUp();
    expect(api.calls[0]).toMatchObject({ body: { url: 'https://www.youtube.com/playlist?list=PLfixture0000000001' } });
    expect(q('[data-testid="follow-error"]')?.getAttribute('role')).toBe('alert');
    expect(text('[data-testid="follow-error"]')).toContain('only public and unlisted playlists can be followed');
    expect(q('[data-testid="playlist-preview"]')).toBeNull();
  });

  it('previews the playlist, then follows it with automatic downloads and shows the listing progress', async () => {
    await lookUp();
    expect(text('[data-testid="preview-title"]')).toBe('Fixture Playlist');
    expect(text('[data-testid="preview-count"]')).toBe('3 videos');
    expect(text('[data-testid="playlist-preview"]')).toContain('Fixture Owner');
    const answer = deferred<SubscribePlaylistResponse>();
    api.on('POST', '/api/playlists', () => answer.promise);
    (q('[data-testid="follow-auto-download"] input') as HTMLInputElement).click();
    q('[data-testid="playlist-follow"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="follow-progress"]')).toBe('Reading the playlist from the platform…');
    live.send({ type: 'playlistFetchProgress', playlistId: 'PLother', stage: 'listing', itemsFetched: 99 });
    live.send({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage: 'listing', itemsFetched: 2 });
    await settle(fixture);
    expect(text('[data-testid="follow-progress"]')).toBe('Listing the playlist: 2 entries read');
    expect((q('[data-testid="playlist-follow"]') as HTMLButtonElement).disabled).toBe(true);

    answer.resolve({
      playlist: playlist({ auto_download: true }),
      restored: true,
      fetched: 3,
      warning: 'Automatic downloads wait: the listing could not be verified as complete.',
    });
    await settle(fixture);
    expect(api.callsTo('POST', '/api/playlists')[0].body).toEqual({
      url: preview.url,
      settings: { auto_download: true },
    });
    expect(text('[data-testid="follow-notice"]')).toContain(
      'Following Fixture Playlist: 3 entries listed. It was removed before: its settings and history are back.',
    );
    expect(text('[data-testid="follow-warning"]')).toContain('Automatic downloads wait');
    expect(q('[data-testid="follow-open"]')?.getAttribute('href')).toBe(`/playlists/${PLAYLIST_ID}`);
    expect(q('[data-testid="playlist-preview"]')).toBeNull();
    expect(followed).toEqual([PLAYLIST_ID]);
  });

  it('follows by hand only when the playlist is too large, and says why', async () => {
    preview = playlistPreview({ video_count: 6200, auto_follow_possible: false });
    api.on('POST', '/api/playlists', () => ({ playlist: playlist(), restored: false, fetched: 5000, warning: null }));
    await lookUp();
    expect(q('[data-testid="follow-auto-download"]')).toBeNull();
    expect(text('[data-testid="preview-too-large"]')).toContain('more than 5,000 entries');
    expect(text('[data-testid="preview-count"]')).toBe('6,200 videos');
    q('[data-testid="playlist-follow"]')!.click();
    await settle(fixture);
    expect(api.callsTo('POST', '/api/playlists')[0].body).toEqual({ url: preview.url });
    expect(text('[data-testid="follow-notice"]')).toContain('5,000 entries listed.');
    expect(q('[data-testid="follow-warning"]')).toBeNull();
  });

  it('says when the playlist is followed already, and shows a failed follow', async () => {
    preview = playlistPreview({ following: true });
    await lookUp();
    expect(text('[data-testid="preview-following"]')).toContain('You already follow this playlist.');
    expect(q('[data-testid="playlist-follow"]')).toBeNull();

    preview = playlistPreview();
    api.on('POST', '/api/playlists', () => {
      throw new ApiError(503, 'The platform cannot be reached');
    });
    await lookUp();
    q('[data-testid="playlist-follow"]')!.click();
    await settle(fixture);
    expect(text('[data-testid="follow-error"]')).toBe('Not followed: The platform cannot be reached');
    expect(q('[data-testid="playlist-preview"]')).not.toBeNull();
    expect(followed).toEqual([]);
  });
});
