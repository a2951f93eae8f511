import { Type, type Static } from '../typebox.js';
import { watchStatusAllUsers } from './watch-status.js';
import { secret, sentOnlyTo } from './annotations.js';
import { mediaServerApiKey, mediaServerId, mediaServerLibraryIds, mediaServerUrl } from '../schemas/media-servers.js';
import { presented } from './presentation.js';
import { EMBY_PRESENTATION } from './presentation/emby.js';

/** Config keys owned by the emby plugin (the reference product's names). */
export const EmbyConfigSection = presented(
  Type.Object({
    embyEnabled: Type.Boolean({
      default: false,
      description: 'Publish playlists to Emby and refresh its libraries after downloads',
    }),
    embyUrl: mediaServerUrl('Base URL of the Emby server, e.g. http://emby:8096', { default: '' }),
    embyApiKey: sentOnlyTo(
      ['embyUrl'],
      secret(
        mediaServerApiKey('Emby API key (Settings > Advanced > API Keys); cleared when embyUrl changes', {
          default: '',
        }),
      ),
    ),
    embyUserId: mediaServerId('The Emby user that owns the private playlists', { default: '' }),
    embyVideoLibraryIds: mediaServerLibraryIds(
      'Libraries holding the downloaded videos; empty: every library that is not a music library',
    ),
    embyWatchStatusAllUsers: watchStatusAllUsers('Emby'),
  }),
  EMBY_PRESENTATION,
);

export type EmbyConfigSection = Static<typeof EmbyConfigSection>;
