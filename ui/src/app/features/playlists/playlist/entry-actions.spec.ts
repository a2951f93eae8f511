import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../../core/api';
import { PlaylistsApi } from '../playlists-api';
import { FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { PLAYLIST_ID, playlistVideo, servePlaylist } from '../../../../testing/fixtures/playlists';
import { blankFixture } from '../../../../testing/host';
import { settle } from '../../../../testing/settle';
import { EntryActions } from './entry-actions';
import { PlaylistVideos } from './playlist-videos';

const BASE = `/api/playlists/${PLAYLIST_ID}`;

describe('EntryActions', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let videos: PlaylistVideos;
  let actions: EntryActions;
  let changes: number;
  const bodies = (url: string) => api.callsTo('POST', url).map((c) => c.body);

  beforeEach(async () => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    const id = signal(PLAYLIST_ID);
    const http = TestBed.inject(PlaylistsApi);
    changes = 0;
    videos = TestBed.runInInjectionContext(() => new PlaylistVideos({ api: http, playlistId: id }));
    actions = new EntryActions({ api: http, playlistId: id, videos, changed: () => changes++ });
    api.on('POST', `${BASE}/download`, ({ body }) => {
      const n = (body as { videoIds?: string[] }).videoIds?.length ?? 2;
      return { status: 'accepted', message: `${n} videos queued in 1 job`, queued: n, jobIds: ['j1'] };
    });
  });

  afterEach(() => vi.useRealTimers());

  const load = async (n: number) => {
    servePlaylist(api, { videos: Array.from({ length: n }, (_, i) => playlistVideo(i + 1)) });
    void videos.load();
    await settle(fixture);
  };

  it('selects pages (kept across pages) and downloads the selection in requests of 1,000', async () => {
    await load(1200);
    actions.selectPage(true);
    expect(actions.pageSelection()).toEqual({ all: true, some: false });
    actions.selected.set('pl000000001', false);
    expect(actions.pageSelection()).toEqual({ all: false, some: true });
    actions.selected.setAll(Array.from({ length: 1200 }, (_, i) => playlistVideo(i + 1).source_id));
    void actions.downloadEntries('selected');
    await settle(fixture);
    expect(bodies(`${BASE}/download`).map((b) => (b as { videoIds: string[] }).videoIds.length)).toEqual([1000, 200]);
    expect(actions.notice()).toBe('1000 videos queued in 1 job 200 videos queued in 1 job');
    expect([actions.selected.size(), changes]).toEqual([0, 1]);
  });

  it('downloads every new entry without ids, and keeps the server refusal where it happened', async () => {
    await load(3);
    void actions.downloadEntries('new');
    await settle(fixture);
    expect(bodies(`${BASE}/download`)).toEqual([{}]);
    expect(actions.notice()).toBe('2 videos queued in 1 job');
    api.on('POST', `${BASE}/download`, () => {
      throw new ApiError(409, 'Downloads are paused: the disk is almost full');
    });
    actions.selected.set('pl000000001');
    void actions.downloadEntries('selected');
    await settle(fixture);
    expect([actions.error(), actions.notice(), actions.selected.size(), changes]).toEqual([
      'Not queued: Downloads are paused: the disk is almost full',
      null,
      1,
      1,
    ]);
  });

  it('selects entries for automatic download and says what was skipped and why', async () => {
    await load(3);
    api.on('POST', `${BASE}/auto-download/select`, () => ({
      success: true,
      requested: 1,
      skipped: [
        { sourceId: 'pl000000002', reason: 'already downloaded' },
        { sourceId: 'pl000000003', reason: 'already downloaded' },
      ],
    }));
    actions.selectPage(true);
    void actions.selectForAutomatic();
    await settle(fixture);
    expect(bodies(`${BASE}/auto-download/select`)).toEqual([
      { videoIds: ['pl000000001', 'pl000000002', 'pl000000003'] },
    ]);
    expect(actions.notice()).toBe(
      '1 video selected for automatic download: the next scheduled runs download them. 2 videos skipped (already downloaded).',
    );
    api.on('POST', `${BASE}/auto-download/select`, () => {
      throw new ApiError(
        409,
        'Turn on automatic downloads for this playlist first',
        'PLAYLISTS_AUTO_DOWNLOAD_NOT_READY',
      );
    });
    actions.selected.set('pl000000001');
    void actions.selectForAutomatic();
    await settle(fixture);
    expect([actions.error(), actions.notice()]).toEqual([
      'Not selected: Turn on automatic downloads for this playlist first',
      null,
    ]);
  });

  it('ignores and un-ignores one entry in place; a failure stays with the entry', async () => {
    await load(2);
    api.on('POST', `${BASE}/videos/pl000000001/ignore`, () => ({ success: true }));
    api.on('POST', `${BASE}/videos/pl000000002/unignore`, () => {
      throw new ApiError(404, 'Video pl000000002 is not in this playlist');
    });
    void actions.setIgnored(videos.videos()[0]!, true);
    void actions.setIgnored(videos.videos()[1]!, false);
    await settle(fixture);
    expect(videos.videos().map((v) => v.ignored)).toEqual([true, false]);
    expect(actions.itemErrors.get('pl000000002')).toBe('Still ignored: Video pl000000002 is not in this playlist');
    expect([actions.itemBusy.size(), changes]).toEqual([0, 1]);
    actions.reset();
    expect(actions.itemErrors.get('pl000000002')).toBeNull();
  });
});
