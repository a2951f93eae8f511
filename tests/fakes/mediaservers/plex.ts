/**
 * A fake Plex Media Server (plus a fake plex.tv for the PIN sign-in) for tests, following
 * external-apis.md section 1: token in `X-Plex-Token` (header or query), XML unless the client
 * asks for JSON, `X-Plex-Container-Start`/`-Size` paging, 401/404/500 as HTML pages, 204 for a
 * deleted playlist, playlists owned by the token's account. Its libraries cover the output
 * directory and index the files a scan finds there. See README.plex.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchPath } from '../platform/http.js';
import { startFakePlexTv, type FakePlexTv } from './plex-tv.js';
import type { PlexAnswer } from './plex-answers.js';
import { plexLibraryRoutes } from './plex-library-routes.js';
import { plexPlaylistRoutes } from './plex-playlist-routes.js';
import { ADMIN_TOKEN, PlexState } from './plex-state.js';
import { errorPage, toJson, toXml } from './plex-wire.js';
import type { FakeMediaServer, FakeServerFailure, StartFakeServer } from './types.js';

export interface FakePlex extends FakeMediaServer {
  readonly kind: 'plex';
  /** Every request served, with the token it carried (null: none). */
  readonly requests: { method: string; path: string; token: string | null }[];
  readonly tv: FakePlexTv;
  readonly adminToken: string;
  readonly machineIdentifier: string;
  /** Adds an account (a friend or home user) and returns its token. */
  addAccount(name: string): string;
}

export interface FakePlexOptions {
  outputDir: string;
  /** How long a scan takes before its files are indexed (default 20 ms). */
  scanDelayMs?: number;
}

const headerOf = (req: IncomingMessage, name: string): string | null => {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' && v !== '' ? v : null;
};

export async function startFakePlex(options: FakePlexOptions): Promise<FakePlex> {
  const state = new PlexState(options.outputDir, options.scanDelayMs ?? 20);
  const routes = [...plexLibraryRoutes(state), ...plexPlaylistRoutes(state)];
  const requests: FakePlex['requests'] = [];
  const tv = await startFakePlexTv();

  function write(req: IncomingMessage, res: ServerResponse, answer: PlexAnswer): void {
    const json = /application\/json/.test(req.headers.accept ?? '');
    const { body } = answer;
    const text = body === undefined ? '' : typeof body === 'string' ? body : json ? toJson(body) : toXml(body);
    const type = typeof body === 'string' ? 'text/html' : json ? 'application/json' : 'text/xml';
    // No keep-alive: a client must not reuse a socket across `fail('down')`, so that it sees ECONNREFUSED.
    const headers: Record<string, string> = { Connection: 'close' };
    if (body !== undefined) headers['Content-Type'] = `${type};charset=utf-8`;
    res.writeHead(answer.status, headers);
    res.end(text);
  }

  function answer(req: IncomingMessage, url: URL, token: string | null): PlexAnswer {
    if (state.failure === 'server-error') return { status: 500, body: errorPage(500, 'Internal Server Error') };
    const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    for (const route of routes) {
      const params = route.method === req.method ? matchPath(route.path, segments) : null;
      if (!params) continue;
      const account = route.open || state.failure === 'unauthorized' ? null : (state.accountOf(token) ?? null);
      if (!route.open && !account) return { status: 401, body: errorPage(401, 'Unauthorized') };
      return route.handle({
        params,
        query: url.searchParams,
        account,
        option: (name) => headerOf(req, name) ?? url.searchParams.get(name),
      });
    }
    return { status: 404, body: errorPage(404, 'Not Found') };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://plex.invalid');
    const token = headerOf(req, 'X-Plex-Token') ?? url.searchParams.get('X-Plex-Token');
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', token });
    write(req, res, answer(req, url, token));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  let reopening: Promise<void> = Promise.resolve();

  return {
    kind: 'plex',
    url,
    config: { mediaserverUrl: url, plexApiKey: ADMIN_TOKEN, plexSourceLibraryId: '1' },
    env: { VIDKEEP_PLEX_TV_URL: tv.url },
    requests,
    tv,
    adminToken: ADMIN_TOKEN,
    machineIdentifier: state.machineIdentifier,
    addAccount: (name) => state.addAccount(name),
    playlists: () =>
      [...state.playlists.values()].map((p) => ({
        id: p.ratingKey,
        name: p.title,
        mediaType: p.playlistType,
        public: null,
        owner: state.accounts.find((a) => a.id === p.ownerId)?.name ?? String(p.ownerId),
        paths: p.items.flatMap((r) => state.itemByKey(r.ratingKey)?.file ?? []),
      })),
    deletePlaylist: (id) => void state.playlists.delete(id),
    indexedPaths: () => [...state.items.keys()],
    watching: {
      users: () => state.accounts.map((a) => ({ id: String(a.id), name: a.name, primary: a.id === 1 })),
      addUser: (name) => String(state.accountOf(state.addAccount(name))!.id),
      removeUser: (id) => {
        const i = state.accounts.findIndex((a) => String(a.id) === id);
        if (i > 0) state.accounts.splice(i, 1);
      },
      play: (path, userId, o = {}) => state.play(path, Number(userId), o.at ?? new Date(), o.positionMs),
    },
    fail(mode: FakeServerFailure) {
      const wasDown = state.failure === 'down';
      state.failure = mode;
      if (mode === 'down' && !wasDown) {
        server.close();
        server.closeAllConnections();
      } else if (mode !== 'down' && wasDown) {
        reopening = listen(port);
      }
    },
    async close() {
      state.close();
      await reopening.catch(() => undefined);
      await Promise.all([
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
        tv.close(),
      ]);
    },
  };
}

/** The shared conformance suite's entry: the fake Plex as a `StartFakeServer`. */
export const startFakePlexServer: StartFakeServer = (o) => startFakePlex(o);
