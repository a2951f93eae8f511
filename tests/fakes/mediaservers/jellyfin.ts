/**
 * A fake Jellyfin 10.11 server (docs/media-servers.md, "Jellyfin"): the `MediaBrowser` Authorization
 * header or `ApiKey` (plus the legacy `X-Emby-Token`/`api_key`, on by default in 10.11), 32-hex ids,
 * VirtualFolders as a plain array, `/Items` paging without a path filter, `POST /Playlists` with a
 * JSON body (IsPublic defaults to true, unknown ids are 400), 204 answers, text error bodies.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StartFakeServer } from './types.js';
import { fakeServer, type FakeMediaBrowserServer } from './mediabrowser/face.js';
import { FakeHttpServer, json, text, type FakeExchange, type FakeRoute } from './mediabrowser/http.js';
import { defaultLibraries, FakeMediaLibrary, listParam } from './mediabrowser/library.js';
import { sharedRoutes, userDto, virtualFolder } from './mediabrowser/routes.js';

export const JELLYFIN_API_KEY = 'c0ffee00c0ffee00c0ffee00c0ffee00';
export const JELLYFIN_USER_ID = '5f0c5e5a9d8e4c1fa2b3c4d5e6f70811';
const OTHER_USER_ID = '0a1b2c3d4e5f46a7b8c9d0e1f2a3b4c5';
const SERVER_ID = 'f1e2d3c4b5a697887766554433221100';
const hexId = () => randomUUID().replace(/-/g, '');
/** Jellyfin writes GUIDs as 32 hex characters and accepts dashed ones too. */
const same = (a: string, b: string) => a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase();

/** The token of a request, from any form Jellyfin 10.11 accepts. */
export function jellyfinToken(headers: IncomingMessage['headers'], query: Map<string, string>): string | null {
  for (const h of [headers.authorization, headers['x-emby-authorization']]) {
    const m = h ? /^(?:MediaBrowser|Emby)\s+(.*)$/i.exec(String(h)) : null;
    const token = m ? /(?:^|,)\s*Token="([^"]*)"/i.exec(m[1]!) : null;
    if (token) return decodeURIComponent(token[1]!);
  }
  const legacy = headers['x-emby-token'] ?? headers['x-mediabrowser-token'];
  return (legacy ? String(legacy) : null) ?? query.get('apikey') ?? query.get('api_key') ?? null;
}

export const startFakeJellyfin: StartFakeServer = (options) => startJellyfin(options);

/** `startFakeJellyfin` with the kind-specific extras (request bodies, the library) in its type. */
export async function startJellyfin({ outputDir }: { outputDir: string }): Promise<FakeMediaBrowserServer> {
  const videoLib = hexId();
  const lib = new FakeMediaLibrary(defaultLibraries(outputDir, videoLib, hexId()), hexId);
  const users = [
    userDto(SERVER_ID, JELLYFIN_USER_ID, 'vidkeep', true),
    userDto(SERVER_ID, OTHER_USER_ID, 'family', false),
  ];
  const info = () => ({
    LocalAddress: http.url,
    ServerName: 'Fake Jellyfin',
    Version: '10.11.11',
    ProductName: 'Jellyfin Server',
    OperatingSystem: 'Linux',
    Id: SERVER_ID,
    StartupWizardCompleted: true,
  });

  const createPlaylist = (x: FakeExchange) => {
    const b = (x.body ?? {}) as {
      Name?: string;
      Ids?: string[];
      UserId?: string;
      MediaType?: string;
      IsPublic?: boolean;
    };
    // Query parameters are obsolete but still bound, and win over the body.
    const ids = x.query.has('ids') ? listParam(x.query.get('ids')) : (b.Ids ?? []);
    const known = ids.map((id) => [...lib.items.values()].find((i) => same(i.id, id)));
    if (known.some((i) => !i)) return text(400, 'No item exists with the supplied Id');
    const items = [...new Map(known.map((i) => [i!.id, i!])).values()]; // duplicates are dropped
    const mediaType = x.query.get('mediatype') ?? b.MediaType ?? items[0]?.mediaType ?? 'Audio';
    const id = hexId();
    lib.playlists.set(id, {
      id,
      name: x.query.get('name') ?? b.Name ?? '',
      mediaType: mediaType.toLowerCase() === 'audio' ? 'audio' : 'video',
      // IsPublic defaults to true in the body DTO; without a body the playlist is private.
      public: x.body ? (b.IsPublic ?? true) : false,
      owner: (x.query.get('userid') ?? b.UserId ?? '').replace(/-/g, '').toLowerCase(),
      itemIds: items.map((i) => i.id),
    });
    return json({ Id: id });
  };

  const routes: FakeRoute[] = [
    { method: 'GET', path: '/System/Info/Public', auth: false, handle: () => json(info()) },
    { method: 'GET', path: '/System/Ping', auth: false, handle: () => json('Fake Jellyfin') },
    {
      method: 'GET',
      path: '/System/Info',
      handle: () => json({ ...info(), HasPendingRestart: false, SupportsLibraryMonitor: true }),
    },
    { method: 'GET', path: '/Users', handle: () => json(users) },
    {
      method: 'GET',
      path: '/Library/VirtualFolders',
      handle: () => json(lib.libraries.map((l) => virtualFolder(lib, l))),
    },
    { method: 'POST', path: '/Playlists', handle: createPlaylist },
    ...sharedRoutes(lib, { same, serverId: SERVER_ID, emby: false }, users),
  ];

  const http = new FakeHttpServer({
    routes,
    authenticated: (headers, query) => jellyfinToken(headers, query) === JELLYFIN_API_KEY,
    unauthorized: text(401, 'Unauthorized'),
  });
  await http.listen();
  return fakeServer(
    'jellyfin',
    http,
    lib,
    {
      jellyfinEnabled: true,
      jellyfinUrl: http.url,
      jellyfinApiKey: JELLYFIN_API_KEY,
      jellyfinUserId: JELLYFIN_USER_ID,
      jellyfinVideoLibraryIds: [videoLib],
    },
    { list: users, serverId: SERVER_ID, primaryId: JELLYFIN_USER_ID },
  );
}
