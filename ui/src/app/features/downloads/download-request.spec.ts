import {
  alreadyText,
  buildDownloadRequest,
  followPage,
  countUrls,
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

  it('keeps a line of words whole, so the server can say what is wrong with it', () => {
    expect(parseUrls(`${A}\nnot a url at all`)).toEqual([A, 'not a url at all']);
  });
});

describe('countUrls', () => {
  it('counts only what looks like a URL', () => {
    expect(countUrls(`${A}\nnot a url at all\n${B} youtube.com/watch?v=ccccccccccc`)).toEqual({ urls: 3, other: 1 });
    expect(countUrls('')).toEqual({ urls: 0, other: 0 });
  });
});

describe('alreadyText', () => {
  it('names the resolution tier and the day', () => {
    expect(alreadyText({ video_resolution: '1920x1080', downloadedAt: '2026-11-20T10:00:00.000Z' })).toBe(
      'already downloaded (1080p, 2026-11-20)',
    );
    expect(alreadyText({ video_resolution: null, downloadedAt: '2026-11-20T10:00:00.000Z' })).toBe(
      'already downloaded (2026-11-20)',
    );
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

describe('followPage', () => {
  it('links a refused playlist or channel URL to the page that follows it', () => {
    expect(
      followPage(
        'Playlist URLs are not single videos; follow the playlist on the Playlists page instead, or send video URLs',
      ),
    ).toEqual({ path: '/playlists', label: 'Playlists' });
    expect(followPage('Channel URLs are not single videos; follow the channel on the Channels page instead')).toEqual({
      path: '/channels',
      label: 'Channels',
    });
    expect(followPage('url is not a valid URL')).toBeNull();
  });
});
