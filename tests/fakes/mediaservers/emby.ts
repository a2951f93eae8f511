/**
 * A fake Emby 4.8 server (docs/media-servers.md, "Emby"): every path under `/emby` (the bare path
 * works too), `X-Emby-Token`, `api_key` or an `Emby ... Token=".."` header, numeric item ids and
 * 32-hex user ids, `/Users/Query` and `/Library/VirtualFolders/Query` as QueryResults (no plain
 * `GET /Users`), `/Items` with a `Path` filter, `POST /Playlists` with query parameters only (a
 * JSON body is a 500; every playlist is private to its owner until `POST /Items/{Id}/MakePublic`),
 * 204 answers, text errors.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StartFakeServer } from './types.js';
import { fakeServer, type FakeMediaBrowserServer } from './mediabrowser/face.js';
import { FakeHttpServer, json, noContent, text, type FakeExchange, type FakeRoute } from './mediabrowser/http.js';
import { defaultLibraries, FakeMediaLibrary, listParam, page } from './mediabrowser/library.js';
import { sharedRoutes, userDto, virtualFolder } from './mediabrowser/routes.js';

export const EMBY_API_KEY = '0123456789abcdef0123456789abcdef';
export const EMBY_USER_ID = '7150f756a95f4dab9de904b044b3b911';
const OTHER_USER_ID = '2b3c4d5e6f708192a3b4c5d6e7f80912';
const SERVER_ID = '9a8b7c6d5e4f30211203f4e5d6c7b8a9';
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The token of a request, from any form Emby 4.8 accepts. */
export function embyToken(headers: IncomingMessage['headers'], query: Map<string, string>): string | null {
  if (headers['x-emby-token']) return String(headers['x-emby-token']);
  for (const h of [headers['x-emby-authorization'], headers.authorization]) {
    const token = h ? /(?:^Emby\s+|,)\s*Token="([^"]*)"/i.exec(String(h)) : null;
    if (token) return token[1]!;
  }
  return query.get('api_key') ?? null;
}

export const startFakeEmby: StartFakeServer = (options) => startEmby(options);

/** `startFakeEmby` with the kind-specific extras (request bodies, the library) in its type. */
export async function startEmby({ outputDir }: { outputDir: string }): Promise<FakeMediaBrowserServer> {
  let next = 100_000;
  const numericId = () => String(next++);
  const videoLib = numericId();
  const lib = new FakeMediaLibrary(defaultLibraries(outputDir, videoLib, numericId()), numericId);
  const users = [userDto(SERVER_ID, EMBY_USER_ID, 'vidkeep', true), userDto(SERVER_ID, OTHER_USER_ID, 'family', false)];
  const info = () => ({
    LocalAddress: http.url,
    LocalAddresses: [http.url],
    WanAddress: null,
    RemoteAddresses: [],
    ServerName: 'Fake Emby',
    Version: '4.8.11.0',
    Id: SERVER_ID,
  });
  const knownItems = (ids: string[]) => ids.flatMap((id) => (lib.items.has(id) ? [id] : []));

  const createPlaylist = (x: FakeExchange) => {
    if (x.body !== null) return text(500, 'Object reference not set to an instance of an object.');
    const ids = knownItems(listParam(x.query.get('ids')));
    const userId = x.query.get('userid') ?? '';
    const mediaType = x.query.get('mediatype') ?? lib.items.get(ids[0] ?? '')?.mediaType ?? 'Audio';
    const id = numericId();
    const name = x.query.get('name') ?? '';
    lib.playlists.set(id, {
      id,
      name,
      mediaType: mediaType.toLowerCase() === 'audio' ? 'audio' : 'video',
      // Emby 4.8 creates every playlist private to its owner; MakePublic makes it server-wide.
      public: false,
      owner: userId.toLowerCase(),
      itemIds: ids,
    });
    return json({ Id: id, Name: name, ItemAddedCount: ids.length });
  };

  const addItems = (x: FakeExchange) => {
    const p = lib.playlists.get(x.params.id!);
    if (!p) return text(404, 'Playlist not found');
    const ids = knownItems(listParam(x.query.get('ids')));
    p.itemIds.push(...ids);
    return json({ Id: p.id, ItemAddedCount: ids.length });
  };

  /** external-apis.md 3.8: visibility is toggled after creation, 204 (404 for an unknown item). */
  const visibility = (x: FakeExchange, isPublic: boolean) => {
    const p = lib.playlists.get(x.params.id!);
    if (!p) return text(404, 'Item not found');
    p.public = isPublic;
    return noContent();
  };

  const routes: FakeRoute[] = [
    { method: 'GET', path: '/System/Info/Public', auth: false, handle: () => json(info()) },
    {
      method: 'GET',
      path: '/System/Info',
      handle: () =>
        json({ ...info(), OperatingSystem: 'Linux', HasPendingRestart: false, SupportsLibraryMonitor: true }),
    },
    { method: 'GET', path: '/Users/Query', handle: (x) => json(page(users, x.query)) },
    {
      method: 'GET',
      path: '/Library/VirtualFolders/Query',
      handle: (x) =>
        json(
          page(
            lib.libraries.map((l) => ({ ...virtualFolder(lib, l), Id: l.id, Guid: randomUUID().replace(/-/g, '') })),
            x.query,
          ),
        ),
    },
    { method: 'POST', path: '/Playlists', handle: createPlaylist },
    { method: 'POST', path: '/Playlists/:id/Items', handle: addItems },
    { method: 'POST', path: '/Items/:id/MakePublic', handle: (x) => visibility(x, true) },
    { method: 'POST', path: '/Items/:id/MakePrivate', handle: (x) => visibility(x, false) },
    ...sharedRoutes(lib, { same, serverId: SERVER_ID, emby: true }, users),
  ];

  const http = new FakeHttpServer({
    routes,
    prefix: '/emby',
    authenticated: (headers, query) => embyToken(headers, query) === EMBY_API_KEY,
    unauthorized: text(401, 'Access token is invalid or expired.'),
  });
  await http.listen();
  return fakeServer(
    'emby',
    http,
    lib,
    {
      embyEnabled: true,
      embyUrl: http.url,
      embyApiKey: EMBY_API_KEY,
      embyUserId: EMBY_USER_ID,
      embyVideoLibraryIds: [videoLib],
    },
    { list: users, serverId: SERVER_ID, primaryId: EMBY_USER_ID },
  );
}
