import type { ConfigUpdatedPayload, PluginToggledPayload } from './core.js';
import type {
  ApiKeyCreatedPayload,
  ApiKeyDeletedPayload,
  CredentialsChangedPayload,
  SessionCreatedPayload,
  SessionRevokedPayload,
} from './auth.js';
import type {
  JobFinishedPayload,
  VideoDownloadedPayload,
  VideoRelocatedPayload,
  VideoRemovedPayload,
  VideosChangedPayload,
  VideosMovedPayload,
} from './downloader.js';
import type { WatchStatusChangedPayload } from './watch-status.js';

export * from './core.js';
export * from './auth.js';
export * from './downloader.js';
export * from './watch-status.js';

/**
 * Every event name with its payload type. Names are `<plugin>.<entity>.<pastTenseVerb>`.
 * Third-party plugins add theirs by augmenting this interface.
 */
export interface EventMap {
  'core.config.updated': ConfigUpdatedPayload;
  'core.plugin.toggled': PluginToggledPayload;
  'auth.session.created': SessionCreatedPayload;
  'auth.session.revoked': SessionRevokedPayload;
  'auth.apiKey.created': ApiKeyCreatedPayload;
  'auth.apiKey.deleted': ApiKeyDeletedPayload;
  'auth.credentials.changed': CredentialsChangedPayload;
  'downloader.video.downloaded': VideoDownloadedPayload;
  'downloader.video.removed': VideoRemovedPayload;
  'downloader.video.relocated': VideoRelocatedPayload;
  'downloader.videos.moved': VideosMovedPayload;
  'downloader.job.finished': JobFinishedPayload;
  'downloader.videos.changed': VideosChangedPayload;
  'watch-status.videos.changed': WatchStatusChangedPayload;
}
export type EventName = keyof EventMap;
