import { Type, type Static } from '../typebox.js';
import { watchStatusAllUsers } from './watch-status.js';
import { secret, sentOnlyTo } from './annotations.js';
import { mediaServerApiKey, mediaServerId, mediaServerLibraryIds, mediaServerUrl } from '../schemas/media-servers.js';
import { presented } from './presentation.js';
import { JELLYFIN_PRESENTATION } from './presentation/jellyfin.js';

/** Config keys owned by the jellyfin plugin (the reference product's names). */
export const JellyfinConfigSection = presented(
  Type.Object({
    jellyfinEnabled: Type.Boolean({
      default: false,
      description: 'Publish playlists to Jellyfin and refresh its libraries after downloads',
    }),
    jellyfinUrl: mediaServerUrl('Base URL of the Jellyfin server, e.g. http://jellyfin:8096', { default: '' }),
    jellyfinApiKey: sentOnlyTo(
      ['jellyfinUrl'],
      secret(
        mediaServerApiKey('Jellyfin API key (Dashboard > API Keys); cleared when jellyfinUrl changes', { default: '' }),
      ),
    ),
    jellyfinUserId: mediaServerId('The Jellyfin user that owns the published playlists', { default: '' }),
    jellyfinVideoLibraryIds: mediaServerLibraryIds(
      'Libraries holding the downloaded videos; empty: every library that is not a music library',
    ),
    jellyfinWatchStatusAllUsers: watchStatusAllUsers('Jellyfin'),
  }),
  JELLYFIN_PRESENTATION,
);

export type JellyfinConfigSection = Static<typeof JellyfinConfigSection>;
