import { describe, expect, it } from 'vitest';
import { parsePlatformUrl, playlistIdFrom, shortsUrl, videoUrl } from './url.js';

describe('playlistIdFrom', () => {
  it.each([
    ['https://www.youtube.com/playlist?list=PLabc123_-xyz', 'PLabc123_-xyz'],
    ['youtube.com/playlist?list=PLabc123_-xyz', 'PLabc123_-xyz'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=OLAK5uy_abcdefgh', 'OLAK5uy_abcdefgh'],
    ['https://music.youtube.com/playlist?list=PLmusic12345', 'PLmusic12345'],
    ['  PLabcdefgh12  ', 'PLabcdefgh12'],
    ['UUaaaaaaaaaaaaaaaaaaaaaa', 'UUaaaaaaaaaaaaaaaaaaaaaa'],
  ])('%s -> %s', (input, id) => {
    expect(playlistIdFrom(input)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://example.com/playlist?list=PLabc123',
    'https://www.youtube.com/playlist?list=PL<script>',
    'not a url at all',
    'PL',
  ])('%s names no playlist', (input) => {
    expect(playlistIdFrom(input)).toBeNull();
  });
});

describe('parsePlatformUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { kind: 'video', sourceId: 'dQw4w9WgXcQ' }],
    ['youtu.be/dQw4w9WgXcQ', { kind: 'video', sourceId: 'dQw4w9WgXcQ' }],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', { kind: 'video', sourceId: 'dQw4w9WgXcQ' }],
    ['https://www.youtube.com/playlist?list=PLabc123', { kind: 'playlist', playlistId: 'PLabc123' }],
    ['https://www.youtube.com/@handle', { kind: 'channel' }],
  ])('%s', (input, parsed) => {
    expect(parsePlatformUrl(input)).toEqual(parsed);
  });

  it('says why a URL is not one of the platform', () => {
    expect(parsePlatformUrl('https://example.com/watch?v=dQw4w9WgXcQ')).toMatchObject({ kind: 'invalid' });
    expect(parsePlatformUrl('ftp://www.youtube.com/watch?v=dQw4w9WgXcQ')).toMatchObject({ kind: 'invalid' });
  });

  it('builds the canonical addresses back', () => {
    expect(parsePlatformUrl(videoUrl('dQw4w9WgXcQ'))).toEqual({ kind: 'video', sourceId: 'dQw4w9WgXcQ' });
    expect(parsePlatformUrl(shortsUrl('dQw4w9WgXcQ'))).toEqual({ kind: 'video', sourceId: 'dQw4w9WgXcQ' });
  });
});
