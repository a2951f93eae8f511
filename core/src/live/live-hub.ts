import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CoreEvents,
  authServiceRef,
  type AuthContext,
  type EventBus,
  type LiveHub,
  type LiveMessage,
} from '@vidkeep/contracts';
import type { Logger } from 'pino';
import type { ServiceRegistry } from '../di/container.js';

export const LIVE_PATH = '/api/ws';
const AUTH_TIMEOUT_MS = 10_000;
const COALESCE_MS = 250;
const PING_INTERVAL_MS = 30_000;
/** A client that cannot keep up (this many bytes queued) is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export const CloseCodes = {
  invalidToken: 4401,
  forbidden: 4403,
  authTimeout: 4408,
  sessionRevoked: 4410,
  badMessage: 4400,
} as const;

interface Client {
  socket: WebSocket;
  auth: AuthContext | null;
  alive: boolean;
}

/**
 * WebSocket hub: authenticates sockets with a session token and fans messages out to them.
 * Messages with a coalesce key are sent at most every 250 ms per key (the latest wins), so a
 * yt-dlp progress stream of dozens of lines per second costs clients four messages a second.
 */
export class WebSocketLiveHub implements LiveHub {
  readonly instanceId = randomUUID();
  private readonly clients = new Set<Client>();
  private readonly pending = new Map<string, LiveMessage>();
  private flushTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(private readonly logger: Logger) {}

  clientCount(): number {
    let n = 0;
    for (const c of this.clients) if (c.auth) n += 1;
    return n;
  }

  broadcast(message: LiveMessage, options: { coalesceKey?: string } = {}): void {
    if (options.coalesceKey) {
      this.pending.set(options.coalesceKey, message);
      this.flushTimer ??= setTimeout(() => this.flush(), COALESCE_MS);
      return;
    }
    this.send(JSON.stringify(message));
  }

  private flush(): void {
    this.flushTimer = null;
    const messages = [...this.pending.values()];
    this.pending.clear();
    for (const m of messages) this.send(JSON.stringify(m));
  }

  private send(data: string): void {
    for (const client of this.clients) {
      if (!client.auth || client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.socket.terminate();
        continue;
      }
      client.socket.send(data);
    }
  }

  /** Closes the sockets authenticated by these sessions (logout, revoke, expiry). */
  revokeSessions(sessionIds: number[]): void {
    const ids = new Set(sessionIds);
    for (const client of this.clients) {
      if (client.auth?.kind === 'session' && ids.has(client.auth.sessionId)) {
        client.socket.close(CloseCodes.sessionRevoked, 'Session ended');
      }
    }
  }

  attach(client: Client): void {
    this.clients.add(client);
    client.socket.on('close', () => this.clients.delete(client));
    client.socket.on('pong', () => {
      client.alive = true;
    });
    this.pingTimer ??= setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
      }
    }, PING_INTERVAL_MS).unref();
  }

  close(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.flushTimer = null;
    this.pingTimer = null;
    for (const c of this.clients) c.socket.close(1001, 'Server shutting down');
    this.clients.clear();
  }

  get log(): Logger {
    return this.logger;
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `GET /api/ws`: the HTTP upgrade itself is open; the socket receives nothing until it is
 * authenticated by a session token (header `x-access-token`, or a first message
 * `{"type":"auth","token":"..."}` within 10 s, for browsers that cannot set headers).
 * API keys are refused: they are only for the download endpoint.
 */
export function installLiveRoute(
  app: FastifyInstance,
  hub: WebSocketLiveHub,
  registry: ServiceRegistry,
  events: EventBus,
): void {
  events.subscribe('auth.session.revoked', ({ sessionIds }) => hub.revokeSessions(sessionIds));
  // Pages that show what plugins offer (Settings' sections, menus) follow a switch at once.
  events.subscribe(CoreEvents.pluginToggled, ({ pluginId, enabled }) =>
    hub.broadcast({ type: 'pluginToggled', pluginId, enabled }),
  );

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      config: { auth: 'public' },
      schema: {
        tags: ['live'],
        summary: 'Live updates over WebSocket (session authenticated)',
        description: [
          'Open a WebSocket to `ws(s)://<host>/api/ws`.',
          'Authenticate with the session token: header `x-access-token` on the upgrade request, or, from a browser, send `{"type":"auth","token":"<session token>"}` as the first message within 10 seconds.',
          'The server answers `{"type":"ready","instanceId":"..."}`. A missing, invalid or expired token closes the socket with code 4401; an API key is refused with 4403; no authentication within 10 s closes with 4408; a session that ends (logout, revoke) closes with 4410.',
          'Messages are JSON objects with a `type`: `videoActivityUpdated` `{instanceId, revision}` (refetch `GET /api/jobs/video-activity`), `jobProgress` `{jobId, sourceId, state, progress}` (at most four per second per video), `jobUpdated` `{job}` (a job changed state or counts).',
          'After a reconnect, refetch; a changed `instanceId` means the server restarted and revisions start again.',
        ].join('\n\n'),
      },
    },
    (socket, request) => {
      const client: Client = { socket, auth: null, alive: true };
      hub.attach(client);
      const authService = registry.tryResolve(authServiceRef);

      const authenticate = async (token: string | undefined): Promise<void> => {
        if (!authService) {
          socket.close(CloseCodes.invalidToken, 'No authentication plugin is loaded');
          return;
        }
        const decision = await authService.authenticate({
          mode: 'session',
          accessToken: token,
          clientAddress: request.clientAddress,
          userAgent: firstHeader(request.headers['user-agent']),
        });
        if (!decision.ok) {
          socket.close(CloseCodes.invalidToken, decision.error.slice(0, 120));
          return;
        }
        client.auth = decision.auth;
        const ready: LiveMessage<'ready'> = { type: 'ready', instanceId: hub.instanceId };
        socket.send(JSON.stringify(ready));
      };

      if (firstHeader(request.headers['x-api-key'])) {
        socket.close(CloseCodes.forbidden, 'API keys cannot open live updates');
        return;
      }
      const headerToken = firstHeader(request.headers['x-access-token']);
      if (headerToken || authService?.isDisabled()) {
        void authenticate(headerToken).catch((err) => hub.log.error({ err }, 'WebSocket authentication failed'));
        return;
      }
      const timer = setTimeout(() => {
        if (!client.auth) socket.close(CloseCodes.authTimeout, 'Authenticate within 10 seconds');
      }, AUTH_TIMEOUT_MS);
      socket.on('close', () => clearTimeout(timer));
      socket.on('message', (data) => {
        if (client.auth) return; // clients have nothing else to say yet
        let msg: unknown;
        try {
          msg = JSON.parse(String(data));
        } catch {
          socket.close(CloseCodes.badMessage, 'Expected a JSON auth message');
          return;
        }
        const token = msg as { type?: unknown; token?: unknown } | null;
        if (!token || token.type !== 'auth' || typeof token.token !== 'string' || token.token.length > 512) {
          socket.close(CloseCodes.badMessage, 'Expected {"type":"auth","token":"..."}');
          return;
        }
        clearTimeout(timer);
        void authenticate(token.token).catch((err) => hub.log.error({ err }, 'WebSocket authentication failed'));
      });
    },
  );
}
