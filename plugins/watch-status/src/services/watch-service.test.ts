import { describe, expect, it } from 'vitest';
import type { WatchWithUser } from './store.js';
import { watchOfRows } from './watch-service.js';

const row = (userName: string, primary: boolean, played: boolean, last: string | null): WatchWithUser => ({
  sourceId: 'v1',
  serverType: 'plex',
  serverUserId: userName,
  userName,
  primary,
  played,
  playCount: played ? 1 : 0,
  positionMs: 0,
  percentWatched: null,
  lastWatchedAt: last ? new Date(last) : null,
  lastSyncedAt: new Date(0),
});
const label = () => 'Plex';

describe('watchOfRows', () => {
  const rows = [row('Ann', true, false, null), row('Ben', false, true, '2026-11-01T00:00:00Z')];
  it('any: watched when any user played it', () => {
    expect(watchOfRows(rows, 'any', label)).toEqual({
      watched: true,
      watchedBy: ['Ben (Plex)'],
      lastWatchedAt: new Date('2026-11-01T00:00:00Z'),
    });
  });
  it('primary: only the primary account counts, the others still show as having watched it', () => {
    expect(watchOfRows(rows, 'primary', label)).toMatchObject({ watched: false, watchedBy: ['Ben (Plex)'] });
    expect(watchOfRows([row('Ann', true, true, null)], 'primary', label).watched).toBe(true);
  });
});
