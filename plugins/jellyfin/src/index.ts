import { JellyfinConfigSection, JellyfinConnectionBody, JellyfinErrorCodes } from '@vidkeep/contracts';
import { mediaBrowserPlugin, type MediaBrowserDialect } from '@vidkeep/media-browser';

/**
 * How Jellyfin (10.9+) differs from the rest of its family: the address as typed, the key in a
 * `MediaBrowser` authorization header naming vidkeep's device, camelCase query parameters, a
 * user's items at `/Items?userId=`, and playlists created in one request whose JSON body takes the
 * whole list in order, owned by the configured user, with the public flag always sent (a body
 * without it makes a public playlist).
 */
export const jellyfinDialect: MediaBrowserDialect = {
  base: (url) => url.replace(/\/+$/, ''),
  authHeaders: (apiKey, deviceId) => ({
    authorization: `MediaBrowser Client="vidkeep", Device="vidkeep", DeviceId="${deviceId}", Version="1.0.0", Token="${apiKey}"`,
  }),
  queryCase: 'camel',
  pagedLists: false,
  userItemsUnderUser: false,
  keysPage: 'Dashboard > API Keys',
  async createPlaylist(call, conn, p, signal) {
    const body = {
      Name: p.name,
      Ids: p.itemIds,
      UserId: conn.userId,
      MediaType: p.mediaType === 'audio' ? 'Audio' : 'Video',
      IsPublic: p.public,
    };
    return (await call<{ Id?: string }>('POST', '/Playlists', { signal, body }))?.Id;
  },
};

/** The Jellyfin-type media server (`docs/media-servers.md`); everything else comes from `@vidkeep/media-browser`. */
export default mediaBrowserPlugin({
  id: 'jellyfin',
  label: 'Jellyfin',
  version: '1.0.0',
  description: 'Jellyfin: playlists as native playlists, new downloads indexed, watch status',
  config: JellyfinConfigSection,
  connectionBody: JellyfinConnectionBody,
  codes: JellyfinErrorCodes,
  dialect: jellyfinDialect,
});
