import { setTimeout as sleep } from 'node:timers/promises';
import {
  JellyfinErrorCodes as E,
  noLibraryMessage,
  publishByRecreating,
  UnavailableError,
  type MediaServerProvider,
  type PluginLogger,
} from '@vidkeep/contracts';
import type { JellyfinClient } from './client.js';
import { isConfigured, type JellyfinSettings } from './settings.js';

/**
 * Jellyfin's media-server provider: spec 1.1's delete-and-recreate publishing
 * (`publishByRecreating`) over the Jellyfin client. Public playlists set Jellyfin's public flag;
 * every playlist belongs to the configured user.
 */
export function jellyfinProvider(deps: {
  settings: () => JellyfinSettings;
  /** A client for the saved connection and user. */
  client: () => JellyfinClient;
  scanWaitMs: number;
  logger: PluginLogger;
}): MediaServerProvider {
  return {
    kind: 'jellyfin',
    label: 'Jellyfin',
    isConfigured: () => isConfigured(deps.settings()),
    syncPlaylist: (req) =>
      publishByRecreating(deps.client(), req, {
        videoLibraryIds: deps.settings().jellyfinVideoLibraryIds,
        scanWaitMs: deps.scanWaitMs,
        noLibrary: (why) => new UnavailableError(E.noLibrary, noLibraryMessage('Jellyfin', why)),
        warn: (fields, message) => deps.logger.warn(fields, message),
        sleep: (ms, signal) => sleep(ms, undefined, { signal }),
      }),
  };
}
