import { WATCHED_STATE_CHOICES, watchBadgeText, watchDetail, watchKind, watchedStateQuery } from './watch-state';

describe('watch state in words', () => {
  it('tells watched, unwatched and unknown apart (unknown is never unwatched)', () => {
    expect(watchKind({ watched: true, watched_by: ['ann (Plex)'] })).toBe('watched');
    expect(watchKind({ watched: false, watched_by: [] })).toBe('unwatched');
    expect(watchKind({ watched: null, watched_by: [] })).toBe('unknown');
    expect(watchBadgeText({ watched: null, watched_by: [] })).toBe('Watch state unknown');
  });

  it('names who watched it', () => {
    expect(watchDetail({ watched: true, watched_by: ['ann (Plex)', 'bob (Jellyfin)'] })).toBe(
      'Watched by ann (Plex), bob (Jellyfin)',
    );
    expect(watchDetail({ watched: false, watched_by: [] })).toBe(
      'The media servers know it; nobody has watched it yet',
    );
    // Under the primary rule another account's viewing does not count, but it is still shown.
    expect(watchDetail({ watched: false, watched_by: ['kid (Emby)'] })).toBe(
      'Not watched by a primary account; watched by kid (Emby)',
    );
    expect(watchDetail({ watched: null, watched_by: [] })).toBe('No media server has reported on this video yet');
  });

  it('offers every watchedState of the API and leaves "any" out of the query', () => {
    expect(WATCHED_STATE_CHOICES.map((c) => c.value)).toEqual(['any', 'watched', 'unwatched', 'unknown']);
    expect(watchedStateQuery('any')).toBeUndefined();
    expect(watchedStateQuery('unknown')).toBe('unknown');
  });
});
