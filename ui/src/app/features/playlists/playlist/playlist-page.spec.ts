import { PlaylistPageSpec } from '../../../../testing/playlist-page-spec';
import { ApiError } from '../../../core/api';
import { dom } from '../../../../testing/dom';
import { jobSummary } from '../../../../testing/fixtures/downloads';
import { PLAYLIST_ID, playlistVideo } from '../../../../testing/fixtures/playlists';
import { poll } from '../../../../testing/poll';
import { settle } from '../../../../testing/settle';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

describe('PlaylistPage', () => {
  const page = new PlaylistPageSpec();
  const { q, text } = page;
  const gets = (url: string) => page.api.callsTo('GET', url).length;

  beforeEach(async () => {
    await page.open();
  });

  it('reads the playlist, then its entries in position order, and its podcast feeds', () => {
    const urls = page.api.calls.map((c) => c.url);
    expect(urls.filter((u) => u !== '/api/feeds')).toEqual([BASE, `${BASE}/videos`]);
    expect(page.api.callsTo('GET', '/api/feeds')[0]!.query).toEqual({ kind: 'playlist', subjectId: PLAYLIST_ID });
    expect(text('[data-testid="feeds-make-audio"]')).toBe('Get audio feed');
    expect(text('[data-testid="playlist-title"]')).toBe('Fixture Playlist');
    expect(dom(page.fixture).all('[data-testid="playlist-video"]').length).toBe(3);
    expect(q('[data-testid="sync-panel"]')).not.toBeNull();
  });

  it('says when the playlist is not followed, and asks for nothing more', async () => {
    page.fixture.componentRef.setInput('playlistId', 'PLgone');
    page.api.on('GET', '/api/playlists/PLgone', () => {
      throw new ApiError(404, 'Playlist PLgone is not followed', 'PLAYLISTS_NOT_FOUND');
    });
    await settle(page.fixture);
    expect(text('[data-testid="playlist-error"]')).toBe(
      'This playlist is not followed here: Playlist PLgone is not followed',
    );
    expect(q('[data-testid="playlist-video"]')).toBeNull();
    expect(gets('/api/playlists/PLgone/videos')).toBe(0);
  });

  it('reloads quietly once for a burst of messages: the entries for jobs, the playlist too for its updates', async () => {
    const detail = gets(BASE);
    const entries = gets(`${BASE}/videos`);
    page.live.send({ type: 'jobUpdated', job: jobSummary('j1', { status: 'running' }) });
    page.live.send({ type: 'jobUpdated', job: jobSummary('j1', { status: 'completed' }) });
    await settle(page.fixture, 1000);
    expect([gets(BASE), gets(`${BASE}/videos`)]).toEqual([detail, entries + 1]);

    page.server.videos = [playlistVideo(1, { downloaded: true }), playlistVideo(2, { downloaded: true })];
    page.live.send({ type: 'playlistUpdated', playlistId: 'PLother', reason: 'downloaded' });
    page.live.send({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason: 'downloaded' });
    page.live.send({ type: 'playlistUpdated', playlistId: PLAYLIST_ID, reason: 'm3u' });
    await settle(page.fixture, 1000);
    expect([gets(BASE), gets(`${BASE}/videos`)]).toEqual([detail + 1, entries + 2]);
    expect(dom(page.fixture).all('[data-testid="playlist-video"][data-downloaded="true"]').length).toBe(2);
    expect(q('mat-progress-bar')).toBeNull();
  });

  it('shows a listing it did not start from its messages and reloads when it ends', async () => {
    page.live.send({ type: 'playlistFetchProgress', playlistId: 'PLother', stage: 'listing', itemsFetched: 7 });
    page.live.send({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage: 'listing', itemsFetched: 2 });
    await settle(page.fixture);
    expect(text('[data-testid="playlist-listing"]')).toBe('Listing the playlist: 2 entries read');
    expect((q('[data-testid="playlist-refresh"]') as HTMLButtonElement).disabled).toBe(true);
    const detail = gets(BASE);
    page.server.videos = [...page.server.videos, playlistVideo(4)];
    page.live.send({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage: 'done', itemsFetched: 4 });
    await settle(page.fixture);
    expect(q('[data-testid="playlist-listing"]')).toBeNull();
    expect(text('[data-testid="playlist-refresh-notice"]')).toBe('The listing finished: 4 entries read.');
    expect(gets(BASE)).toBe(detail + 1);
    expect(dom(page.fixture).all('[data-testid="playlist-video"]').length).toBe(4);
  });

  it('reads everything again after a reconnect', async () => {
    page.live.connect();
    const detail = gets(BASE);
    page.live.connect();
    await settle(page.fixture);
    expect(gets(BASE)).toBe(detail + 1);
  });

  it('shows a listing running when the page opens', async () => {
    page.server.detail = { ...page.server.detail, fetching: true };
    page.fixture.componentRef.setInput('playlistId', 'PLsame');
    page.api.on('GET', '/api/playlists/PLsame', () => page.server.detail);
    page.api.on('GET', '/api/playlists/PLsame/videos', () => ({ total: 0, videos: [] }));
    await settle(page.fixture);
    expect(text('[data-testid="playlist-listing"]')).toBe('A listing of this playlist is running…');
    page.server.detail = { ...page.server.detail, fetching: false };
    page.live.send({ type: 'playlistUpdated', playlistId: 'PLsame', reason: 'listed' });
    await poll(page.fixture, 'the listing to end', () => !q('[data-testid="playlist-listing"]'));
  });
});
