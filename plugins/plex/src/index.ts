import {
  countSubfolders,
  mediaServerProvidersRef,
  PlexConfigSection,
  PlexErrorCodes as E,
  subfolderUsersRef,
  Type,
  watchStatusProvidersRef,
  type MediaServerProvider,
  serverHostProblem,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/core/plugin-api';
import { errorStatuses } from './routes/errors.js';
import { plexRoutes } from './routes/plex-routes.js';
import { PlexConnection } from './services/connection.js';
import { LibraryRefresher } from './services/library-refresh.js';
import { PlaylistSync } from './services/playlist-sync.js';
import { PlexHttp, SERVER_CODES } from './services/plex-http.js';
import { PLEX_TV_URL, PlexTvClient } from './services/plex-tv.js';
import { ItemResolver } from './services/resolver.js';
import { PlexServerApi } from './services/server-api.js';
import { baseUrlOf, isConfigured, type PlexSettings } from './services/settings.js';
import { plexWatchStatusProvider } from './services/watch-status.js';

const VERSION = '1.0.0';

export const PlexOptions = Type.Object(
  {
    resolveBackoffSeconds: Type.Array(Type.Number({ minimum: 0, maximum: 600 }), {
      default: [2, 5, 10, 20, 30],
      maxItems: 20,
      description:
        'Pauses between looks for files the server has not indexed yet (a scan is asked before the first pause); about a minute in all',
    }),
    requestTimeoutSeconds: Type.Number({
      minimum: 0.1,
      maximum: 300,
      default: 15,
      description: 'A Plex or plex.tv request without an answer after this long counts as unreachable',
    }),
    listPageSize: Type.Integer({
      minimum: 1,
      maximum: 10000,
      default: 1000,
      description: 'Items per page when listing a library (`X-Plex-Container-Size`)',
    }),
  },
  { additionalProperties: false },
);

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
