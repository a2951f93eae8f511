import { describe, expect, it } from 'vitest';
import { describeServerFailure, isStaleConnection } from './failures.js';
import { connectionToTry, movedFolderLibraries, pickLibraries, refreshPlan } from './settings.js';

const libs = [
  { id: 'aaaa-1111', type: 'homevideos', locations: ['/data'] },
  { id: 'bbbb2222', type: 'movies', locations: ['/movies'] },
  { id: 'm1', type: 'music', locations: ['/data'] },
];

describe('movedFolderLibraries', () => {
  it('rescans the libraries holding the old or the new place, else every library of both types', () => {
    const moved = [{ from: '/data/Chan', to: '/data/__Kids/Chan' }];
    expect(movedFolderLibraries(moved, libs, [])).toEqual(['aaaa-1111', 'm1']);
    expect(movedFolderLibraries([{ from: '/movies/Chan', to: '/data/Chan' }], libs, ['bbbb2222'])).toEqual([
      'bbbb2222',
      'm1',
    ]);
    expect(movedFolderLibraries([{ from: '/srv/a', to: '/srv/b' }], libs, [])).toEqual(['aaaa-1111', 'bbbb2222', 'm1']);
  });
});

describe('pickLibraries', () => {
  it('takes the music libraries for audio and the chosen (or all other) libraries for video', () => {
    expect(pickLibraries(libs, [], 'audio')).toEqual({ libraries: [libs[2]] });
    expect(pickLibraries(libs, [], 'video')).toEqual({ libraries: [libs[0], libs[1]] });
    // Ids compare without dashes and case, as Jellyfin writes GUIDs either way.
    expect(pickLibraries(libs, ['AAAA1111'], 'video')).toEqual({ libraries: [libs[0]] });
  });

  it('says why none fits', () => {
    expect(pickLibraries(libs.slice(0, 2), [], 'audio')).toEqual({ none: 'music' });
    expect(pickLibraries(libs, ['gone'], 'video')).toEqual({ none: 'chosen' });
    expect(pickLibraries([libs[2]!], [], 'video')).toEqual({ none: 'video' });
  });
});

describe('refreshPlan', () => {
  it('names the files the libraries hold and rescans where the server sees them elsewhere', () => {
    expect(refreshPlan({ video: ['/data/a.mp4'], audio: ['/data/a.mp3'] }, libs, ['aaaa1111'])).toEqual({
      paths: ['/data/a.mp4', '/data/a.mp3'],
      libraryIds: [],
    });
    expect(refreshPlan({ video: ['/srv/a.mp4'], audio: [] }, libs, [])).toEqual({
      paths: [],
      libraryIds: ['aaaa-1111', 'bbbb2222'],
    });
  });

  it('leaves out a type without a library', () => {
    expect(refreshPlan({ video: [], audio: ['/data/a.mp3'] }, libs.slice(0, 2), [])).toEqual({
      paths: [],
      libraryIds: [],
    });
  });
});

describe('connectionToTry', () => {
  const saved = { url: 'http://jf:8096', apiKey: 'saved' };

  it('fills what the request leaves out from the saved settings', () => {
    expect(connectionToTry({}, saved)).toEqual(saved);
    expect(connectionToTry({ url: 'http://JF:8096/' }, saved)).toEqual({ url: 'http://JF:8096/', apiKey: 'saved' });
    expect(connectionToTry({ apiKey: 'new' }, saved)).toEqual({ url: 'http://jf:8096', apiKey: 'new' });
  });

  it('never sends the saved key to another URL, and says what is missing', () => {
    expect(connectionToTry({ url: 'http://evil:1' }, saved)).toEqual({ missing: 'key-for-new-url' });
    expect(connectionToTry({ url: 'http://evil:1', apiKey: 'k' }, saved)).toEqual({
      url: 'http://evil:1',
      apiKey: 'k',
    });
    expect(connectionToTry({}, { url: '', apiKey: '' })).toEqual({ missing: 'url' });
    expect(connectionToTry({}, { url: 'http://jf', apiKey: '' })).toEqual({ missing: 'key' });
  });
});

describe('describeServerFailure', () => {
  const noAnswer = (code: string) =>
    describeServerFailure(
      'Emby',
      { error: Object.assign(new TypeError('fetch failed'), { cause: { code } }), url: 'http://e', timeoutMs: 30_000 },
      'Keys',
    );

  it('words a rejected key, an error answer and no answer', () => {
    expect(describeServerFailure('Emby', { status: 401, body: '' }, 'Settings > API Keys')).toEqual({
      kind: 'key-rejected',
      message: 'Emby rejected the API key (HTTP 401); create one under Settings > API Keys',
    });
    expect(describeServerFailure('Emby', { status: 500, body: ' Object reference\n not set ' }, 'x')).toEqual({
      kind: 'failed',
      message: 'Emby answered HTTP 500: Object reference not set',
    });
    expect(noAnswer('ECONNREFUSED')).toEqual({
      kind: 'unreachable',
      message: 'Emby is not reachable at http://e (connection refused)',
    });
    expect(noAnswer('EXYZ').message).toBe('Emby is not reachable at http://e (EXYZ)');
    const timeout = Object.assign(new Error('t'), { name: 'TimeoutError' });
    expect(describeServerFailure('Emby', { error: timeout, url: 'http://e', timeoutMs: 30_000 }, 'x').message).toBe(
      'Emby is not reachable at http://e (no answer within 30 s)',
    );
  });

  it('knows a closed kept-alive connection', () => {
    expect(isStaleConnection({ cause: { code: 'UND_ERR_SOCKET' } })).toBe(true);
    expect(isStaleConnection({ cause: { code: 'ECONNREFUSED' } })).toBe(false);
    expect(isStaleConnection(null)).toBe(false);
  });
});
