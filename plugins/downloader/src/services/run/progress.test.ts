import type { DownloadProgress } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import type { ProgressTick } from '../../ytdlp/output.js';
import {
  progressOfActivity,
  progressOfDestination,
  progressOfDone,
  progressOfPostprocessing,
  progressOfStall,
  progressOfTick,
} from './progress.js';

const AUDIO: DownloadProgress = {
  percent: 40,
  downloadedBytes: 4,
  totalBytes: 10,
  speedBytesPerSecond: 1,
  etaSeconds: 6,
  stage: 'audio',
};
const tick = (downloadedBytes: number, totalBytes: number | null): ProgressTick => ({
  status: 'downloading',
  downloadedBytes,
  totalBytes,
  speed: 2.5,
  eta: 3,
  filename: null,
});

describe('progress', () => {
  it.each<[string, DownloadProgress | null, ProgressTick, Partial<DownloadProgress>]>([
    ['a first tick is the video stage', null, tick(1, 3), { percent: 33.3, stage: 'video', speedBytesPerSecond: 2.5 }],
    ['a tick keeps the stage', AUDIO, tick(5, 10), { percent: 50, stage: 'audio', downloadedBytes: 5 }],
    ['an unknown total keeps the percentage', AUDIO, tick(7, null), { percent: 40, totalBytes: null }],
    ['an unknown first total is 0%', null, tick(7, null), { percent: 0 }],
    ['more than the total is 100%', null, tick(12, 10), { percent: 100 }],
  ])('%s', (_name, previous, t, expected) => {
    expect(progressOfTick(previous, t)).toMatchObject(expected);
  });

  it('a new file restarts at 0% in its stage', () => {
    expect(progressOfDestination(AUDIO, 'subtitles')).toEqual({ ...AUDIO, percent: 0, stage: 'subtitles' });
    expect(progressOfDestination(null, 'video')).toEqual({
      percent: 0,
      downloadedBytes: 0,
      totalBytes: null,
      speedBytesPerSecond: null,
      etaSeconds: null,
      stage: 'video',
    });
  });

  it('post-processing and done are 100%, shown only after some progress', () => {
    expect(progressOfPostprocessing(AUDIO, 'merging')).toEqual({
      ...AUDIO,
      percent: 100,
      etaSeconds: 0,
      stage: 'merging',
      stalledSeconds: null,
      activity: null,
    });
    expect(progressOfDone(AUDIO)).toEqual({ ...AUDIO, percent: 100, etaSeconds: 0, stage: 'done' });
    expect(progressOfPostprocessing(null, 'merging')).toBeNull();
    expect(progressOfDone(null)).toBeNull();
  });

  it('a stall drops the speed and ETA it can no longer vouch for, and the next bytes bring them back', () => {
    const stalled = progressOfStall(AUDIO, 17);
    expect(stalled).toMatchObject({ percent: 40, speedBytesPerSecond: null, etaSeconds: null, stalledSeconds: 17 });
    expect(progressOfTick(stalled, tick(5, 10))).toMatchObject({ speedBytesPerSecond: 2.5, stalledSeconds: null });
    // A retry's tick with no new byte keeps saying how long nothing came.
    expect(progressOfTick(stalled, tick(4, 10))).toMatchObject({ stalledSeconds: 17 });
    expect(progressOfTick(stalled, tick(2, 10))).toMatchObject({ stalledSeconds: 17 });
  });

  it("yt-dlp's retry notice shows until the download gets past the bytes it had", () => {
    const retrying = progressOfActivity(AUDIO, 'retrying after HTTP Error 503, attempt 2 of 10');
    expect(retrying).toMatchObject({ speedBytesPerSecond: null, etaSeconds: null, activity: expect.any(String) });
    expect(progressOfTick(retrying, tick(4, 10)).activity).toBe('retrying after HTTP Error 503, attempt 2 of 10');
    expect(progressOfTick(retrying, tick(5, 10)).activity).toBeNull();
  });
});
