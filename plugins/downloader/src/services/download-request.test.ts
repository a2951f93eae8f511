import { isDomainError, type AuthContext, type DownloadRequest } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { parseDownloadRequest, type ManualJob } from './download-request.js';

const SESSION: AuthContext = { kind: 'session', username: 'admin', sessionId: 1 };
const KEY: AuthContext = { kind: 'apiKey', keyId: 2, keyName: 'phone' };
const DISABLED: AuthContext = { kind: 'disabled', username: 'admin' };
const A = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
const B = 'https://youtu.be/bbbbbbbbbbb';
const PLAYLIST = 'https://www.youtube.com/playlist?list=PLxxxxxxxxxxxxxxxx';
const CHANNEL = 'https://www.youtube.com/@somebody';

/** The error a request is refused with, as `CODE: message`. */
function refusal(body: DownloadRequest, auth: AuthContext): string {
  try {
    parseDownloadRequest(body, auth);
  } catch (err) {
    if (isDomainError(err) && err.kind === 'invalid-input') return `${err.code}: ${err.message}`;
    throw err;
  }
  throw new Error('accepted');
}

describe('parseDownloadRequest', () => {
  it.each<[string, DownloadRequest, AuthContext, Partial<ManualJob>]>([
    ['one video', { url: A }, SESSION, { sourceIds: ['aaaaaaaaaaa'], options: {}, requestedBy: 'admin' }],
    ['several videos', { urls: [A, B, A] }, SESSION, { sourceIds: ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'aaaaaaaaaaa'] }],
    ['an API key names itself', { url: B }, KEY, { sourceIds: ['bbbbbbbbbbb'], requestedBy: 'api key "phone"' }],
    ['without authentication the configured user asks', { url: A }, DISABLED, { requestedBy: 'admin' }],
    ['nobody asks anonymously', { url: A }, { kind: 'anonymous' }, { requestedBy: null }],
    [
      'the options given, an empty subfolder meaning none',
      { url: A, resolution: '720', subfolder: '', skipVideoFolder: true, audioFormat: null },
      SESSION,
      { options: { resolution: '720', subfolder: null, skipVideoFolder: true, audioFormat: null } },
    ],
    ['a subfolder', { url: A, subfolder: 'kids' }, SESSION, { options: { subfolder: 'kids' } }],
    ['a subfolder typed with spaces', { url: A, subfolder: ' kids ' }, SESSION, { options: { subfolder: 'kids' } }],
    ['a blank subfolder meaning none', { url: A, subfolder: '   ' }, SESSION, { options: { subfolder: null } }],
  ])('accepts %s', (_name, body, auth, expected) => {
    expect(parseDownloadRequest(body, auth)).toMatchObject(expected);
  });

  it.each<[string, DownloadRequest, AuthContext, string]>([
    [
      'url and urls together',
      { url: A, urls: [B] },
      SESSION,
      'DOWNLOAD_INVALID_URL: Send either url or urls, not both',
    ],
    ['no url', {}, SESSION, 'DOWNLOAD_INVALID_URL: url is required'],
    [
      'urls from an API key',
      { urls: [A] },
      KEY,
      'DOWNLOAD_BATCH_NOT_ALLOWED: API keys queue one video per request: send url instead of urls',
    ],
    [
      'a playlist from a session',
      { url: PLAYLIST },
      SESSION,
      'DOWNLOAD_INVALID_URL: Playlist URLs are not single videos; follow the playlist on the Playlists page instead, or send video URLs',
    ],
    [
      'a channel from an API key',
      { url: CHANNEL },
      KEY,
      'DOWNLOAD_BATCH_NOT_ALLOWED: Channel URLs cannot be queued with an API key; send a single video URL',
    ],
    ['a URL that is not one', { url: 'ftp://x' }, SESSION, 'DOWNLOAD_INVALID_URL: url must be an http(s) URL'],
    [
      'a batch whose only line is bad, naming it',
      { urls: ['ftp://x'] },
      SESSION,
      'DOWNLOAD_INVALID_URL: The line is not usable: must be an http(s) URL: ftp://x',
    ],
    [
      'a batch of bad lines only',
      { urls: ['not a url at all', PLAYLIST] },
      SESSION,
      'DOWNLOAD_INVALID_URL: None of the 2 lines is a video URL of the platform',
    ],
    [
      'a subfolder with a slash',
      { url: A, subfolder: 'a/b' },
      SESSION,
      'CORE_VALIDATION_FAILED: subfolder must be a single folder name (no slashes or control characters)',
    ],
    [
      'the reserved subfolder',
      { url: A, subfolder: '__playlists__' },
      SESSION,
      'CORE_VALIDATION_FAILED: subfolder name __playlists__ is reserved',
    ],
  ])('refuses %s', (_name, body, auth, expected) => {
    expect(refusal(body, auth)).toBe(expected);
  });

  it("queues a session batch's valid lines and lists every other line with its reason in words", () => {
    const job = parseDownloadRequest({ urls: [A, 'not a url at all', PLAYLIST, B, CHANNEL] }, SESSION);
    expect(job.sourceIds).toEqual(['aaaaaaaaaaa', 'bbbbbbbbbbb']);
    expect(job.rejected).toEqual([
      { line: 2, input: 'not a url at all', reason: 'not a valid URL' },
      {
        line: 3,
        input: PLAYLIST,
        reason: 'a playlist URL, not a single video: follow the playlist on the Playlists page',
      },
      { line: 5, input: CHANNEL, reason: 'a channel URL, not a single video: follow the channel on the Channels page' },
    ]);
  });

  it('names each bad line of a refused batch in the details', () => {
    try {
      parseDownloadRequest({ urls: ['nope', PLAYLIST] }, SESSION);
      throw new Error('accepted');
    } catch (err) {
      expect(isDomainError(err) && err.details).toEqual([
        { path: '/urls/0', message: 'not a video URL of the platform: nope' },
        {
          path: '/urls/1',
          message: `a playlist URL, not a single video: follow the playlist on the Playlists page: ${PLAYLIST}`,
        },
      ]);
    }
  });
});
