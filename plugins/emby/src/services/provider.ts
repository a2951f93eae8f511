import { setTimeout as sleep } from 'node:timers/promises';
import {
  EmbyErrorCodes as E,
  noLibraryMessage,
  publishByRecreating,
  UnavailableError,
  type MediaServerProvider,
  type PluginLogger,
} from '@vidkeep/contracts';
import type { EmbyClient } from './client.js';
import { isConfigured, type EmbySettings } from './settings.js';

/**
 * Emby's media-server provider: spec 1.1's delete-and-recreate publishing
 * (`publishByRecreating`) over the Emby client. Every playlist is created for the configured
 * user and a public one then made server-wide (`MakePublic`), so flipping the setting takes effect
 * at the next sync, which recreates the playlist.
 */
export function embyProvider(deps: {
  settings: () => EmbySettings;
  /** A client for the saved connection and user. */
  client: () => EmbyClient;
  scanWaitMs: number;
  logger: PluginLogger;
}): MediaServerProvider {
  return {
    kind: 'emby',
    label: 'Emby',
    isConfigured: () => isConfigured(deps.settings()),
    syncPlaylist: (req) =>
      publishByRecreating(deps.client(), req, {
        videoLibraryIds: deps.settings().embyVideoLibraryIds,
        scanWaitMs: deps.scanWaitMs,
        noLibrary: (why) => new UnavailableError(E.noLibrary, noLibraryMessage('Emby', why)),
        warn: (fields, message) => deps.logger.warn(fields, message),
        sleep: (ms, signal) => sleep(ms, undefined, { signal }),
      }),
  };
}
