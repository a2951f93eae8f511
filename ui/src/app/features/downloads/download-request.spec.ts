import {
  buildDownloadRequest,
  DOWNLOAD_BATCH_MAX,
  isResolution,
  parseUrls,
  type DownloadOptions,
} from './download-request';

const defaults: DownloadOptions = { resolution: '1080', subfolder: '', skipVideoFolder: false, audioFormat: null };
const A = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';
const B = 'https://youtu.be/bbbbbbbbbbb';

describe('parseUrls', () => {
  it('splits lines, trims and drops blanks', () => {
    expect(parseUrls(`  ${A}  \n\n\t${B}\r\n   `)).toEqual([A, B]);
  });

  it('removes duplicates and keeps the first order', () => {
    expect(parseUrls(`${B}\n${A}\n${B}`)).toEqual([B, A]);
  });

  it('accepts several URLs on one line', () => {
    expect(parseUrls(`${A} ${B}`)).toEqual([A, B]);
  });

  it('returns nothing for empty text', () => {
    expect(parseUrls(' \n \n')).toEqual([]);
  });
});

describe('buildDownloadRequest', () => {
  it('sends url for a single URL', () => {
    expect(buildDownloadRequest(`${A}\n`, defaults)).toEqual({
      ok: true,
      count: 1,
      body: { url: A, resolution: '1080' },
    });
  });

  it('sends urls for several URLs', () => {
    expect(buildDownloadRequest(`${A}\n${B}`, defaults)).toEqual({
      ok: true,
      count: 2,
      body: { urls: [A, B], resolution: '1080' },
    });
  });

  it('sends one url when the same URL was pasted twice', () => {
    const r = buildDownloadRequest(`${A}\n${A}`, defaults);
    expect(r.ok && r.body).toEqual({ url: A, resolution: '1080' });
  });

  it('adds the chosen options and leaves defaults out', () => {
    const r = buildDownloadRequest(A, {
      resolution: '720',
      subfolder: '  Music ',
      skipVideoFolder: true,
      audioFormat: 'video_mp3',
    });
    expect(r.ok && r.body).toEqual({
      url: A,
      resolution: '720',
      subfolder: 'Music',
      skipVideoFolder: true,
      audioFormat: 'video_mp3',
    });
    const bare = buildDownloadRequest(A, { ...defaults, resolution: null });
    expect(bare.ok && bare.body).toEqual({ url: A });
  });

  it('refuses empty input', () => {
    expect(buildDownloadRequest('  \n ', defaults)).toEqual({ ok: false, error: 'Paste at least one video URL' });
  });

  it('refuses more than the batch limit', () => {
    const text = Array.from(
      { length: DOWNLOAD_BATCH_MAX + 1 },
      (_, i) => `https://youtu.be/${String(i).padStart(11, 'x')}`,
    ).join('\n');
    const r = buildDownloadRequest(text, defaults);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('At most 50');
  });
});

describe('isResolution', () => {
  it('knows the server resolutions', () => {
    expect(isResolution('2160')).toBe(true);
    expect(isResolution('999')).toBe(false);
    expect(isResolution(undefined)).toBe(false);
  });
});
