import { describe, expect, it } from 'vitest';
import { statesFromItems, watchUsers } from './watch.js';

const files = [
  { path: '/data/Chan/Clip 1 [a].mp4', relativePath: 'Chan/Clip 1 [a].mp4' },
  { path: '/data/Chan/Clip 2 [b].mp4', relativePath: 'Chan/Clip 2 [b].mp4' },
];

describe('statesFromItems', () => {
  it('maps UserData of the items that are vidkeep files, wherever the server mounts them', () => {
    const states = statesFromItems(files, [
      {
        Id: 'i1',
        Path: '/media/videos/Chan/Clip 1 [a].mp4',
        UserData: { Played: true, PlayCount: 2, PlaybackPositionTicks: 0, LastPlayedDate: '2026-11-20T10:00:00Z' },
      },
      {
        Id: 'i2',
        Path: '/media/videos/Chan/Clip 2 [b].mp4',
        UserData: { PlaybackPositionTicks: 300_000_000, PlayedPercentage: 50 },
      },
      { Id: 'i3', Path: '/media/other/Movie.mkv', UserData: { Played: true } },
    ]);
    expect(states).toEqual([
      {
        path: '/data/Chan/Clip 1 [a].mp4',
        played: true,
        playCount: 2,
        positionMs: 0,
        percentWatched: null,
        lastWatchedAt: new Date('2026-11-20T10:00:00Z'),
      },
      {
        path: '/data/Chan/Clip 2 [b].mp4',
        played: false,
        playCount: 0,
        positionMs: 30_000,
        percentWatched: 50,
        lastWatchedAt: null,
      },
    ]);
  });
});

describe('watchUsers', () => {
  const users = [
    { id: 'aaaa', name: 'kid', isAdministrator: false },
    { id: 'bbbb', name: 'admin', isAdministrator: true },
    { id: 'cc-cc', name: 'owner', isAdministrator: false },
  ];
  it('the configured user is primary (dashes and case ignored), else the first administrator', () => {
    expect(
      watchUsers(users, 'CCCC', true)
        .filter((u) => u.primary)
        .map((u) => u.name),
    ).toEqual(['owner']);
    expect(
      watchUsers(users, '', true)
        .filter((u) => u.primary)
        .map((u) => u.name),
    ).toEqual(['admin']);
  });
  it('with the all-users switch off only the primary account is synced', () => {
    expect(watchUsers(users, '', false)).toEqual([{ serverUserId: 'bbbb', name: 'admin', primary: true }]);
  });
});
