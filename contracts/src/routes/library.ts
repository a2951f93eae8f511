// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { DefaultsOptional } from './defaults.js';

/** The routes of the library plugin. */
export interface LibraryRoutes {
  'DELETE /api/subfolders/:name': {
    params: Static<typeof C.SubfolderNameParams>;
    response: Static<typeof C.SubfolderDeleted>;
  };
  'DELETE /api/videos': {
    body: Static<typeof C.BulkDeleteRequest>;
    response: Static<typeof C.BulkDeleteResponse>;
  };
  'DELETE /api/videos/:sourceId': {
    params: Static<typeof C.SourceIdParams>;
    response: Static<typeof C.DeleteVideoResponse>;
  };
  'GET /api/maintenance/rescan-status': {
    response: Static<typeof C.RescanStatus>;
  };
  'GET /api/subfolders': {
    response: Static<typeof C.SubfolderList>;
  };
  'GET /api/videos': {
    query: DefaultsOptional<
      Static<typeof C.VideoListQuery>,
      | 'page'
      | 'pageSize'
      | 'sortBy'
      | 'sortOrder'
      | 'includeRemoved'
      | 'watchedState'
      | 'protectedFilter'
      | 'missingFilter'
    >;
    response: Static<typeof C.VideoList>;
  };
  'GET /api/videos/:sourceId': {
    params: Static<typeof C.SourceIdParams>;
    response: Static<typeof C.Video>;
  };
  'GET /api/videos/:sourceId/file': {
    params: Static<typeof C.SourceIdParams>;
    query: DefaultsOptional<Static<typeof C.VideoFileQuery>, 'kind' | 'download'>;
    response: unknown;
  };
  'GET /api/videos/:sourceId/links': {
    params: Static<typeof C.SourceIdParams>;
    response: Static<typeof C.VideoLinksResponse>;
  };
  'GET /api/videos/:sourceId/metadata': {
    params: Static<typeof C.SourceIdParams>;
    response: Static<typeof C.VideoMetadataResponse>;
  };
  'GET /api/videos/:sourceId/thumbnail': {
    params: Static<typeof C.SourceIdParams>;
    query: Static<typeof C.ThumbnailQuery>;
    response: unknown;
  };
  'PATCH /api/videos/:sourceId/protected': {
    params: Static<typeof C.SourceIdParams>;
    body: Static<typeof C.VideoProtectedRequest>;
    response: Static<typeof C.VideoProtectedResponse>;
  };
  'POST /api/maintenance/import': {
    body: DefaultsOptional<Static<typeof C.LibraryImportRequest>, 'move'>;
    response: Static<typeof C.FileScanStarted>;
  };
  'POST /api/maintenance/import/preview': {
    body: DefaultsOptional<Static<typeof C.LibraryImportRequest>, 'move'>;
    response: Static<typeof C.LibraryImportPreview>;
  };
  'POST /api/maintenance/rescan-files': {
    response: Static<typeof C.FileScanStarted>;
  };
  'POST /api/subfolders': {
    body: Static<typeof C.CreateSubfolderRequest>;
    response: Static<typeof C.SubfolderCreated>;
  };
  'POST /api/videos/local-status': {
    body: Static<typeof C.LocalStatusRequest>;
    response: Static<typeof C.LocalStatusResponse>;
  };
  'POST /api/videos/rating': {
    body: Static<typeof C.VideoRatingRequest>;
    response: Static<typeof C.VideoRatingResponse>;
  };
}
