import { describe, expect, it } from 'vitest';
import { idInName, infoJsonName, mediaKind, preferenceOf } from './media-files.js';

describe('media files', () => {
  it('tells videos and audio from sidecars, fragments and partial downloads', () => {
    expect(mediaKind('Clip [abcdefghijk].mp4')).toBe('video');
    expect(mediaKind('Clip [abcdefghijk].MKV')).toBe('video');
    expect(mediaKind('Clip [abcdefghijk].mp3')).toBe('audio');
    expect(mediaKind('Clip [abcdefghijk].m4a')).toBe('audio');
    for (const name of [
      'Clip [abcdefghijk].info.json',
      'Clip [abcdefghijk].jpg',
      'Clip [abcdefghijk].en.srt',
      'Clip [abcdefghijk].f137.mp4',
      'Clip [abcdefghijk].mp4.part',
      'Clip [abcdefghijk].temp.mp4',
      '.Clip [abcdefghijk].mp4.1a2b.vidkeep-part',
      '.hidden.mp4',
    ])
      expect(mediaKind(name), name).toBeNull();
  });

  it('reads the id from the last [11 characters] before the extension', () => {
    expect(idInName('Title [dQw4w9WgXcQ].mp4')).toBe('dQw4w9WgXcQ');
    expect(idInName('Channel - [live] Title [a-b_c1234XY].webm')).toBe('a-b_c1234XY');
    expect(idInName('[aaaaaaaaaaa] remix [bbbbbbbbbbb].mp4')).toBe('bbbbbbbbbbb');
    expect(idInName('Title [1080p].mp4')).toBeNull();
    expect(idInName('Title [dQw4w9WgXcQX].mp4')).toBeNull();
    expect(idInName('holiday.mp4')).toBeNull();
    // The extension is not part of the name.
    expect(idInName('Title.[abcdefghijk]')).toBeNull();
  });

  it('names the info.json beside a media file, and prefers mp4 among several files of a video', () => {
    expect(infoJsonName('Title [dQw4w9WgXcQ].mp4')).toBe('Title [dQw4w9WgXcQ].info.json');
    expect(preferenceOf('a.mp4')).toBeLessThan(preferenceOf('a.webm'));
    expect(preferenceOf('a.mkv')).toBeLessThan(preferenceOf('a.avi'));
  });
});
