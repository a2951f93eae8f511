/**
 * Routes Jellyfin and Emby answer the same way (Emby is Jellyfin's ancestor): scans, item
 * listings, one user, playlist items and deleting an item. Each kind passes its id comparison and
 * its item shape; its own routes (system info, user lists, libraries, creating playlists) stay
 * in `jellyfin.ts` / `emby.ts`.
 */
import { json, noContent, text, type FakeRoute } from './http.js';
import {
  listParam,
  page,
  type FakeUserData,
  type FakeItem,
  type FakeLibrary,
  type FakeMediaLibrary,
  type FakePlaylistRecord,
} from './library.js';

export interface KindShapes {
  /** Whether two ids name the same thing (Jellyfin accepts dashed GUIDs). */
  same(a: string, b: string): boolean;
  serverId: string;
  /** Emby: `/Items` filters by `Path`, and DELETE has `POST .../Delete` twins; Jellyfin 10.11: neither. */
  emby: boolean;
}

/** Items of the playlist's order that still exist (an item removed by a rescan leaves its entry). */
const entries = (lib: FakeMediaLibrary, p: FakePlaylistRecord) =>
  p.itemIds.flatMap((id) => {
    const item = lib.items.get(id);
    return item ? [item] : [];
  });

/** `UserItemDataDto`: `PlayedPercentage` only while in progress, `LastPlayedDate` once played. */
const userDataDto = (i: FakeItem, d: FakeUserData | undefined) => ({
  PlaybackPositionTicks: d?.positionTicks ?? 0,
  PlayCount: d?.playCount ?? 0,
  IsFavorite: false,
  Played: d?.played ?? false,
  Key: i.id,
  ItemId: i.id,
  ...(d?.lastPlayed ? { LastPlayedDate: d.lastPlayed.toISOString() } : {}),
  // Every fake file is 60 s long (600,000,000 ticks).
  ...(d && d.positionTicks > 0 ? { PlayedPercentage: Math.min(100, (d.positionTicks / 600_000_000) * 100) } : {}),
});

/**
 * A `BaseItemDto` as both servers write one (`Path` only when asked for with `fields=Path`,
 * `UserData` only for a request in a user's name).
 */
export const itemDto = (serverId: string, i: FakeItem, withPath: boolean, userData?: FakeUserData | null) => ({
  Name: i.name,
  ServerId: serverId,
  Id: i.id,
  Type: i.type,
  MediaType: i.mediaType,
  ParentId: i.libraryId,
  IsFolder: false,
  ...(withPath ? { Path: i.path } : {}),
  ...(userData !== undefined ? { UserData: userDataDto(i, userData ?? undefined) } : {}),
});

/** A `VirtualFolderInfo` (Emby adds `Id` and `Guid`). */
export const virtualFolder = (lib: FakeMediaLibrary, l: FakeLibrary) => ({
  Name: l.name,
  Locations: l.locations,
  CollectionType: l.collectionType,
  ItemId: l.id,
  LibraryOptions: {},
  RefreshStatus: lib.scanning ? 'Active' : 'Idle',
});

export function sharedRoutes(lib: FakeMediaLibrary, k: KindShapes, users: { Id: string }[]): FakeRoute[] {
  const item = (i: FakeItem, withPath: boolean, userId?: string | null) =>
    itemDto(k.serverId, i, withPath, userId ? (lib.dataOf(userId, i.id) ?? null) : undefined);
  const playlist = (id: string) => [...lib.playlists.values()].find((p) => k.same(p.id, id));
  const listItems: FakeRoute['handle'] = (x) => {
    const withPath = listParam(x.query.get('fields')).some((f) => f.toLowerCase() === 'path');
    const userId = x.params.userId ?? x.query.get('userid');
    if (userId && !users.some((u) => k.same(u.Id, userId))) return text(404, 'User not found');
    const withData = userId && x.query.get('enableuserdata')?.toLowerCase() !== 'false' ? userId : null;
    const items = lib.list({
      parentId: x.query.get('parentid'),
      types: listParam(x.query.get('includeitemtypes')),
      ids: listParam(x.query.get('ids')),
      path: k.emby ? x.query.get('path') : undefined,
    });
    return json(
      page(
        items.map((i) => item(i, withPath, withData)),
        x.query,
      ),
    );
  };
  const deleteItem: FakeRoute['handle'] = (x) => {
    const p = playlist(x.params.id!);
    if (!p) return text(404, 'Item not found');
    lib.playlists.delete(p.id);
    return noContent();
  };
  return [
    {
      method: 'GET',
      path: '/Users/:id',
      handle: (x) => {
        const u = users.find((u) => k.same(u.Id, x.params.id!));
        return u ? json(u) : text(404, 'User not found');
      },
    },
    {
      method: 'POST',
      path: '/Library/Refresh',
      handle: () => {
        lib.scanLibraries(lib.libraries.map((l) => l.id));
        return noContent();
      },
    },
    {
      method: 'POST',
      path: '/Items/:id/Refresh',
      handle: (x) => {
        const l = lib.library(x.params.id!);
        if (!l) return text(404, 'Item not found');
        lib.scanLibraries([l.id]);
        return noContent();
      },
    },
    {
      method: 'POST',
      path: '/Library/Media/Updated',
      handle: (x) => {
        const updates = ((x.body ?? {}) as { Updates?: { Path?: string | null }[] }).Updates ?? [];
        if (updates.some((u) => !u.Path)) return text(400, "Value cannot be null. (Parameter 'path')");
        lib.scanPaths(updates.map((u) => u.Path!));
        return noContent();
      },
    },
    { method: 'GET', path: '/Items', handle: listItems },
    { method: 'GET', path: '/Users/:userId/Items', handle: listItems },
    {
      method: 'GET',
      path: '/Playlists/:id/Items',
      handle: (x) => {
        const p = playlist(x.params.id!);
        if (!p) return text(404, 'Playlist not found');
        return json(
          page(
            entries(lib, p).map((i) => ({ ...item(i, true), PlaylistItemId: i.id })),
            x.query,
          ),
        );
      },
    },
    { method: 'DELETE', path: '/Items/:id', handle: deleteItem },
    ...(k.emby ? [{ method: 'POST', path: '/Items/:id/Delete', handle: deleteItem }] : []),
  ];
}

/** A user as both servers describe one (`UserDto`, the fields vidkeep reads and a few more). */
export const userDto = (serverId: string, id: string, name: string, admin: boolean) => ({
  Name: name,
  ServerId: serverId,
  Id: id,
  HasPassword: true,
  LastLoginDate: null,
  LastActivityDate: null,
  Configuration: {},
  Policy: { IsAdministrator: admin, IsHidden: false, IsDisabled: false },
});
