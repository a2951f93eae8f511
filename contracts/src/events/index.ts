import type { TSchema } from '../typebox.js';
import { ConfigUpdatedPayload, PluginToggledPayload } from './core.js';
import {
  ApiKeyCreatedPayload,
  ApiKeyDeletedPayload,
  CredentialsChangedPayload,
  SessionCreatedPayload,
  SessionRevokedPayload,
} from './auth.js';
import {
  JobFinishedPayload,
  VideoDownloadedPayload,
  VideoRelocatedPayload,
  VideoRemovedPayload,
} from './downloader.js';
import { WatchStatusChangedPayload } from './watch-status.js';

export * from './core.js';
export * from './auth.js';
export * from './downloader.js';
export * from './watch-status.js';

/** The events vidkeep itself publishes. Names are `<plugin>.<entity>.<pastTenseVerb>`. */
export interface VidkeepEventMap {
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
  'downloader.job.finished': JobFinishedPayload;
  'watch-status.videos.changed': WatchStatusChangedPayload;
}

/**
 * Every event name with its payload type: vidkeep's own and those third-party plugins add by
 * augmenting this interface (`declare module '@vidkeep/contracts' { interface EventMap {...} }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by plugins
export interface EventMap extends VidkeepEventMap {}
export type EventName = keyof EventMap;

/**
 * The payload schema of every event in `EventMap` (a missing or extra one fails the type check):
 * the events catalogue of docs/writing-plugins.md is generated from it.
 */
export const EVENT_PAYLOADS = {
  'core.config.updated': ConfigUpdatedPayload,
  'core.plugin.toggled': PluginToggledPayload,
  'auth.session.created': SessionCreatedPayload,
  'auth.session.revoked': SessionRevokedPayload,
  'auth.apiKey.created': ApiKeyCreatedPayload,
  'auth.apiKey.deleted': ApiKeyDeletedPayload,
  'auth.credentials.changed': CredentialsChangedPayload,
  'downloader.video.downloaded': VideoDownloadedPayload,
  'downloader.video.removed': VideoRemovedPayload,
  'downloader.video.relocated': VideoRelocatedPayload,
  'downloader.job.finished': JobFinishedPayload,
  'watch-status.videos.changed': WatchStatusChangedPayload,
} satisfies { [K in keyof VidkeepEventMap]: TSchema };
