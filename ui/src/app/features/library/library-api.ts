import { Injectable, inject } from '@angular/core';
import type { RouteInput } from '../../core/api';
import { Api, routePath } from '../../core/api';
import { mediaUrl } from './library-query';

/** The query of `GET /api/videos`: any of its fields. */
export type VideoQuery = Partial<RouteInput<'GET /api/videos'>['query']>;

/**
 * The routes of the library pages, typed from the server's schemas (`@vidkeep/contracts/routes`).
 * Like every `<feature>-api.ts`, it is the only place their paths are written.
 */
@Injectable({ providedIn: 'root' })
export class LibraryApi {
  private readonly api = inject(Api);

  /** A page of the library; what is left out the server defaults. */
  videos(query: VideoQuery) {
    return this.api.call('GET /api/videos', { query });
  }

  video(sourceId: string) {
    return this.api.call('GET /api/videos/:sourceId', { params: { sourceId } });
  }

  /** What the stored info.json says. */
  metadata(sourceId: string) {
    return this.api.call('GET /api/videos/:sourceId/metadata', { params: { sourceId } });
  }

  links(sourceId: string) {
    return this.api.call('GET /api/videos/:sourceId/links', { params: { sourceId } });
  }

  /** The job that downloaded a video. */
  job(jobId: string) {
    return this.api.call('GET /api/jobs/:jobId', { params: { jobId } });
  }

  setProtected(sourceId: string, on: boolean) {
    return this.api.call('PATCH /api/videos/:sourceId/protected', { params: { sourceId }, body: { protected: on } });
  }

  /** Sets the content rating of videos; null is "not rated". */
  rate(sourceIds: string[], rating: RouteInput<'POST /api/videos/rating'>['body']['rating']) {
    return this.api.call('POST /api/videos/rating', { body: { sourceIds, rating } });
  }

  /** Deletes the files of one video. */
  removeVideo(sourceId: string) {
    return this.api.call('DELETE /api/videos/:sourceId', { params: { sourceId } });
  }

  /** Deletes the files of several videos. */
  removeVideos(sourceIds: string[]) {
    return this.api.call('DELETE /api/videos', { body: { sourceIds } });
  }

  /** Queues a video again. */
  redownload(url: string) {
    return this.api.call('POST /api/videos/download', { body: { url } });
  }
}

/** The file of a video for `<video>` or a download link (`GET /api/videos/:sourceId/file`). */
export function videoFileUrl(sourceId: string, token: string | null, download = false): string {
  return mediaUrl(routePath('/api/videos/:sourceId/file', { sourceId }), token, download ? { download: 'true' } : {});
}

/** The thumbnail of a video for `<img>` (`GET /api/videos/:sourceId/thumbnail`). */
export function videoThumbnailUrl(sourceId: string, token: string | null): string {
  return mediaUrl(routePath('/api/videos/:sourceId/thumbnail', { sourceId }), token);
}
