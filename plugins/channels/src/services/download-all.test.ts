import { describe, expect, it } from 'vitest';
import {
  checkedDownloadAllOverride,
  downloadAllJob,
  downloadAllPreview,
  estimatedBytes,
  sizeBasis,
} from './download-all.js';

const video = (sourceId: string, duration: number | null) => ({
  sourceId,
  title: `T ${sourceId}`,
  duration,
  thumbnail: null,
});
const rows = [video('a', 60), video('b', null), video('c', 30)];
const channel = { channelId: 'UCabcdefghijklmnopqrstuv', title: 'Alpha' };

describe('download-all preview', () => {
  it.each([
    ['nothing queued', new Map(), { count: 3, totalDurationSeconds: 90, missingDurations: 1, skipped: [] }],
    [
      'one already queued',
      new Map([['a', {}]]),
      { count: 2, totalDurationSeconds: 30, missingDurations: 1, skipped: [] },
    ],
    [
      'all queued',
      new Map(rows.map((r) => [r.sourceId, {}])),
      { count: 0, totalDurationSeconds: 0, missingDurations: 0, skipped: [] },
    ],
  ])('%s', (_what, active, preview) => {
    expect(downloadAllPreview(rows, active)).toEqual(preview);
  });

  it("leaves out what the channel's duration limits exclude, and says why", () => {
    expect(downloadAllPreview(rows, new Map(), { minDuration: 45, maxDuration: null })).toEqual({
      count: 2,
      totalDurationSeconds: 60,
      missingDurations: 1,
      skipped: [{ reason: "shorter than 0:45, the channel's minimum duration", count: 1 }],
    });
  });
});

describe('the size download-all would take', () => {
  it('counts a typical bitrate of the resolution, audio included', () => {
    expect(sizeBasis('1080', null)).toEqual({ resolution: '1080', audioFormat: null, kilobitsPerSecond: 3630 });
    expect(sizeBasis('360', null).kilobitsPerSecond).toBe(630);
    expect(sizeBasis('2160', null).kilobitsPerSecond).toBe(16130);
  });

  it('adds the mp3 of video_mp3, and counts only the mp3 of mp3_only', () => {
    expect(sizeBasis('720', 'video_mp3').kilobitsPerSecond).toBe(2000 + 130 + 192);
    expect(sizeBasis('720', 'mp3_only')).toEqual({ resolution: null, audioFormat: 'mp3_only', kilobitsPerSecond: 192 });
  });

  it('turns seconds into bytes: an hour of 1080p is about 1.6 GB', () => {
    expect(estimatedBytes(3600, 3630)).toBe(1_633_500_000);
    expect(estimatedBytes(0, 3630)).toBe(0);
  });
});

describe('the download-all job', () => {
  it('is one job owned by the channel, exempt from the runtime cap, with known metadata', () => {
    expect(downloadAllJob(channel, 'shorts', rows, {})).toEqual({
      sourceIds: ['a', 'b', 'c'],
      type: 'download-all',
      label: 'Download all shorts: Alpha',
      options: { ownerChannelId: channel.channelId, exemptFromRuntimeCap: true },
      metadata: {
        a: { title: 'T a', duration: 60, thumbnail: null },
        b: { title: 'T b', duration: null, thumbnail: null },
        c: { title: 'T c', duration: 30, thumbnail: null },
      },
    });
  });

  it.each([
    ['resolution', { resolution: '720' as const }, { resolution: '720' }],
    ['flat layout off', { skipVideoFolder: false }, { skipVideoFolder: false }],
    ['no subfolder', { subfolder: null }, { subfolder: null }],
    ['an audio format', { audioFormat: 'mp3_only' as const }, { audioFormat: 'mp3_only' }],
    ['a rating (the content rating of the downloads)', { rating: 'PG' }, { rating: 'PG' }],
    ['explicitly not rated', { rating: null }, { rating: null }],
    ['allowRedownload: no effect', { allowRedownload: true }, {}],
  ])('overrides: %s', (_what, override, options) => {
    expect(downloadAllJob(channel, 'videos', rows, override).options).toEqual({
      ownerChannelId: channel.channelId,
      exemptFromRuntimeCap: true,
      ...options,
    });
  });

  it('cuts a long label at 300 characters', () => {
    expect(downloadAllJob({ ...channel, title: 'x'.repeat(400) }, 'videos', rows, {}).label).toHaveLength(300);
  });
});

describe('download-all overrides', () => {
  it.each([
    ['a subfolder the user typed, trimmed', { subfolder: '  Music ' }, { subfolder: 'Music' }],
    ['the root sentinel', { subfolder: '##ROOT##' }, { subfolder: null }],
    ['the global-default sentinel: no override', { subfolder: '##USE_GLOBAL_DEFAULT##' }, {}],
  ])('%s', (_what, input, expected) => {
    expect(checkedDownloadAllOverride(input)).toEqual({ allowRedownload: false, ...expected });
  });

  it.each(['../x', '/etc', 'a/b', '..', 'a\u0000b', 'C:\\x', '__playlists__', 'x'.repeat(101)])(
    'refuses the subfolder %j naming the field',
    (subfolder) => {
      expect(() => checkedDownloadAllOverride({ subfolder })).toThrow(
        expect.objectContaining({
          code: 'CHANNELS_INVALID_SETTINGS',
          message: expect.stringContaining('subfolder'),
          details: [expect.objectContaining({ path: 'body/overrideSettings/subfolder' })],
        }),
      );
    },
  );
});
