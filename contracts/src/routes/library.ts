// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { DefaultsOptional, Route } from './route.js';

/** The routes of the library plugin. */
export interface LibraryRoutes {
  'DELETE /api/subfolders/:name': Route<'SubfolderDeleted', 'SubfolderNameParams'>;
  'DELETE /api/videos': Route<'BulkDeleteResponse', never, never, 'BulkDeleteRequest'>;
  'DELETE /api/videos/:sourceId': Route<'DeleteVideoResponse', 'SourceIdParams'>;
  'GET /api/maintenance/rescan-status': Route<'RescanStatus'>;
  'GET /api/subfolders': Route<'SubfolderList'>;
  'GET /api/videos': Route<
    'VideoList',
    never,
    DefaultsOptional<
      'VideoListQuery',
      | 'page'
      | 'pageSize'
      | 'sortBy'
      | 'sortOrder'
      | 'includeRemoved'
      | 'watchedState'
      | 'protectedFilter'
      | 'missingFilter'
    >
  >;
  'GET /api/videos/:sourceId': Route<'Video', 'SourceIdParams'>;
  'GET /api/videos/:sourceId/file': Route<
    unknown,
    'SourceIdParams',
    DefaultsOptional<'VideoFileQuery', 'kind' | 'download'>
  >;
  'GET /api/videos/:sourceId/links': Route<'VideoLinksResponse', 'SourceIdParams'>;
  'GET /api/videos/:sourceId/metadata': Route<'VideoMetadataResponse', 'SourceIdParams'>;
  'GET /api/videos/:sourceId/thumbnail': Route<unknown, 'SourceIdParams', 'ThumbnailQuery'>;
  'PATCH /api/videos/:sourceId/protected': Route<
    'VideoProtectedResponse',
    'SourceIdParams',
    never,
    'VideoProtectedRequest'
  >;
  'POST /api/maintenance/import': Route<
    'FileScanStarted',
    never,
    never,
    DefaultsOptional<'LibraryImportRequest', 'move'>
  >;
  'POST /api/maintenance/import/preview': Route<
    'LibraryImportPreview',
    never,
    never,
    DefaultsOptional<'LibraryImportRequest', 'move'>
  >;
  'POST /api/maintenance/rescan-files': Route<'FileScanStarted'>;
  'POST /api/subfolders': Route<'SubfolderCreated', never, never, 'CreateSubfolderRequest'>;
  'POST /api/videos/local-status': Route<'LocalStatusResponse', never, never, 'LocalStatusRequest'>;
  'POST /api/videos/rating': Route<'VideoRatingResponse', never, never, 'VideoRatingRequest'>;
}
