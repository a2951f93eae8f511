import { Injectable, inject } from '@angular/core';
import type { RouteInput } from '../../core/api';
import { Api } from '../../core/api';
import type { SearchCount } from '../../shared/channel-query';

/**
 * The routes of the Downloads page, typed from the server's schemas (`@vidkeep/contracts/routes`).
 * Like every `<feature>-api.ts`, it is the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class DownloadsApi {
  private readonly api = inject(Api);

  /** The configuration, for the preferred resolution the form starts from. */
  config() {
    return this.api.call('GET /getconfig');
  }

  /** The subfolders channels use, as suggestions. */
  channelSubfolders() {
    return this.api.call('GET /api/channels/subfolders');
  }

  download(body: RouteInput<'POST /api/videos/download'>['body']) {
    return this.api.call('POST /api/videos/download', { body });
  }

  search(query: string, count: SearchCount) {
    return this.api.call('POST /api/videos/search', { body: { query, count } });
  }

  /** What a pasted URL is, before it is queued. */
  checkUrl(url: string) {
    return this.api.call('POST /api/checkSourceVideoURL', { body: { url } });
  }

  jobs(query: RouteInput<'GET /api/jobs'>['query']) {
    return this.api.call('GET /api/jobs', { query });
  }

  job(jobId: string) {
    return this.api.call('GET /api/jobs/:jobId', { params: { jobId } });
  }

  cancelJob(jobId: string) {
    return this.api.call('POST /api/jobs/:jobId/cancel', { params: { jobId } });
  }

  /** Whether the whole queue is paused, and how many jobs run and wait. */
  queueState() {
    return this.api.call('GET /api/queue');
  }

  pauseQueue() {
    return this.api.call('POST /api/queue/pause');
  }

  resumeQueue() {
    return this.api.call('POST /api/queue/resume');
  }

  pauseJob(jobId: string) {
    return this.api.call('POST /api/jobs/:jobId/pause', { params: { jobId } });
  }

  resumeJob(jobId: string) {
    return this.api.call('POST /api/jobs/:jobId/resume', { params: { jobId } });
  }

  moveJobToFront(jobId: string) {
    return this.api.call('POST /api/jobs/:jobId/move-to-front', { params: { jobId } });
  }

  storage() {
    return this.api.call('GET /api/downloader/storage');
  }
}
