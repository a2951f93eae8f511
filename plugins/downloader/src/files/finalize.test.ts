import { describe, expect, it } from 'vitest';
import { reportedResolution } from './finalize.js';

describe('reportedResolution', () => {
  it('is the width and height yt-dlp reports for the downloaded format', () => {
    expect(reportedResolution({ width: 1280, height: 720 })).toBe('1280x720');
    expect(reportedResolution({ width: 1080, height: 1920 })).toBe('1080x1920');
  });

  it('is null (ffprobe then measures the file) when yt-dlp does not say', () => {
    expect(reportedResolution({})).toBeNull();
    expect(reportedResolution({ width: 1280 })).toBeNull();
    expect(reportedResolution({ width: null, height: null })).toBeNull();
    expect(reportedResolution({ width: 0, height: 0 })).toBeNull();
    expect(reportedResolution({ width: '1280', height: '720' })).toBeNull();
    expect(reportedResolution({ width: 1280.5, height: 720 })).toBeNull();
  });
});
