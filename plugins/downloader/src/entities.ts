import type { Diagnosis, JobAuxData, JobLane, JobOptions, JobStatus, JobVideoState } from '@vidkeep/contracts';
import { defineEntity } from '@vidkeep/plugin-kit';

export interface DownloaderJob {
  id: string;
  type: string;
  label: string;
  status: JobStatus;
  options: JobOptions;
  auxData: JobAuxData | null;
  message: string | null;
  errorCode: string | null;
  requestedBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** A queued job waiting out the back-off of an automatic retry starts no earlier than this. */
  retryAt: Date | null;
  updatedAt: Date;
  /** `manual` (a person asked) starts before `automatic` (sweeps, download-all). */
  lane: JobLane;
  /** Paused on its own: stays queued and does not start until resumed. */
  pausedAt: Date | null;
  /** Moved to the front of the queue at this time (the latest moved starts first). */
  frontAt: Date | null;
  /** When the job last joined the queue: automatic jobs take turns in this order. */
  turnAt: Date | null;
}

export const DownloaderJobEntity = defineEntity<DownloaderJob>({
  name: 'DownloaderJob',
  tableName: 'downloader_jobs',
  properties: {
    id: { type: 'string', length: 36, primary: true },
    type: { type: 'string', length: 40 },
    label: { type: 'string', length: 300 },
    status: { type: 'string', length: 24, index: true },
    options: { type: 'json' },
    auxData: { type: 'json', nullable: true },
    message: { type: 'text', nullable: true },
    errorCode: { type: 'string', length: 64, nullable: true },
    requestedBy: { type: 'string', length: 200, nullable: true },
    createdAt: { type: 'datetime', index: true },
    startedAt: { type: 'datetime', nullable: true },
    finishedAt: { type: 'datetime', nullable: true },
    retryAt: { type: 'datetime', nullable: true },
    updatedAt: { type: 'datetime' },
    lane: { type: 'string', length: 10, default: 'automatic' },
    pausedAt: { type: 'datetime', nullable: true },
    frontAt: { type: 'datetime', nullable: true },
    turnAt: { type: 'datetime', nullable: true },
  },
});

export interface DownloaderJobVideo {
  id: number;
  jobId: string;
  sourceId: string;
  url: string;
  position: number;
  state: JobVideoState;
  title: string | null;
  thumbnail: string | null;
  duration: number | null;
  diagnosis: Diagnosis | null;
  videoId: number | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export const DownloaderJobVideoEntity = defineEntity<DownloaderJobVideo>({
  name: 'DownloaderJobVideo',
  tableName: 'downloader_job_videos',
  indexes: [{ properties: ['jobId', 'position'] }, { properties: ['sourceId', 'state'] }],
  uniques: [{ properties: ['jobId', 'sourceId'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    jobId: { type: 'string', length: 36 },
    sourceId: { type: 'string', length: 64 },
    url: { type: 'string', length: 2048 },
    position: { type: 'integer' },
    state: { type: 'string', length: 16 },
    title: { type: 'string', length: 500, nullable: true },
    thumbnail: { type: 'string', length: 2048, nullable: true },
    duration: { type: 'integer', nullable: true },
    diagnosis: { type: 'json', nullable: true },
    videoId: { type: 'integer', nullable: true },
    startedAt: { type: 'datetime', nullable: true },
    finishedAt: { type: 'datetime', nullable: true },
  },
});
