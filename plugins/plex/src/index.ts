import {
  countSubfolders,
  mediaServerProvidersRef,
  PlexConfigSection,
  serverHostProblem,
  subfolderUsersRef,
  watchStatusProvidersRef,
  type MediaServerProvider,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import { PlexOptions } from './options.js';
import { errorStatuses } from './routes/errors.js';
import { plexRoutes } from './routes/plex-routes.js';
import { PlexServerApi } from './services/server-api.js';
import { baseUrlOf, isConfigured } from './services/settings.js';
import { plexWatchStatusProvider } from './services/watch-status.js';
import { VERSION, wirePlex } from './wiring.js';

export { PlexOptions };

/**
 * The Plex-type media server: publishes followed playlists as native Plex playlists (one
 * `MediaServerProvider`, kind `plex`), refreshes libraries after downloads, and serves the
 * connection routes (libraries, identity, PIN sign-in). Configured = an address and a token.
 */
export default definePlugin({
  id: 'plex',
  version: VERSION,
  core: '^1.0.0',
  description: 'Plex-type media server: playlists, library refresh after downloads, sign-in, watch status',
  toggleable: true,
  options: PlexOptions,
  config: PlexConfigSection,
  register(ctx) {
    ctx.config.check('plexIP', (value) => serverHostProblem(value));
    const { settings, server, sync, refresher, connection } = wirePlex(ctx);

    const provider: MediaServerProvider = {
      kind: 'plex',
      label: 'Plex',
      isConfigured: () => isConfigured(settings()),
      syncPlaylist: (request) => sync.sync(request),
    };
    ctx.contribute(mediaServerProvidersRef, provider.kind, provider);
    // The subfolder registry (`GET /api/subfolders`): a subfolder mapped to a Plex library is in use.
    ctx.contribute(subfolderUsersRef, 'plex', {
      field: 'plexMapped',
      kind: 'flag',
      describe: (n) => (n === 1 ? 'a Plex library mapping' : `${n} Plex library mappings`),
      usage: async () => countSubfolders(settings().plexSubfolderLibraryMappings.map((m) => m.subfolder)),
    });
    ctx.contribute(
      watchStatusProvidersRef,
      'plex',
      plexWatchStatusProvider({
        api: new PlexServerApi(server, ctx.options.listPageSize),
        conn: () => {
          const s = settings();
          return isConfigured(s) ? { baseUrl: baseUrlOf(s)!, token: s.plexApiKey } : null;
        },
        allUsers: () => settings().plexWatchStatusAllUsers,
      }),
    );

    ctx.events.subscribe('downloader.video.downloaded', (e) => refresher.downloaded(e));
    ctx.events.subscribe('downloader.job.finished', (e) => refresher.jobFinished(e));
    ctx.events.subscribe('downloader.videos.moved', (e) => refresher.moved(e));

    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(plexRoutes, { connection });
    });
  },
});
