import { Type, type Static } from '../typebox.js';
import { mediaServerApiKey, mediaServerId, mediaServerUrl } from './media-servers.js';

/**
 * Body of the Jellyfin connection routes (test, users, libraries): the values to try; an omitted
 * field means the saved one, so the UI can test saved settings without sending the secret again.
 */
export const JellyfinConnectionBody = Type.Object(
  {
    jellyfinUrl: Type.Optional(mediaServerUrl('Base URL to try, e.g. http://jellyfin:8096')),
    jellyfinApiKey: Type.Optional(mediaServerApiKey('API key to try (Dashboard > API Keys)')),
    jellyfinUserId: Type.Optional(mediaServerId('User to check (test only)')),
  },
  { additionalProperties: false },
);
export type JellyfinConnectionBody = Static<typeof JellyfinConnectionBody>;
