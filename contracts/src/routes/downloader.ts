// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { DefaultsOptional, Route } from './route.js';

/** The routes of the downloader plugin. */
export interface DownloaderRoutes {
  'DELETE /api/cookies': Route<'CookieChangeResponse'>;
  'GET /api/cookies/status': Route<'CookieStatus'>;
  'GET /api/downloader/storage': Route<'StorageStatus'>;
  'GET /api/jobs': Route<'JobList', never, DefaultsOptional<'JobListQuery', 'page' | 'pageSize'>>;
  'GET /api/jobs/:jobId': Route<'JobDetail', 'JobIdParams'>;
  'GET /api/jobs/video-activity': Route<'VideoActivity'>;
  'GET /api/queue': Route<'QueueState'>;
  'GET /api/ytdlp/version': Route<'ToolsResponse', never, DefaultsOptional<'ToolsQuery', 'refresh'>>;
  'POST /api/checkSourceVideoURL': Route<'CheckVideoUrlResponse', never, never, 'CheckVideoUrlRequest'>;
  'POST /api/config/filename-preview': Route<'FilenamePreview', never, never, 'FilenamePreviewRequest'>;
  'POST /api/cookies/upload': Route<'CookieChangeResponse', never, never, PostApiCookiesUploadBody>;
  'POST /api/jobs/:jobId/cancel': Route<'CancelJobResponse', 'JobIdParams'>;
  'POST /api/jobs/:jobId/move-to-front': Route<'JobSummary', 'JobIdParams'>;
  'POST /api/jobs/:jobId/pause': Route<'JobSummary', 'JobIdParams'>;
  'POST /api/jobs/:jobId/resume': Route<'JobSummary', 'JobIdParams'>;
  'POST /api/queue/pause': Route<'QueueState'>;
  'POST /api/queue/resume': Route<'QueueState'>;
  'POST /api/videos/download': Route<'DownloadResponse', never, never, 'DownloadRequest'>;
  'POST /api/videos/search': Route<
    'VideoSearchResponse',
    never,
    never,
    DefaultsOptional<'VideoSearchRequest', 'count'>
  >;
  'POST /api/ytdlp/rollback': Route<'ToolRollbackResponse'>;
  'POST /api/ytdlp/update': Route<'ToolUpdateResponse'>;
  'POST /api/ytdlp/validate-args': Route<'ValidateArgsResponse', never, never, 'ValidateArgsRequest'>;
}

/** The body of `POST /api/cookies/upload`. */
type PostApiCookiesUploadBody = {
  cookieFile: string;
};
