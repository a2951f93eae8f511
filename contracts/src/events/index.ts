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
  StoragePausedPayload,
  PlatformCoolingDownPayload,
  StorageResumedPayload,
  ToolUpdateCheckedPayload,
  VideoDownloadedPayload,
  VideoRelocatedPayload,
  VideoRemovedPayload,
  VideosChangedPayload,
  VideosMovedPayload,
} from './downloader.js';
import { WatchStatusChangedPayload } from './watch-status.js';
import { VideosDiscoveredPayload } from './channels.js';
import { MediaServerSyncFailedPayload } from './playlists.js';
import { RetentionVideosRemovedPayload } from './retention.js';

export * from './core.js';
export * from './auth.js';
export * from './downloader.js';
export * from './watch-status.js';
export * from './channels.js';
export * from './playlists.js';
export * from './retention.js';

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
  'downloader.videos.moved': VideosMovedPayload;
  'downloader.job.finished': JobFinishedPayload;
  'downloader.videos.changed': VideosChangedPayload;
  'downloader.storage.paused': StoragePausedPayload;
  'downloader.storage.resumed': StorageResumedPayload;
  'downloader.platform.coolingDown': PlatformCoolingDownPayload;
  'downloader.tool.updateChecked': ToolUpdateCheckedPayload;
  'watch-status.videos.changed': WatchStatusChangedPayload;
  'channels.videos.discovered': VideosDiscoveredPayload;
  'playlists.videos.discovered': VideosDiscoveredPayload;
  'playlists.mediaServerSync.failed': MediaServerSyncFailedPayload;
  'retention.videos.removed': RetentionVideosRemovedPayload;
}

/**
 * Every event name with its payload type: vidkeep's own and those third-party plugins add by
 * augmenting this interface (`declare module '@vidkeep/contracts' { interface EventMap {...} }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by plugins
export interface EventMap extends VidkeepEventMap {}
export type EventName = keyof EventMap;

/** One event of the catalogue: when it is published, and its payload's schema. */
export interface EventDescription {
  when: string;
  payload: TSchema;
  /** Who publishes it, when not the plugin its name starts with (an event that kept its name when its owner moved). */
  publishedBy?: string;
}

/**
 * Every event vidkeep publishes, with its payload schema and when it happens (a missing or extra
 * one fails the type check). The events catalogue of docs/writing-plugins.md is generated from it
 * (`npm run docs:events`).
 */
export const EVENT_CATALOGUE = {
  'core.config.updated': {
    when: 'A configuration change was saved (`PATCH /api/config`, or a plugin through `ctx.config.update`).',
    payload: ConfigUpdatedPayload,
  },
  'core.plugin.toggled': {
    when: 'A toggleable plugin was switched on or off at run time (`PATCH /api/plugins/{id}`).',
    payload: PluginToggledPayload,
  },
  'auth.session.created': { when: 'Someone signed in (or finished the setup).', payload: SessionCreatedPayload },
  'auth.session.revoked': {
    when: 'Sessions ended: a sign-out, a session deleted by its owner, or expired sessions cleaned up.',
    payload: SessionRevokedPayload,
  },
  'auth.apiKey.created': { when: 'An API key was created.', payload: ApiKeyCreatedPayload },
  'auth.apiKey.deleted': { when: 'An API key was deleted.', payload: ApiKeyDeletedPayload },
  'auth.credentials.changed': {
    when: 'The username or password was set: at setup, from the preset environment variables, or changed.',
    payload: CredentialsChangedPayload,
  },
  'downloader.video.downloaded': {
    when: 'A video was downloaded and its files are in the library (also once per video a library import adds, with `jobType: "import"`).',
    payload: VideoDownloadedPayload,
  },
  'downloader.video.removed': {
    when: 'A video was removed from the library (its files deleted).',
    publishedBy: 'library',
    payload: VideoRemovedPayload,
  },
  'downloader.video.relocated': {
    when: "The file rescan found a video's files moved by hand and saved the new paths.",
    publishedBy: 'library',
    payload: VideoRelocatedPayload,
  },
  'downloader.videos.changed': {
    when: 'The protection, rating or missing-on-disk state of some library videos changed (the protection and rating routes, the file rescan); re-read them with `LibraryService.libraryVideos`.',
    publishedBy: 'library',
    payload: VideosChangedPayload,
  },
  'downloader.videos.moved': {
    when: "A channel's folder moved to another subfolder (its subfolder setting changed): the files are in their new place and the library records say so.",
    publishedBy: 'library',
    payload: VideosMovedPayload,
  },
  'downloader.job.finished': {
    when: 'A download job ended: completed, failed, cancelled, or a library import finished. `label`, `message`, `completed` (titles) and `failures` (with their diagnosis) are there from plugin API 1.1 on.',
    payload: JobFinishedPayload,
  },
  'downloader.storage.paused': {
    when: 'Downloads stopped starting because a storage limit is reached (`storageMinFreeGb`, `storageMaxUsedGb`); once when the pause begins.',
    payload: StoragePausedPayload,
  },
  'downloader.storage.resumed': {
    when: 'Downloads start again: the storage limit that paused them is no longer reached.',
    payload: StorageResumedPayload,
  },
  'downloader.platform.coolingDown': {
    when: 'The platform pushed back (HTTP 429, its bot check, a burst of HTTP 403s) and everything that talks to it waits until `until`; once when the cool-down begins.',
    payload: PlatformCoolingDownPayload,
  },
  'downloader.tool.updateChecked': {
    when: 'The yt-dlp update ran (the nightly task or `POST /api/ytdlp/update`): a newer version was installed, there was none, or the update failed. A skipped run publishes nothing.',
    payload: ToolUpdateCheckedPayload,
  },
  'watch-status.videos.changed': {
    when: 'The watched state of some videos changed (a sync with the media servers, or a changed watched rule).',
    payload: WatchStatusChangedPayload,
  },
  'channels.videos.discovered': {
    when: 'The automatic channel sweep found new videos and queued them: one event per sweep, grouped by channel.',
    payload: VideosDiscoveredPayload,
  },
  'playlists.videos.discovered': {
    when: 'The automatic playlist sweep found new playlist entries and queued them: one event per sweep, grouped by playlist.',
    payload: VideosDiscoveredPayload,
  },
  'playlists.mediaServerSync.failed': {
    when: 'Syncing a playlist to a media server failed (refused or unreachable): one event per playlist and server.',
    payload: MediaServerSyncFailedPayload,
  },
  'retention.videos.removed': {
    when: 'An automatic-removal run removed videos, or failed to remove some.',
    payload: RetentionVideosRemovedPayload,
  },
} satisfies { [K in keyof VidkeepEventMap]: EventDescription };
