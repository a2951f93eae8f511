import { followedAutomatically, playlist, playlistVideo as video } from '../../../testing/fixtures/playlists';
import {
  autoDownloadState,
  canSelectForAutomatic,
  listingText,
  playlistVideosQuery,
  videoBadges,
  videoTitle,
} from './playlist-format';

describe('playlist-format', () => {
  it('says in plain words whether automatic downloads run, wait and why, or are off', () => {
    expect(autoDownloadState(playlist())).toEqual({ kind: 'off', text: 'Automatic downloads are off.' });
    const on = autoDownloadState(followedAutomatically());
    expect(on.kind).toBe('on');
    expect(on.text).toMatch(
      /^Automatic downloads are on: videos added after Mar 1, 2026, .+ download by themselves\.$/,
    );
    const tooLarge = autoDownloadState(
      playlist({ auto_download: true, auto_download_setup_error: 'PLAYLIST_TOO_LARGE' }),
    );
    expect(tooLarge.kind).toBe('waiting');
    expect(tooLarge.text).toContain('more than 5,000 entries');
    expect(tooLarge.text).toContain('Follow it by hand');
    const incomplete = autoDownloadState(
      followedAutomatically({ auto_download_setup_error: 'PLAYLIST_REFRESH_INCOMPLETE' }),
    );
    expect(incomplete.text).toContain('could not be verified as complete');
    expect(incomplete.text).toContain('after a complete refresh');
    expect(autoDownloadState(playlist({ auto_download: true })).text).toContain('wait for a starting point');
  });

  it('offers "Select for automatic download" only with automatic downloads on and a starting point', () => {
    expect(canSelectForAutomatic(followedAutomatically())).toBe(true);
    expect(canSelectForAutomatic(playlist({ auto_download: true }))).toBe(false);
    expect(canSelectForAutomatic(playlist({ auto_download_baseline_at: '2026-03-01T12:00:00.000Z' }))).toBe(false);
  });

  it('says when the playlist was listed and whether completely', () => {
    expect(listingText(playlist({ lastFetched: null }))).toBe('Not listed yet');
    expect(listingText(playlist())).toMatch(/^Last listed Mar 1, 2026, .+[AP]M$/);
    expect(listingText(playlist({ last_listing_complete: false }))).toMatch(/\(not verified as complete\)$/);
  });

  it('gives each state of an entry its badge', () => {
    const keys = (v: ReturnType<typeof video>) => videoBadges(v).map((b) => b.key);
    expect(keys(video(1))).toEqual([]);
    expect(keys(video(1, { downloaded: true, previously_downloaded: true }))).toEqual(['downloaded']);
    expect(keys(video(1, { previously_downloaded: true, active: 'queued' }))).toEqual(['queued', 'previously']);
    expect(keys(video(1, { active: 'downloading', auto_download_requested: true }))).toEqual([
      'downloading',
      'requested',
    ]);
    expect(keys(video(1, { unavailable: true, ignored: true }))).toEqual(['unavailable', 'ignored']);
    expect(keys(video(1, { downloaded: true, auto_download_requested: true }))).toEqual(['downloaded']);
    expect(videoBadges(video(1, { unavailable: true }))[0]).toEqual({
      text: 'Private or deleted',
      kind: 'bad',
      key: 'unavailable',
    });
  });

  it('names entries without a title', () => {
    expect(videoTitle(video(1))).toBe('Entry 1');
    expect(videoTitle(video(1, { title: null, unavailable: true }))).toBe('Private or deleted video');
    expect(videoTitle(video(1, { title: null }))).toBe('pl000000001');
  });

  it('asks for position order, its reverse, or the newest first seen', () => {
    const state = {
      pageIndex: 1,
      pageSize: 50,
      search: '',
      sortBy: 'position',
      sortOrder: 'asc',
      downloadState: 'all',
    } as const;
    expect(playlistVideosQuery(state)).toEqual({ page: 2, pageSize: 50, sortOrder: 'asc', downloadState: 'all' });
    expect(playlistVideosQuery({ ...state, sortOrder: 'desc', search: 'live' })).toMatchObject({
      sortOrder: 'desc',
      search: 'live',
    });
    expect(playlistVideosQuery({ ...state, sortBy: 'first_seen', sortOrder: 'asc' }).sortOrder).toBe('recent');
  });

  it('asks for a watched state only when one is chosen', () => {
    const state = {
      pageIndex: 0,
      pageSize: 50,
      search: '',
      sortBy: 'position',
      sortOrder: 'asc',
      downloadState: 'all',
    } as const;
    expect(playlistVideosQuery({ ...state, watchedState: 'any' })).not.toHaveProperty('watchedState');
    expect(playlistVideosQuery({ ...state, watchedState: 'unwatched' })).toMatchObject({ watchedState: 'unwatched' });
  });
});
