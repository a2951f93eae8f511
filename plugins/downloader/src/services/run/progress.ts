import type { DownloadProgress } from '@vidkeep/contracts';
import type { ProgressTick } from '../../ytdlp/output.js';

/**
 * How a video's live progress moves with yt-dlp's output. A stream's first tick starts at 0%; a
 * tick without a known total keeps the last percentage.
 */
export function progressOfTick(previous: DownloadProgress | null, tick: ProgressTick): DownloadProgress {
  const percent = tick.totalBytes
    ? Math.min(100, (tick.downloadedBytes / tick.totalBytes) * 100)
    : (previous?.percent ?? 0);
  return {
    percent: Math.round(percent * 10) / 10,
    downloadedBytes: tick.downloadedBytes,
    totalBytes: tick.totalBytes,
    speedBytesPerSecond: tick.speed,
    etaSeconds: tick.eta,
    stage: previous?.stage ?? 'video',
    // A retry's tick that brings no new byte keeps the stall and the retry's notice: both stay
    // until the download gets past the bytes it had.
    stalledSeconds:
      tick.downloadedBytes <= (previous?.downloadedBytes ?? 0) ? (previous?.stalledSeconds ?? null) : null,
    activity: previous?.activity && tick.downloadedBytes <= previous.downloadedBytes ? previous.activity : null,
  };
}

/** Nothing arrived for `seconds`: the last speed and ETA no longer say anything. */
export function progressOfStall(previous: DownloadProgress | null, seconds: number): DownloadProgress {
  return {
    ...(previous ?? { percent: 0, downloadedBytes: 0, totalBytes: null, stage: 'video', activity: null }),
    speedBytesPerSecond: null,
    etaSeconds: null,
    stalledSeconds: seconds,
  };
}

/** yt-dlp says what it does instead of downloading (a retry, a pause). */
export function progressOfActivity(previous: DownloadProgress | null, activity: string): DownloadProgress {
  return {
    ...(previous ?? { percent: 0, downloadedBytes: 0, totalBytes: null, stage: 'video' }),
    speedBytesPerSecond: null,
    etaSeconds: null,
    stalledSeconds: previous?.stalledSeconds ?? null,
    activity,
  };
}

/** A new file (video, audio, subtitles, thumbnail) starts downloading. */
export function progressOfDestination(previous: DownloadProgress | null, stage: string): DownloadProgress {
  return {
    ...(previous ?? { percent: 0, downloadedBytes: 0, totalBytes: null, speedBytesPerSecond: null, etaSeconds: null }),
    stage,
    percent: 0,
  };
}

/** Downloading is over and ffmpeg merges or converts (only shown once there was progress). */
export function progressOfPostprocessing(previous: DownloadProgress | null, stage: string): DownloadProgress | null {
  return previous ? { ...previous, stage, percent: 100, etaSeconds: 0, stalledSeconds: null, activity: null } : null;
}

/** The files are in the library. */
export function progressOfDone(previous: DownloadProgress | null): DownloadProgress | null {
  return previous ? { ...previous, percent: 100, etaSeconds: 0, stage: 'done' } : null;
}
