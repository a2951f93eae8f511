/** The downloader plugin's schemas, one file per concern. */
export * from './failures.js';
export * from './jobs.js';
export * from './download-request.js';
export * from './videos.js';
export * from './tools.js';
export * from './storage.js';
export { BULK_VIDEOS_MAX, BulkFailure } from './bulk-selection.js';
export * from './ratings.js';
export * from './bulk-delete.js';
export * from './video-page.js';
export * from './search.js';
export * from './url-check.js';
export * from './filename-preview.js';
export * from './platform.js';
