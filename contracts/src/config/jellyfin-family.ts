import { Type } from '../typebox.js';
import { watchStatusAllUsers } from './watch-status.js';
import { secret, sentOnlyTo } from './annotations.js';
import { mediaServerApiKey, mediaServerId, mediaServerLibraryIds, mediaServerUrl } from '../schemas/media-servers.js';
import { presented, type ConfigPresentation } from './presentation.js';

/** How a Jellyfin-family kind (Jellyfin, and Emby it grew from) names its config keys and itself. */
export interface JellyfinFamilyKind<P extends string> {
  /** The config keys' prefix (`jellyfinUrl`), also the server's usual host name. */
  prefix: P;
  /** The server's name in descriptions. */
  name: string;
  /** Where the server's admin pages issue API keys, e.g. `Dashboard > API Keys`. */
  apiKeyPlace: string;
  /** Which playlists the configured user owns, in the words of the server. */
  userOwns: string;
}

type Text = ReturnType<typeof Type.String>;
type Keys<P extends string> = Record<`${P}Enabled`, ReturnType<typeof Type.Boolean>> &
  Record<`${P}Url` | `${P}ApiKey` | `${P}UserId`, Text> &
  Record<`${P}VideoLibraryIds`, ReturnType<typeof mediaServerLibraryIds>> &
  Record<`${P}WatchStatusAllUsers`, ReturnType<typeof watchStatusAllUsers>>;

/** The config section of a Jellyfin-family kind: the same keys, each named with the kind's prefix. */
export function jellyfinFamilySection<P extends string>(kind: JellyfinFamilyKind<P>, presentation: ConfigPresentation) {
  const { prefix, name } = kind;
  const keys = {
    [`${prefix}Enabled`]: Type.Boolean({
      default: false,
      description: `Publish playlists to ${name} and refresh its libraries after downloads`,
    }),
    [`${prefix}Url`]: mediaServerUrl(`Base URL of the ${name} server, e.g. http://${prefix}:8096`, { default: '' }),
    [`${prefix}ApiKey`]: sentOnlyTo(
      [`${prefix}Url`],
      secret(
        mediaServerApiKey(`${name} API key (${kind.apiKeyPlace}); cleared when ${prefix}Url changes`, { default: '' }),
      ),
    ),
    [`${prefix}UserId`]: mediaServerId(`The ${name} user that owns ${kind.userOwns}`, { default: '' }),
    [`${prefix}VideoLibraryIds`]: mediaServerLibraryIds(
      'Libraries holding the downloaded videos; empty: every library that is not a music library',
    ),
    [`${prefix}WatchStatusAllUsers`]: watchStatusAllUsers(name),
  } as Keys<P>;
  return presented(Type.Object(keys), presentation);
}
