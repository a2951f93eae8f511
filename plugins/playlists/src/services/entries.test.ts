import { describe, expect, it } from 'vitest';
import { parsePlaylistEntry, parsePlaylistPage, reportedCountOf } from './entries.js';
import { judgeListing } from './platform.js';

const CH = 'UCaaaaaaaaaaaaaaaaaaaaaa';

describe('parsePlaylistEntry', () => {
  it("keeps the video's own uploader, never the playlist owner", () => {
    const e = parsePlaylistEntry(
      {
        id: 'abcdefghijk',
        title: ' A video ',
        channel: 'Uploader',
        channel_id: CH,
        duration: 61.6,
        timestamp: 1_700_000_000,
        thumbnails: [{ url: 'small' }, { url: 'big' }],
        playlist_uploader: 'Owner',
      },
      3,
    );
    expect(e).toEqual({
      sourceId: 'abcdefghijk',
      position: 3,
      title: 'A video',
      channelId: CH,
      channelName: 'Uploader',
      duration: 62,
      publishedAt: new Date(1_700_000_000_000),
      thumbnail: 'big',
      unavailable: false,
    });
  });

  it.each(['[Private video]', '[Deleted video]', '[Unavailable video]', '[private Video]'])(
    '%s is an unavailable placeholder that keeps its place',
    (title) => {
      expect(parsePlaylistEntry({ id: 'abcdefghijk', title, channel: 'X', channel_id: CH }, 2)).toMatchObject({
        position: 2,
        unavailable: true,
        channelId: null,
        channelName: null,
      });
    },
  );

  it('an entry whose availability is private is unavailable too; nested playlists and bad ids are skipped', () => {
    expect(parsePlaylistEntry({ id: 'abcdefghijk', title: 'x', availability: 'private' }, 1)?.unavailable).toBe(true);
    expect(parsePlaylistEntry({ id: 'PLx', _type: 'playlist' }, 1)).toBeNull();
    expect(parsePlaylistEntry({ id: '../etc/passwd', title: 'x' }, 1)).toBeNull();
    expect(parsePlaylistEntry({ title: 'no id' }, 1)).toBeNull();
  });
});

describe('playlist page and counts', () => {
  it('reads the playlist fields of -I 0', () => {
    expect(
      parsePlaylistPage(
        {
          id: 'PLabcdefgh',
          title: 'Mix',
          uploader: 'Owner',
          channel_id: CH,
          availability: 'unlisted',
          playlist_count: 7,
        },
        'PLfallback',
      ),
    ).toMatchObject({ playlistId: 'PLabcdefgh', title: 'Mix', uploader: 'Owner', uploaderId: CH, reportedCount: 7 });
    expect(reportedCountOf({ playlist_count: 12 })).toBe(12);
    expect(reportedCountOf({ n_entries: 4 })).toBe(4);
    expect(reportedCountOf({ playlist_count: 'many' })).toBeNull();
  });
});

describe('judgeListing', () => {
  it.each([
    [3, 3, true, true, false],
    [3, null, true, true, false],
    [5000, 5000, true, true, false],
    [5001, 5001, true, false, true],
    [5000, 5001, true, false, true],
    [2, 3, true, false, false],
    [2, 3, false, false, false],
    [3, 3, false, false, false],
  ])('read %s of %s, finished %s: complete %s, too large %s', (read, reported, finished, complete, tooLarge) => {
    const j = judgeListing(read, reported, finished);
    expect(j.complete).toBe(complete);
    expect(j.tooLarge).toBe(tooLarge);
    expect(j.problem === null).toBe(complete);
  });
});
