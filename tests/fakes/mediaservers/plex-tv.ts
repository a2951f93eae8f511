/**
 * A fake plex.tv for the PIN sign-in (API v2): `POST /api/v2/pins` creates a PIN for the client
 * identifier the request names, `GET /api/v2/pins/:id` shows it (with `authToken` once the
 * test "approved" it with `claimPin`). Unknown or foreign PINs are 404 with plex.tv's error
 * body. JSON when asked with `Accept: application/json`, XML otherwise.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchPath } from '../platform/http.js';
import { el, toXml } from './plex-wire.js';

export interface FakePin {
  id: number;
  code: string;
  clientIdentifier: string;
  product: string;
  authToken: string | null;
}

export interface FakePlexTv {
  readonly url: string;
  readonly requests: { method: string; path: string; clientIdentifier: string | null }[];
  pins(): FakePin[];
  /** The user approved the PIN on app.plex.tv: its next check carries this token. */
  claimPin(id: number, token: string): void;
  close(): Promise<void>;
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' && v !== '' ? v : null;
};

export async function startFakePlexTv(): Promise<FakePlexTv> {
  const pins = new Map<number, FakePin>();
  const requests: FakePlexTv['requests'] = [];
  let nextId = 1_000_001;

  /** plex.tv's own shapes: the PIN object, or `{errors: [{code, message, status}]}` (`<errors><error/></errors>`). */
  function send(req: IncomingMessage, res: ServerResponse, status: number, body: Record<string, unknown>) {
    const json = /application\/json/.test(req.headers.accept ?? '');
    const errors = body.errors as Record<string, string | number>[] | undefined;
    const xml = errors
      ? el(
          'errors',
          'errors',
          {},
          errors.map((e) => el('error', 'error', e)),
        )
      : el('pin', 'pin', body as Record<string, string | number | boolean | null>);
    const text = json ? JSON.stringify(body) : toXml(xml);
    res.writeHead(status, {
      'Content-Type': json ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8',
    });
    res.end(text);
  }
  const error = (status: number, code: number, message: string) => ({ errors: [{ code, message, status }] });
  const view = (p: FakePin) => ({
    id: p.id,
    code: p.code,
    product: p.product,
    trusted: false,
    clientIdentifier: p.clientIdentifier,
    expiresIn: 1800,
    authToken: p.authToken,
    newRegistration: null,
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://plex.tv.invalid');
    const clientIdentifier = header(req, 'X-Plex-Client-Identifier');
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', clientIdentifier });
    const segments = url.pathname.split('/').slice(1);
    if (req.method === 'POST' && matchPath('/api/v2/pins', segments)) {
      if (!clientIdentifier) return send(req, res, 400, error(400, 1000, 'X-Plex-Client-Identifier is missing'));
      const pin: FakePin = {
        id: nextId++,
        code: Math.random().toString(36).slice(2, 12).padEnd(10, 'x'),
        clientIdentifier,
        product: header(req, 'X-Plex-Product') ?? '',
        authToken: null,
      };
      pins.set(pin.id, pin);
      return send(req, res, 201, view(pin));
    }
    const params = req.method === 'GET' ? matchPath('/api/v2/pins/:id', segments) : null;
    const pin = params ? pins.get(Number(params.id)) : undefined;
    if (pin && pin.clientIdentifier === clientIdentifier) return send(req, res, 200, view(pin));
    send(req, res, 404, error(404, 1020, 'Code not found or expired'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    pins: () => [...pins.values()],
    claimPin(id, token) {
      const pin = pins.get(id);
      if (!pin) throw new Error(`no PIN ${id}`);
      pin.authToken = token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
