import { EmbyConfigSection, EmbyConnectionBody, EmbyErrorCodes } from '@vidkeep/contracts';
import { mediaBrowserPlugin, type MediaBrowserDialect } from '@vidkeep/media-browser';

/** Ids per create or add request: the list travels in the query string, which servers cap at about 8 KB. */
export const IDS_PER_REQUEST = 200;

/**
 * How Emby (4.8) differs from the rest of its family: paths under `/emby` (users paste the address
 * with or without it), the key in `X-Emby-Token`, PascalCase query parameters, the paged
 * `/Users/Query` and `/Library/VirtualFolders/Query` (older servers: the plain lists), a user's
 * items at `/Users/{id}/Items`, and its own playlist creation (below).
 */
export const embyDialect: MediaBrowserDialect = {
  base: (url) => `${url.replace(/\/+$/, '').replace(/\/emby$/i, '')}/emby`,
  authHeaders: (apiKey) => ({ 'x-emby-token': apiKey }),
  queryCase: 'pascal',
  pagedLists: true,
  userItemsUnderUser: true,
  refreshExtras: { ReplaceAllMetadata: 'false', ReplaceAllImages: 'false' },
  keysPage: 'Settings > Advanced > API Keys',
  /**
   * The first ids with the creation, the rest appended in batches, in order. Emby takes no body
   * here (a JSON body is a 500) and has no public flag at creation: Emby 4.8 creates every
   * playlist private to its owner (the configured user), and a public one is then made
   * server-wide with `POST /Items/{Id}/MakePublic` (issue 31: created without a user, a "public"
   * playlist stayed private).
   */
  async createPlaylist(call, conn, p, signal) {
    const user: Record<string, string> = conn.userId ? { UserId: conn.userId } : {};
    const batches: string[][] = [];
    for (let i = 0; i < p.itemIds.length; i += IDS_PER_REQUEST) batches.push(p.itemIds.slice(i, i + IDS_PER_REQUEST));
    const query = {
      Name: p.name,
      Ids: (batches[0] ?? []).join(','),
      MediaType: p.mediaType === 'audio' ? 'Audio' : 'Video',
      ...user,
    };
    const id = (await call<{ Id?: string }>('POST', '/Playlists', { signal, query }))?.Id;
    if (!id) return undefined;
    for (const batch of batches.slice(1)) {
      await call('POST', `/Playlists/${encodeURIComponent(id)}/Items`, {
        signal,
        query: { Ids: batch.join(','), ...user },
      });
    }
    if (p.public) await call('POST', `/Items/${encodeURIComponent(id)}/MakePublic`, { signal });
    return id;
  },
};

/** The Emby-type media server (`docs/media-servers.md`); everything else comes from `@vidkeep/media-browser`. */
export default mediaBrowserPlugin({
  id: 'emby',
  label: 'Emby',
  version: '1.0.0',
  description: 'Emby: playlists as native playlists, new downloads indexed, watch status',
  config: EmbyConfigSection,
  connectionBody: EmbyConnectionBody,
  codes: EmbyErrorCodes,
  dialect: embyDialect,
});
