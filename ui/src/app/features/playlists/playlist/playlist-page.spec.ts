import type { ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../../core/api';
import type { FakeApi } from '../../../../testing/fake-api';
import type { FakeLive } from '../../../../testing/fake-live';
import { dom } from '../../../../testing/dom';
import { jobSummary } from '../../../../testing/fixtures/downloads';
import {
  PLAYLIST_ID,
  openPlaylistPage,
  playlistVideo,
  type PlaylistServer,
} from '../../../../testing/fixtures/playlists';
import { poll } from '../../../../testing/poll';
import { settle } from '../../../../testing/settle';
import type { PlaylistPage } from './playlist-page';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

describe('PlaylistPage', () => {
  let api: FakeApi;
  let live: FakeLive;
  let server: PlaylistServer;
  let fixture: ComponentFixture<PlaylistPage>;
  const q = (sel: string) => dom(fixture).one(sel);
  const text = (sel: string) => dom(fixture).text(sel);
  const gets = (url: string) => api.callsTo('GET', url).length;

  beforeEach(async () => {
    vi.useFakeTimers();
    ({ fixture, api, live, server } = await openPlaylistPage());
  });

  afterEach(() => {
    fixture.destroy();
    vi.useRealTimers();
  });

  it('reads the playlist, then its entries in position order', () => {
    expect(api.calls.map((c) => c.url)).toEqual([BASE, `${BASE}/videos`]);
    expect(text('[data-testid="playlist-title"]')).toBe('Fixture Playlist');
    expect(dom(fixture).all('[data-testid="playlist-video"]').length).toBe(3);
    expect(q('[data-testid="sync-panel"]')).not.toBeNull();
  });

  it('says when the playlist is not followed, and asks for nothing more', async () => {
    fixture.componentRef.setInput('playlistId', 'PLgone');
    api.on('GET', '/api/playlists/PLgone', () => {
      throw new ApiError(404, 'Playlist PLgone is not followed', 'PLAYLISTS_NOT_FOUND');
    });
    await settle(fixture);
    expect(text('[data-testid="playlist-error"]')).toBe(
      'This playlist is not followed here: Playlist PLgone is not followed',
    );
    expect(q('[data-testid="playlist-video"]')).toBeNull();
    expect(gets('/api/playlists/PLgone/videos')).toBe(0);
  });

  it('reloads quietly once for a burst of messages: the entries for jobs, the playlist too for its updates', async () => {
    const detail = gets(BASE);
    const entries = gets(`${BASE}/videos`);
    live.send({ type: 'jobUpdated', job: jobSummary('j1', { status: 'running' }) });
    live.send({ type: 'jobUpdated', job: jobSummary('j1', { status: 'completed' }) });
    await settle(fixture, 1000);
    expect([gets(BASE), gets(`${BASE}/videos`)]).toEqual([detail, entries + 1]);

    server.videos = [playlistVideo(1, { downloaded: true }), playlistVideo(2, { downloaded: true })];
    live.send({ type: 'playlistUpdated', playlistId: 'PLother', reason: 'downloaded' });
    live.send({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason: 'downloaded' });
    live.send({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason: 'm3u' });
    await settle(fixture, 1000);
    expect([gets(BASE), gets(`${BASE}/videos`)]).toEqual([detail + 1, entries + 2]);
    expect(dom(fixture).all('[data-testid="playlist-video"][data-downloaded="true"]').length).toBe(2);
    expect(q('mat-progress-bar')).toBeNull();
  });

  it('shows a listing it did not start from its messages and reloads when it ends', async () => {
    live.send({ type: 'playlistFetchProgress', playlistId: 'PLother', stage: 'listing', itemsFetched: 7 });
    live.send({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage: 'listing', itemsFetched: 2 });
    await settle(fixture);
    expect(text('[data-testid="playlist-listing"]')).toBe('Listing the playlist: 2 entries read');
    expect((q('[data-testid="playlist-refresh"]') as HTMLButtonElement).disabled).toBe(true);
    const detail = gets(BASE);
    server.videos = [...server.videos, playlistVideo(4)];
    live.send({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage: 'done', itemsFetched: 4 });
    await settle(fixture);
    expect(q('[data-testid="playlist-listing"]')).toBeNull();
    expect(text('[data-testid="playlist-refresh-notice"]')).toBe('The listing finished: 4 entries read.');
    expect(gets(BASE)).toBe(detail + 1);
    expect(dom(fixture).all('[data-testid="playlist-video"]').length).toBe(4);
  });

  it('reads everything again after a reconnect', async () => {
    live.connect();
    const detail = gets(BASE);
    live.connect();
    await settle(fixture);
    expect(gets(BASE)).toBe(detail + 1);
  });

  it('shows a listing running when the page opens', async () => {
    server.detail = { ...server.detail, fetching: true };
    fixture.componentRef.setInput('playlistId', 'PLsame');
    api.on('GET', '/api/playlists/PLsame', () => server.detail);
    api.on('GET', '/api/playlists/PLsame/videos', () => ({ total: 0, videos: [] }));
    await settle(fixture);
    expect(text('[data-testid="playlist-listing"]')).toBe('A listing of this playlist is running…');
    server.detail = { ...server.detail, fetching: false };
    live.send({ type: 'playlistUpdated', playlistId: 'PLsame', reason: 'listed' });
    await poll(fixture, 'the listing to end', () => !q('[data-testid="playlist-listing"]'));
  });
});
