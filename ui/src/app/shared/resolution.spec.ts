import { parseResolution, resolutionLabel, resolutionTier } from './resolution';

describe('parseResolution', () => {
  it('reads WIDTHxHEIGHT', () => {
    expect(parseResolution('1920x1080')).toEqual([1920, 1080]);
    expect(parseResolution(' 640X360 ')).toEqual([640, 360]);
  });

  it('refuses 0x0, null and garbage', () => {
    expect(parseResolution('0x0')).toBeNull();
    expect(parseResolution('1920x0')).toBeNull();
    expect(parseResolution(null)).toBeNull();
    expect(parseResolution(undefined)).toBeNull();
    expect(parseResolution('')).toBeNull();
    expect(parseResolution('1080p')).toBeNull();
    expect(parseResolution('axb')).toBeNull();
  });
});

describe('resolutionTier', () => {
  it.each([
    ['256x144', '144p'],
    ['426x240', '240p'],
    ['640x360', '360p'],
    ['854x480', '480p'],
    ['1280x720', '720p'],
    ['1920x1080', '1080p'],
    ['2560x1440', '1440p'],
    ['3840x2160', '4K'],
    ['7680x4320', '8K'],
  ])('labels landscape %s as %s', (value, label) => {
    expect(resolutionTier(value)).toBe(label);
  });

  it.each([
    ['1080x1920', '1080p'],
    ['720x1280', '720p'],
    ['2160x3840', '4K'],
    ['360x640', '360p'],
    ['1080x2400', '1080p'],
  ])('labels portrait %s by its smaller side: %s', (value, label) => {
    expect(resolutionTier(value)).toBe(label);
  });

  it('labels square videos by their side', () => {
    expect(resolutionTier('1080x1080')).toBe('1080p');
  });

  it('tolerates slightly short pictures', () => {
    expect(resolutionTier('1280x718')).toBe('720p');
    expect(resolutionTier('1918x1072')).toBe('1080p');
  });

  it('labels letterboxed and 4:3 pictures by the tier they belong to', () => {
    expect(resolutionTier('1920x800')).toBe('1080p');
    expect(resolutionTier('3840x1600')).toBe('4K');
    expect(resolutionTier('1440x1080')).toBe('1080p');
    expect(resolutionTier('640x480')).toBe('480p');
    expect(resolutionTier('2400x1080')).toBe('1080p');
  });

  it('shows tiny sizes as they are', () => {
    expect(resolutionTier('160x120')).toBe('120p');
  });

  it('never shows 0x0 or unknown values', () => {
    expect(resolutionTier('0x0')).toBeNull();
    expect(resolutionTier(null)).toBeNull();
    expect(resolutionTier('unknown')).toBeNull();
  });
});

describe('resolutionLabel', () => {
  const video = { filePath: '/out/a.mp4', audioFilePath: null };

  it('uses the tier of the measured resolution', () => {
    expect(resolutionLabel({ ...video, video_resolution: '1920x1080' })).toBe('1080p');
    expect(resolutionLabel({ ...video, video_resolution: '1080x1920' })).toBe('1080p');
  });

  it('shows nothing for 0x0 or an unchecked video', () => {
    expect(resolutionLabel({ ...video, video_resolution: '0x0' })).toBeNull();
    expect(resolutionLabel({ ...video, video_resolution: null })).toBeNull();
  });

  it('shows "audio" for audio-only downloads', () => {
    expect(resolutionLabel({ video_resolution: null, filePath: null, audioFilePath: '/out/a.mp3' })).toBe('audio');
  });

  it('does not call a video with an extra mp3 audio-only', () => {
    expect(resolutionLabel({ video_resolution: null, filePath: '/out/a.mp4', audioFilePath: '/out/a.mp3' })).toBeNull();
  });
});
