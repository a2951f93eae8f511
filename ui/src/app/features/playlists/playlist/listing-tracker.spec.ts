import { signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { ApiError } from '../../../core/api';
import { PlaylistsApi } from '../playlists-api';
import { deferred, FakeApi, provideFakeApi } from '../../../../testing/fake-api';
import { PLAYLIST_ID } from '../../../../testing/fixtures/playlists';
import { blankFixture } from '../../../../testing/host';
import { settle } from '../../../../testing/settle';
import { ListingTracker } from './listing-tracker';

const REFRESH = `/api/playlists/${PLAYLIST_ID}/refresh`;
const progress = (stage: 'listing' | 'saving' | 'done', itemsFetched: number) =>
  ({ type: 'playlistFetchProgress', playlistId: PLAYLIST_ID, stage, itemsFetched }) as const;

describe('ListingTracker', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<unknown>;
  let tracker: ListingTracker;
  let listed: number;
  const shown = () => {
    const r = tracker.running();
    return r ? tracker.text(r) : null;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    TestBed.configureTestingModule({ providers: [provideFakeApi()] });
    api = TestBed.inject(FakeApi);
    fixture = blankFixture();
    listed = 0;
    tracker = new ListingTracker({
      api: TestBed.inject(PlaylistsApi),
      playlistId: signal(PLAYLIST_ID),
      listed: () => listed++,
    });
  });

  afterEach(() => vi.useRealTimers());

  it('shows the progress of its own refresh, then what the listing found', async () => {
    const answer = deferred<{ fetched: number; complete: boolean; warning: string | null }>();
    api.on('POST', REFRESH, () => answer.promise);
    void tracker.refresh();
    await settle(fixture);
    expect(shown()).toBe('Starting the listing…');
    tracker.onMessage(progress('listing', 120));
    expect(shown()).toBe('Listing the playlist: 120 entries read');
    tracker.onMessage(progress('done', 130));
    expect([shown(), listed]).toEqual(['Listing the playlist: 120 entries read', 0]);
    answer.resolve({ fetched: 130, complete: false, warning: 'Automatic downloads wait: the listing broke off.' });
    await settle(fixture);
    expect([shown(), tracker.notice(), tracker.warning(), listed]).toEqual([
      null,
      'Listed 130 entries, but the listing could not be verified as complete.',
      'Automatic downloads wait: the listing broke off.',
      1,
    ]);
  });

  it('follows a listing someone else runs until its last message', async () => {
    api.on('POST', REFRESH, () => {
      throw new ApiError(409, 'A listing of "Fixture Playlist" is already running', 'PLAYLISTS_FETCH_IN_PROGRESS');
    });
    void tracker.refresh();
    await settle(fixture);
    expect(tracker.error()).toBe('A listing of "Fixture Playlist" is already running. Its progress shows here.');
    expect(shown()).toBe('A listing of this playlist is running…');
    tracker.onMessage(progress('saving', 40));
    expect(shown()).toBe('Saving 40 entries…');
    tracker.onMessage(progress('done', 40));
    expect([shown(), tracker.error(), tracker.notice(), listed]).toEqual([
      null,
      null,
      'The listing finished: 40 entries read.',
      1,
    ]);
  });

  it('shows a running listing the detail reports, until the detail says it ended', () => {
    tracker.observe(true);
    expect(tracker.running()?.own).toBe(false);
    tracker.observe(false);
    expect(tracker.running()).toBeNull();
    tracker.onMessage(progress('listing', 5));
    expect(shown()).toBe('Listing the playlist: 5 entries read');
  });

  it('explains a failed refresh', async () => {
    api.on('POST', REFRESH, () => {
      throw new ApiError(503, 'The platform cannot be reached');
    });
    void tracker.refresh();
    await settle(fixture);
    expect([shown(), tracker.error()]).toEqual([null, 'Not refreshed: The platform cannot be reached']);
  });
});
