import { describe, expect, it } from 'vitest';
import {
  baseUrlOf,
  channelFolderOf,
  earlierScopes,
  isConfigured,
  playlistTokenOf,
  refreshTargets,
  withScope,
  type PlexSettings,
} from './settings.js';

const settings = (patch: Partial<PlexSettings> = {}): PlexSettings => ({
  mediaserverUrl: '',
  plexIP: '',
  plexPort: '32400',
  plexViaHttps: false,
  plexApiKey: '',
  plexPlaylistToken: '',
  plexSourceLibraryId: '',
  plexSubfolderLibraryMappings: [],
  plexPlaylistTokenHistory: '',
  plexWatchStatusAllUsers: true,
  ...patch,
});

describe('baseUrlOf', () => {
  it.each([
    [{ mediaserverUrl: 'http://plex:32400/', plexIP: '10.0.0.2' }, 'http://plex:32400'],
    [{ plexIP: '10.0.0.2' }, 'http://10.0.0.2:32400'],
    [{ plexIP: 'plex.lan', plexPort: '443', plexViaHttps: true }, 'https://plex.lan:443'],
    [{ plexIP: 'plex.lan', plexPort: '' }, 'http://plex.lan:32400'],
    [{ plexIP: 'fd00::2' }, 'http://[fd00::2]:32400'],
    [{ mediaserverUrl: '  ' }, null],
    [{}, null],
  ])('%j -> %s (mediaserverUrl, which MEDIASERVER_URL sets, wins over IP/port/https)', (patch, url) => {
    expect(baseUrlOf(settings(patch))).toBe(url);
  });

  it('configured = an address and a token', () => {
    expect(isConfigured(settings({ plexIP: 'x' }))).toBe(false);
    expect(isConfigured(settings({ plexApiKey: 't' }))).toBe(false);
    expect(isConfigured(settings({ plexIP: 'x', plexApiKey: 't' }))).toBe(true);
  });
});

describe('the playlist scope', () => {
  it('is the playlist token, else the admin token; UNCLAIMED_SERVER sends none', () => {
    expect(playlistTokenOf(settings({ plexApiKey: 'admin' }))).toBe('admin');
    expect(playlistTokenOf(settings({ plexApiKey: 'admin', plexPlaylistToken: 'friend' }))).toBe('friend');
    expect(playlistTokenOf(settings({ plexApiKey: 'admin', plexPlaylistToken: 'UNCLAIMED_SERVER' }))).toBeNull();
  });

  it('keeps the scopes earlier syncs used, newest first, at most five, and lists the ones other than the current', () => {
    expect(withScope('', 'a')).toBe('a');
    expect(withScope('a', 'a')).toBeNull();
    expect(withScope('a b', 'b')).toBe('b a');
    expect(withScope('a', null)).toBe('UNCLAIMED_SERVER a');
    expect(withScope('a b c d e', 'f')).toBe('f a b c d');
    expect(earlierScopes('b UNCLAIMED_SERVER a', 'b')).toEqual([null, 'a']);
    expect(earlierScopes('', 'b')).toEqual([]);
  });
});

describe('library refresh after a job', () => {
  const out = '/data';
  it('scans the channel folder of each file (under a subfolder too), or the file folder outside the output', () => {
    expect(channelFolderOf(out, '/data/Chan/Chan - A - id/Chan - A [id].mp4')).toBe('/data/Chan');
    expect(channelFolderOf(out, '/data/Chan/Chan - A [id].mp4')).toBe('/data/Chan');
    expect(channelFolderOf(out, '/data/__Kids/Chan/x/a.mp4')).toBe('/data/__Kids/Chan');
    expect(channelFolderOf(out, '/elsewhere/x/a.mp4')).toBe('/elsewhere/x');
  });

  it('uses the subfolder mapping, else the default library; one request per folder, the whole library past five', () => {
    const s = settings({
      plexSourceLibraryId: '1',
      plexSubfolderLibraryMappings: [
        { subfolder: 'Kids', libraryId: '7' },
        { subfolder: null, libraryId: '3' },
      ],
    });
    expect(
      refreshTargets(
        [
          { subfolder: 'Kids', path: '/data/__Kids/A/a/a.mp4' },
          { subfolder: 'Kids', path: '/data/__Kids/A/b/b.mp4' },
          { subfolder: null, path: '/data/B/b.mp4' },
          { subfolder: 'Music', path: '/data/__Music/C/c.mp3' },
        ],
        s,
        out,
      ),
    ).toEqual([
      { libraryId: '7', paths: ['/data/__Kids/A'] },
      { libraryId: '3', paths: ['/data/B'] },
      { libraryId: '1', paths: ['/data/__Music/C'] },
    ]);
    const many = Array.from({ length: 6 }, (_, i) => ({ subfolder: null, path: `/data/C${i}/v.mp4` }));
    expect(refreshTargets(many, settings({ plexSourceLibraryId: '1' }), out)).toEqual([
      { libraryId: '1', paths: null },
    ]);
    expect(refreshTargets(many, settings(), out)).toEqual([]);
  });
});
