import { PlexErrorCodes as E, type PlexConfigSection, type Static } from '@vidkeep/contracts';
import type { PluginContext } from '@vidkeep/plugin-kit';
import type { PlexOptions } from './options.js';
import { PlexConnection } from './services/connection.js';
import { LibraryRefresher } from './services/library-refresh.js';
import { PlaylistSync } from './services/playlist-sync.js';
import { PlexHttp, SERVER_CODES } from './services/plex-http.js';
import { PLEX_TV_URL, PlexTvClient } from './services/plex-tv.js';
import { ItemResolver } from './services/resolver.js';
import { PlexServerApi } from './services/server-api.js';
import type { PlexSettings } from './services/settings.js';

export const VERSION = '1.0.0';

/** Builds the Plex plugin's objects in dependency order: the two HTTP seams, the server API, sync, refresh, sign-in. */
export function wirePlex(ctx: PluginContext<Static<typeof PlexOptions>, PlexConfigSection>) {
  const settings = (): PlexSettings => ctx.config.get();
  const clientId = () => ctx.config.get().uuid;
  const timeoutMs = ctx.options.requestTimeoutSeconds * 1000;
  const server = new PlexHttp({
    clientId,
    version: VERSION,
    timeoutMs,
    describe: (url) => `The Plex server at ${url}`,
    codes: SERVER_CODES,
  });
  const tvHttp = new PlexHttp({
    clientId,
    version: VERSION,
    timeoutMs,
    describe: () => 'plex.tv (the Plex sign-in)',
    codes: { unreachable: E.signInFailed, unauthorized: E.signInFailed, failed: E.signInFailed },
  });
  const api = new PlexServerApi(server, ctx.options.listPageSize);
  const resolver = new ItemResolver(
    api,
    ctx.options.resolveBackoffSeconds.map((s) => s * 1000),
  );
  const sync = new PlaylistSync({
    api,
    resolver,
    settings,
    saveHistory: (plexPlaylistTokenHistory) => ctx.config.update({ plexPlaylistTokenHistory }),
    logger: ctx.logger,
  });
  const refresher = new LibraryRefresher({ api, settings, outputDir: ctx.env.paths.outputDir, logger: ctx.logger });
  const tv = new PlexTvClient(tvHttp, ctx.env.variables.VIDKEEP_PLEX_TV_URL || PLEX_TV_URL, clientId);
  const connection = new PlexConnection({ api, tv, refresher, settings, save: (patch) => ctx.config.update(patch) });

  return { settings, server, sync, refresher, connection };
}
