import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { FakeLive, provideFakeLive } from '../../../testing/fake-live';
import { dom } from '../../../testing/dom';
import { followedAutomatically, playlist } from '../../../testing/fixtures/playlists';
import { settle } from '../../../testing/settle';
import type { Playlist } from './api-types';
import { PlaylistsPage } from './playlists-page';

describe('PlaylistsPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<PlaylistsPage>;
  let playlists: Playlist[];
  let failure: ApiError | null;
  const all = (sel: string) => dom(fixture).all(sel);
  const text = (sel: string) => dom(fixture).text(sel);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideRouter([]), provideFakeApi(), provideFakeLive()] });
    api = TestBed.inject(FakeApi);
    failure = null;
    playlists = [
      followedAutomatically(),
      playlist({
        playlist_id: 'PLsmall',
        title: 'Small',
        uploader: null,
        video_count: 1,
        auto_download: true,
        thumbnail: null,
      }),
      playlist({ playlist_id: 'PLtoolarge', title: 'Too large', auto_download: true }),
    ];
    playlists[2]!.auto_download_setup_error = 'PLAYLIST_TOO_LARGE';
    api.on('GET', '/api/playlists', () => {
      if (failure) throw failure;
      return { total: 30, playlists };
    });
    fixture = TestBed.createComponent(PlaylistsPage);
    await settle(fixture);
  });

  afterEach(() => vi.useRealTimers());

  it('lists the followed playlists with their state in plain words and links to each', () => {
    expect(api.calls[0].query).toEqual({ page: '1', pageSize: '25' });
    const items = all('[data-testid="playlist-item"]');
    expect(items.length).toBe(3);
    expect(items[0].querySelector('[data-testid="playlist-link"]')?.getAttribute('href')).toBe(
      '/playlists/PLfixture0000000001',
    );
    const line = (i: number) => items[i].querySelector('.muted')!.textContent!.replace(/\s+/g, ' ').trim();
    expect(line(0)).toMatch(/^Fixture Owner · 3 videos · Last listed Mar 1, 2026/);
    expect(items[0].querySelector('[data-testid="playlist-auto-download"]')?.textContent).toContain(
      'Automatic downloads are on',
    );
    expect(items[0].querySelector('img')?.getAttribute('src')).toBe('https://i.example/playlist.jpg');
    expect(line(1)).toMatch(/^1 video · Last listed/);
    expect(items[1].querySelector('img')).toBeNull();
    expect(items[1].querySelector('[data-testid="playlist-auto-download"]')?.textContent).toContain(
      'wait for a starting point',
    );
    const tooLarge = items[2].querySelector('[data-testid="playlist-auto-download"]')!;
    expect(tooLarge.textContent).toContain('more than 5,000 entries');
    expect(tooLarge.classList.contains('warn')).toBe(true);
  });

  it('pages through the list and hides a thumbnail that fails', async () => {
    dom(fixture).one('[data-testid="playlist-item"] img')!.dispatchEvent(new Event('error'));
    fixture.componentInstance.list.onPage({ pageIndex: 1, pageSize: 10, length: 30 });
    await settle(fixture);
    expect(api.calls.at(-1)!.query).toEqual({ page: '2', pageSize: '10' });
    expect(all('[data-testid="playlist-item"]')[0].querySelector('img')).toBeNull();
    expect(all('[data-testid="playlist-item"]')[2].querySelector('img')).not.toBeNull();
  });

  it('says when nothing is followed, and shows a failed load', async () => {
    playlists = [];
    void fixture.componentInstance.list.load();
    await settle(fixture);
    expect(text('[data-testid="playlists-empty"]')).toContain('No playlist followed yet');
    failure = new ApiError(500, 'database is locked');
    void fixture.componentInstance.list.load();
    await settle(fixture);
    expect(text('[data-testid="playlists-error"]')).toBe('The playlists could not be loaded: database is locked');
  });

  it('loads again after following one and after a reconnect', async () => {
    const gets = () => api.callsTo('GET', '/api/playlists').length;
    const before = gets();
    fixture.debugElement.query((d) => d.name === 'app-follow-panel').componentInstance.followed.emit('PLnew');
    await settle(fixture);
    expect(gets()).toBe(before + 1);
    const live = TestBed.inject(FakeLive);
    live.connect();
    live.connect();
    await settle(fixture);
    expect(gets()).toBe(before + 2);
  });
});
