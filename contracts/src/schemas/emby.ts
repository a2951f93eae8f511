import { Type, type Static } from '../typebox.js';
import { mediaServerApiKey, mediaServerId, mediaServerUrl } from './media-servers.js';

/**
 * Body of the Emby connection routes (test, users, libraries): the values to try; an omitted field
 * means the saved one, so the UI can test saved settings without sending the secret again.
 */
export const EmbyConnectionBody = Type.Object(
  {
    embyUrl: Type.Optional(mediaServerUrl('Base URL to try, e.g. http://emby:8096')),
    embyApiKey: Type.Optional(mediaServerApiKey('API key to try (Settings > Advanced > API Keys)')),
    embyUserId: Type.Optional(mediaServerId('User to check (test only)')),
  },
  { additionalProperties: false },
);
export type EmbyConnectionBody = Static<typeof EmbyConnectionBody>;
