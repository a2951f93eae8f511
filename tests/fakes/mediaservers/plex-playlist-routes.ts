/**
 * The fake Plex server's playlists (external-apis.md 1.10): each belongs to the account whose
 * token created it and is invisible (404) to every other token; created and extended with a
 * `server://<machine>/…/library/metadata/<keys>` URI of items of its own media type, cleared,
 * deleted (204).
 */
import { container } from './plex-wire.js';
import {
  badRequest,
  itemEl,
  itemsFor,
  notFound,
  ok,
  paged,
  playlistEl,
  uriKeys,
  type PlexExchange,
  type PlexRoute,
} from './plex-answers.js';
import type { PlexItem, PlexPlaylistRecord, PlexState } from './plex-state.js';

export function plexPlaylistRoutes(s: PlexState): PlexRoute[] {
  const owned = (x: PlexExchange): PlexPlaylistRecord | undefined => {
    const p = s.playlists.get(x.params.id!);
    return p && p.ownerId === x.account?.id ? p : undefined;
  };
  const append = (p: PlexPlaylistRecord, items: PlexItem[]) => {
    for (const i of items) p.items.push({ playlistItemID: s.newPlaylistItemId(), ratingKey: i.ratingKey });
    p.updatedAt = Math.floor(Date.now() / 1000);
  };

  return [
    {
      method: 'GET',
      path: '/playlists',
      handle: (x) => {
        const type = x.query.get('playlistType');
        const title = x.query.get('title');
        const mine = [...s.playlists.values()].filter(
          (p) => p.ownerId === x.account?.id && (!type || p.playlistType === type) && (!title || p.title === title),
        );
        return ok(paged(x, mine.map(playlistEl)));
      },
    },
    {
      method: 'POST',
      path: '/playlists',
      handle: (x) => {
        const type = x.query.get('type');
        const title = x.query.get('title');
        const items = itemsFor(s, type ?? '', uriKeys(s, x.query.get('uri')));
        if (!title || (type !== 'video' && type !== 'audio') || x.query.get('smart') === '1' || !items)
          return badRequest();
        const at = Math.floor(Date.now() / 1000);
        const p: PlexPlaylistRecord = {
          ratingKey: s.newKey(),
          title,
          playlistType: type,
          ownerId: x.account!.id,
          items: [],
          addedAt: at,
          updatedAt: at,
        };
        append(p, items);
        s.playlists.set(p.ratingKey, p);
        return ok(container({}, [playlistEl(p)]));
      },
    },
    {
      method: 'GET',
      path: '/playlists/:id',
      handle: (x) => {
        const p = owned(x);
        return p ? ok(container({}, [playlistEl(p)])) : notFound();
      },
    },
    {
      method: 'DELETE',
      path: '/playlists/:id',
      handle: (x) => {
        const p = owned(x);
        if (!p) return notFound();
        s.playlists.delete(p.ratingKey);
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: '/playlists/:id/items',
      handle: (x) => {
        const p = owned(x);
        if (!p) return notFound();
        const rows = p.items.flatMap((r) => {
          const item = s.itemByKey(r.ratingKey);
          return item ? [itemEl(item, { playlistItemID: r.playlistItemID })] : [];
        });
        return ok(
          paged(x, rows, {
            ratingKey: p.ratingKey,
            title: p.title,
            playlistType: p.playlistType,
            leafCount: p.items.length,
          }),
        );
      },
    },
    {
      method: 'PUT',
      path: '/playlists/:id/items',
      handle: (x) => {
        const p = owned(x);
        if (!p) return notFound();
        const items = itemsFor(s, p.playlistType, uriKeys(s, x.query.get('uri')));
        if (!items) return badRequest();
        append(p, items);
        return ok(container({ leafCountAdded: items.length, leafCountRequested: items.length }, [playlistEl(p)]));
      },
    },
    {
      method: 'DELETE',
      path: '/playlists/:id/items',
      handle: (x) => {
        const p = owned(x);
        if (!p) return notFound();
        p.items = [];
        return ok(container({}, [playlistEl(p)]));
      },
    },
    {
      method: 'DELETE',
      path: '/playlists/:id/items/:itemId',
      handle: (x) => {
        const p = owned(x);
        const at = p?.items.findIndex((r) => String(r.playlistItemID) === x.params.itemId) ?? -1;
        if (!p || at < 0) return notFound();
        p.items.splice(at, 1);
        return ok(container({}, [playlistEl(p)]));
      },
    },
  ];
}
