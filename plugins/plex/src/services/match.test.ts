import { describe, expect, it } from 'vitest';
import { matchFiles, sharedTail } from './match.js';

describe('matchFiles', () => {
  it('matches by base name, also under another mount path or with Windows separators', () => {
    const found = matchFiles(
      ['/data/Chan/Chan - A - aaa/Chan - A [aaa].mp4', '/data/Chan/Chan - B [bbb].mp4', '/data/missing.mp4'],
      [
        { ratingKey: '10', files: ['/media/youtube/Chan/Chan - A - aaa/Chan - A [aaa].mp4'] },
        { ratingKey: '11', files: ['D:\\yt\\Chan\\Chan - B [bbb].mp4'] },
      ],
    );
    expect([...found]).toEqual([
      ['/data/Chan/Chan - A - aaa/Chan - A [aaa].mp4', '10'],
      ['/data/Chan/Chan - B [bbb].mp4', '11'],
    ]);
  });

  it('breaks a tie of equal base names by the longest run of equal trailing folders', () => {
    const items = [
      { ratingKey: '1', files: ['/m/Other/video.mp4'] },
      { ratingKey: '2', files: ['/m/__Kids/Chan/video.mp4'] },
      { ratingKey: '3', files: ['/m/Chan/video.mp4'] },
    ];
    expect(matchFiles(['/data/__Kids/Chan/video.mp4'], items).get('/data/__Kids/Chan/video.mp4')).toBe('2');
    expect(matchFiles(['/m/Chan/video.mp4'], items).get('/m/Chan/video.mp4')).toBe('3');
  });

  it('looks at every part of an item (a multi-part item matches by any of its files)', () => {
    expect(matchFiles(['/d/b.mp4'], [{ ratingKey: '7', files: ['/d/a.mp4', '/d/b.mp4'] }]).get('/d/b.mp4')).toBe('7');
  });

  it('sharedTail counts equal trailing segments', () => {
    expect(sharedTail(['a', 'b', 'c'], ['x', 'b', 'c'])).toBe(2);
    expect(sharedTail(['a'], ['b'])).toBe(0);
  });
});
