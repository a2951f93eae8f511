// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { DefaultsOptional } from './defaults.js';

/** The routes of the downloader plugin. */
export interface DownloaderRoutes {
  'DELETE /api/cookies': {
    response: Static<typeof C.CookieChangeResponse>;
  };
  'GET /api/cookies/status': {
    response: Static<typeof C.CookieStatus>;
  };
  'GET /api/downloader/storage': {
    response: Static<typeof C.StorageStatus>;
  };
  'GET /api/jobs': {
    query: DefaultsOptional<Static<typeof C.JobListQuery>, 'page' | 'pageSize'>;
    response: Static<typeof C.JobList>;
  };
  'GET /api/jobs/:jobId': {
    params: Static<typeof C.JobIdParams>;
    response: Static<typeof C.JobDetail>;
  };
  'GET /api/jobs/video-activity': {
    response: Static<typeof C.VideoActivity>;
  };
  'GET /api/ytdlp/version': {
    query: DefaultsOptional<Static<typeof C.ToolsQuery>, 'refresh'>;
    response: Static<typeof C.ToolsResponse>;
  };
  'POST /api/checkSourceVideoURL': {
    body: Static<typeof C.CheckVideoUrlRequest>;
    response: Static<typeof C.CheckVideoUrlResponse>;
  };
  'POST /api/config/filename-preview': {
    body: Static<typeof C.FilenamePreviewRequest>;
    response: Static<typeof C.FilenamePreview>;
  };
  'POST /api/cookies/upload': {
    body: {
      cookieFile: string;
    };
    response: Static<typeof C.CookieChangeResponse>;
  };
  'POST /api/jobs/:jobId/cancel': {
    params: Static<typeof C.JobIdParams>;
    response: Static<typeof C.CancelJobResponse>;
  };
  'POST /api/videos/download': {
    body: Static<typeof C.DownloadRequest>;
    response: Static<typeof C.DownloadResponse>;
  };
  'POST /api/videos/search': {
    body: DefaultsOptional<Static<typeof C.VideoSearchRequest>, 'count'>;
    response: Static<typeof C.VideoSearchResponse>;
  };
  'POST /api/ytdlp/rollback': {
    response: Static<typeof C.ToolRollbackResponse>;
  };
  'POST /api/ytdlp/update': {
    response: Static<typeof C.ToolUpdateResponse>;
  };
  'POST /api/ytdlp/validate-args': {
    body: Static<typeof C.ValidateArgsRequest>;
    response: Static<typeof C.ValidateArgsResponse>;
  };
}
