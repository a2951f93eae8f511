/**
 * The HTTP side shared by the fake Jellyfin and Emby servers (both descend from MediaBrowser and
 * route alike): case-insensitive paths with `:name` segments, an optional path prefix (Emby's
 * `/emby`), an auth check per route, the failure switches of `FakeServerFailure`, and a log of
 * every request with its body. The kinds bring their routes and their way of reading a token.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FakeServerFailure } from '../types.js';

/**
 * One request as a route sees it; query keys are lower-cased (both servers bind them
 * case-insensitively) and repeated keys joined with commas.
 */
export interface FakeExchange {
  method: string;
  params: Record<string, string>;
  query: Map<string, string>;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or the raw text when it is not JSON, or null when empty. */
  body: unknown;
  contentType: string;
}

/** JSON (`json`), plain text (`text`) or nothing (204). */
export type FakeAnswer = { status: number; json?: unknown; text?: string };

export interface FakeRoute {
  method: string;
  /** As the server documents it, e.g. `/Items/:id/Refresh`; matched case-insensitively. */
  path: string;
  /** false for the few routes that need no token (`/System/Info/Public`). */
  auth?: boolean;
  handle(x: FakeExchange): FakeAnswer | Promise<FakeAnswer>;
}

export interface LoggedRequest {
  method: string;
  /** Path with its query string, as sent. */
  path: string;
  body: unknown;
}

export const noContent = (): FakeAnswer => ({ status: 204 });
export const json = (body: unknown, status = 200): FakeAnswer => ({ status, json: body });
export const text = (status: number, body: string): FakeAnswer => ({ status, text: body });

function match(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = segments[i]!;
    else if (p.toLowerCase() !== segments[i]!.toLowerCase()) return null;
  }
  return params;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function write(res: ServerResponse, answer: FakeAnswer): void {
  if (answer.json !== undefined) {
    const body = JSON.stringify(answer.json);
    res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(body);
  } else if (answer.text !== undefined) {
    res.writeHead(answer.status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(answer.text);
  } else {
    res.writeHead(answer.status);
    res.end();
  }
}

export interface FakeHttpOptions {
  routes: FakeRoute[];
  /** Prefixes every route also answers under (Emby: `/emby`); the bare path works too. */
  prefix?: string;
  /** Whether the request carries the right token (each kind reads it from its own headers). */
  authenticated(headers: IncomingMessage['headers'], query: Map<string, string>): boolean;
  /** The answer to a request without a valid token. */
  unauthorized: FakeAnswer;
}

/** A running fake: its address, its log, and the failure switch. */
export class FakeHttpServer {
  readonly requests: { method: string; path: string }[] = [];
  readonly log: LoggedRequest[] = [];
  failure: FakeServerFailure = 'none';
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(private readonly options: FakeHttpOptions) {
    this.server = this.create();
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private create(): Server {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => write(res, text(500, String(e))));
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: req.url ?? '/' });
    this.log.push({ method, path: req.url ?? '/', body });
    if (this.failure === 'server-error') return write(res, text(500, 'Internal Server Error'));
    let segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    const prefix = this.options.prefix?.slice(1).toLowerCase();
    if (prefix && segments[0]?.toLowerCase() === prefix) segments = segments.slice(1);
    // Repeated keys (`includeItemTypes=A&includeItemTypes=B`) bind like `A,B` on both servers.
    const query = new Map<string, string>();
    for (const [k, v] of url.searchParams) {
      const key = k.toLowerCase();
      query.set(key, query.has(key) ? `${query.get(key)},${v}` : v);
    }
    for (const route of this.options.routes) {
      if (route.method !== method) continue;
      const params = match(route.path.split('/').slice(1), segments);
      if (!params) continue;
      if (route.auth !== false && (this.failure === 'unauthorized' || !this.options.authenticated(req.headers, query)))
        return write(res, this.options.unauthorized);
      const contentType = String(req.headers['content-type'] ?? '');
      return write(res, await route.handle({ method, params, query, headers: req.headers, body, contentType }));
    }
    write(res, text(404, 'Not Found'));
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** `down` closes the port (connections are refused); any other mode opens it again. */
  async setFailure(mode: FakeServerFailure): Promise<void> {
    const wasDown = this.failure === 'down';
    this.failure = mode;
    if (mode === 'down' && !wasDown) await this.stop();
    if (mode !== 'down' && wasDown) {
      this.server = this.create();
      await this.listen();
    }
  }

  private stop(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
  }

  async close(): Promise<void> {
    if (this.failure !== 'down') await this.stop();
  }
}
