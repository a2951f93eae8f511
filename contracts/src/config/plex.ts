import { Type, type Static } from '../typebox.js';
import { SUBFOLDER_PATTERN } from './downloader.js';
import { watchStatusAllUsers } from './watch-status.js';
import { Nullable } from '../schemas/common.js';
import { managed, secret, sentOnlyTo } from './annotations.js';
import { presented } from './presentation.js';
import { PLEX_PRESENTATION } from './presentation/plex.js';

/** The value of `plexPlaylistToken` that means "send no token" (an unclaimed server on the LAN). */
export const PLEX_UNCLAIMED_SERVER = 'UNCLAIMED_SERVER';

/** The keys that make the Plex server's address (`mediaserverUrl`, the core's, wins when set). */
const PLEX_ADDRESS_KEYS = ['mediaserverUrl', 'plexIP', 'plexPort'];

export const PlexSubfolderLibraryMapping = Type.Object(
  {
    subfolder: Nullable(Type.String({ minLength: 1, maxLength: 100, pattern: SUBFOLDER_PATTERN }), {
      description:
        'Subfolder name without the leading `__` (the subfolder rules apply); null = the root of the output directory',
    }),
    libraryId: Type.String({ pattern: '^[0-9]{1,10}$', description: 'Plex library section id (numeric)' }),
  },
  { additionalProperties: false },
);
export type PlexSubfolderLibraryMapping = Static<typeof PlexSubfolderLibraryMapping>;

/**
 * Config keys owned by the Plex-type plugin (reference names; the base URL is the core's
 * `mediaserverUrl`, which wins over `plexIP`/`plexPort`/`plexViaHttps` when set).
 */
export const PlexConfigSection = presented(
  Type.Object({
    plexIP: Type.String({
      maxLength: 255,
      default: '',
      description: 'Host name or IP address of the Plex server, used when mediaserverUrl is empty',
    }),
    plexPort: Type.String({ pattern: '^[0-9]{0,5}$', default: '32400', description: 'Port of the Plex server' }),
    plexViaHttps: Type.Boolean({ default: false, description: 'Reach the Plex server over https' }),
    plexApiKey: sentOnlyTo(
      PLEX_ADDRESS_KEYS,
      secret(
        Type.String({
          maxLength: 1024,
          default: '',
          description: 'Plex token of the server admin (PIN sign-in or manual); cleared when the address changes',
        }),
      ),
    ),
    plexPlaylistToken: sentOnlyTo(
      PLEX_ADDRESS_KEYS,
      secret(
        Type.String({
          maxLength: 1024,
          default: '',
          description: `Token whose account owns the playlists: empty = plexApiKey; ${PLEX_UNCLAIMED_SERVER} = no token; cleared when the address changes`,
        }),
      ),
      [PLEX_UNCLAIMED_SERVER],
    ),
    plexSourceLibraryId: Type.String({
      pattern: '^[0-9]{0,10}$',
      default: '',
      description: 'Library section refreshed after downloads (numeric id; empty = none)',
    }),
    plexSubfolderLibraryMappings: Type.Array(PlexSubfolderLibraryMapping, {
      default: [],
      maxItems: 200,
      description: 'Per-subfolder libraries refreshed after downloads instead of plexSourceLibraryId',
    }),
    plexPlaylistTokenHistory: managed(
      secret(
        Type.String({
          maxLength: 6000,
          default: '',
          description:
            'Playlist tokens earlier syncs used, newest first, space-separated (at most five): a changed scope deletes the stranded copy with the old one',
        }),
      ),
    ),
    plexWatchStatusAllUsers: watchStatusAllUsers('Plex'),
  }),
  PLEX_PRESENTATION,
);

export type PlexConfigSection = Static<typeof PlexConfigSection>;
