import { mediaUrl, SORT_CHOICES } from './library-query';

describe('mediaUrl', () => {
  it('adds the token to the query', () => {
    expect(mediaUrl('/api/videos/abc/file', 'tok')).toBe('/api/videos/abc/file?token=tok');
  });

  it('encodes the token and keeps other parameters', () => {
    expect(mediaUrl('/api/videos/abc/file', 'a+b/c=', { download: 'true' })).toBe(
      '/api/videos/abc/file?download=true&token=a%2Bb%2Fc%3D',
    );
  });

  it('leaves the token out when there is none', () => {
    expect(mediaUrl('/api/videos/abc/thumbnail', null)).toBe('/api/videos/abc/thumbnail');
  });
});

describe('SORT_CHOICES', () => {
  it('offers every sort field of the API once', () => {
    expect(SORT_CHOICES.map((s) => s.value).sort()).toEqual([
      'channelName',
      'downloadedAt',
      'duration',
      'fileSize',
      'title',
      'uploadDate',
    ]);
  });
});
