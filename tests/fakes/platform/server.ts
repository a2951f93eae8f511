/**
 * The fake video platform's server core: the HTTP server, the routing table, the shared state and
 * the lifecycle. What the platform answers lives in one route module per area under `routes/`
 * (see README.md, "Extending the fake").
 *
 * The yt-dlp plugin in ./python asks this server for JSON (`/api/...`) and downloads the media and
 * images it points at (`/media/...`, `/vi/...`, `/ca/...`). Everything the service sees keeps the
 * platform's real URLs; only yt-dlp's plugin knows about this server.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchPath, NOT_FOUND, send, type Route } from './http.js';
import { accountRoutes } from './routes/account.js';
import { channelRoutes } from './routes/channels.js';
import { dataApiRoutes } from './routes/data-api/index.js';
import { playlistRoutes } from './routes/playlists.js';
import { searchRoutes } from './routes/search.js';
import { videoRoutes } from './routes/videos.js';
import { cookiesOf, PlatformState } from './state.js';
import { PlatformThrottle } from './throttle.js';
import type { FakeApiFailure, FakePlatform, FakePlatformInit } from './types.js';

/** Absolute path of the directory to put on PYTHONPATH (it holds `yt_dlp_plugins/`). */
export const FAKE_PLATFORM_PYTHON_DIR = fileURLToPath(new URL('./python', import.meta.url));

/** Every area of the platform; a new area is one more module here. Paths never overlap, so order does not matter. */
const AREAS: ((s: PlatformState) => Route[])[] = [
  videoRoutes,
  channelRoutes,
  playlistRoutes,
  searchRoutes,
  dataApiRoutes,
  accountRoutes,
];

export async function startFakePlatform(init: FakePlatformInit = {}): Promise<FakePlatform> {
  const state = new PlatformState(init);
  const routes = AREAS.flatMap((area) => area(state));
  const requests: FakePlatform['requests'] = [];
  const sockets = new Set<Socket>();
  const throttle = new PlatformThrottle();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const segments = url.pathname
      .split('/')
      .slice(1)
      .map((p) => decodeURIComponent(p));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send({ req, res }, 405, 'Method Not Allowed');
    const refused = throttle.check(url.pathname);
    if (refused) return send({ req, res }, refused.status, refused.body);
    for (const route of routes) {
      const params = matchPath(route.path, segments);
      if (!params) continue;
      const answer = await route.handle({ req, res, params, query: url.searchParams });
      if (answer) send({ req, res }, answer.status, answer.body);
      return;
    }
    send({ req, res }, NOT_FOUND.status, NOT_FOUND.body);
  }

  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      at: Date.now(),
      cookies: [...cookiesOf(req).keys()],
    });
    handle(req, res).catch((e: unknown) => {
      if (res.headersSent) res.destroy();
      else send({ req, res }, 500, `Fake platform error: ${e instanceof Error ? e.message : String(e)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  // The default media set is needed by nearly every test: build it (or load it from the cache) now.
  await state.defaultMedia();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.base = base;

  for (const v of init.videos ?? []) state.addVideo(v);
  for (const c of init.channels ?? []) state.addChannel(c);
  for (const p of init.playlists ?? []) state.addPlaylist(p);
  if (init.account) state.setAccount(init.account);

  let closed: Promise<void> | null = null;
  return {
    url: base,
    env: {
      PYTHONPATH: [FAKE_PLATFORM_PYTHON_DIR, process.env.PYTHONPATH].filter(Boolean).join(delimiter),
      VIDKEEP_FAKE_PLATFORM_URL: base,
      VIDKEEP_SOURCE_API_URL: `${base}/youtube/v3`,
      // yt-dlp would otherwise write __pycache__ beside the plugin, inside the repository.
      PYTHONDONTWRITEBYTECODE: '1',
    },
    addVideo: (v) => state.addVideo(v),
    addChannel: (c) => state.addChannel(c),
    addPlaylist: (p) => state.addPlaylist(p),
    generateTab: (channelId, tab, n) => state.generateTab(channelId, tab, n),
    setFailure: (videoId, failure) => state.setFailure(videoId, failure),
    setThrottle: (videoId, throttle) => state.setThrottle(videoId, throttle),
    setMediaFailures: (videoId, failures) => state.setMediaFailures(videoId, failures),
    mediaRequests: (videoId) => state.mediaRequestCounts.get(videoId) ?? 0,
    mediaRanges: (videoId) => [...(state.mediaRangeHeaders.get(videoId) ?? [])],
    setChannelPageFailures: (channelId, failures) => state.setChannelPageFailures(channelId, failures),
    channelPageRequests: (channelId) => state.channelPageRequestCounts.get(channelId) ?? 0,
    releaseStalls: () => state.releaseStalls(),
    setRateLimit: (limit) => throttle.setRateLimit(limit),
    botCheckFor: (ms) => throttle.botCheckFor(ms),
    get tooManyRequests() {
      return throttle.tooManyRequests;
    },
    get botChecks() {
      return throttle.botChecks;
    },
    setSearchBehavior: (behavior) => state.setSearchBehavior(behavior),
    setAccount: (account) => state.setAccount(account),
    get apiQuotaUsed() {
      return state.api.used;
    },
    set apiQuotaUsed(units: number) {
      state.api.used = units;
    },
    setApiQuota(units: number) {
      state.api.quota = units;
    },
    setApiFailure(reason: FakeApiFailure | null) {
      state.api.failure = reason;
    },
    requests,
    close() {
      closed ??= new Promise<void>((resolve) => {
        state.releaseStalls();
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
      return closed;
    },
  };
}
