import { PlexErrorCodes as E, UnavailableError } from '@vidkeep/contracts';

/**
 * The one place that talks HTTP to Plex (a server or plex.tv): the client headers Plex wants,
 * JSON instead of the default XML, a time limit, and failures turned into domain errors whose
 * message a user can act on. The token travels in the `X-Plex-Token` header, never in the URL,
 * so no URL the plugin logs carries it.
 */
export type PlexFailure = 'unreachable' | 'unauthorized' | 'failed';

export interface PlexRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with a leading slash, without the query. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** null: send no token (`/identity`, an unclaimed server). */
  token: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses handed back to the caller instead of thrown (404 for "no such playlist"). */
  allow?: readonly number[];
}

export interface PlexAnswer {
  status: number;
  /** Parsed JSON; null for an empty body. */
  body: unknown;
}

export interface PlexHttpOptions {
  clientId: () => string;
  version: string;
  timeoutMs: number;
  /** How messages name the other side: "The Plex server at http://…", "plex.tv". */
  describe: (baseUrl: string) => string;
  /** The error code of each kind of failure. */
  codes: Record<PlexFailure, string>;
}

export const SERVER_CODES: Record<PlexFailure, string> = {
  unreachable: E.unreachable,
  unauthorized: E.unauthorized,
  failed: E.failed,
};

export const PRODUCT = 'vidkeep';

/** Why a fetch failed, in a few words (the cause's code when Node gives one). */
function networkReason(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'host name not found';
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

export class PlexHttp {
  constructor(private readonly opts: PlexHttpOptions) {}

  async send(baseUrl: string, req: PlexRequest): Promise<PlexAnswer> {
    const { opts } = this;
    const url = URL.parse(baseUrl.replace(/\/+$/, '') + req.path);
    if (!url) {
      throw new UnavailableError(
        opts.codes.failed,
        `The saved Plex address "${baseUrl}" is not a valid address: correct it in the settings`,
      );
    }
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'X-Plex-Client-Identifier': opts.clientId(),
      'X-Plex-Product': PRODUCT,
      'X-Plex-Version': opts.version,
      ...req.headers,
    };
    if (req.token) headers['X-Plex-Token'] = req.token;
    const method = req.method ?? 'GET';
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const fail = (kind: PlexFailure, text: string) =>
      new UnavailableError(opts.codes[kind], `${opts.describe(baseUrl)} ${text}`);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers,
        signal: req.signal ? AbortSignal.any([req.signal, timeout]) : timeout,
      });
      text = await res.text();
    } catch (err) {
      if (req.signal?.aborted) throw err;
      throw fail(
        'unreachable',
        `is not reachable (${networkReason(err, opts.timeoutMs)}). Check the address and that it is running.`,
      );
    }
    if (res.status === 401) {
      throw fail('unauthorized', 'rejected the token (401 Unauthorized). Sign in with Plex again or check the token.');
    }
    if (!res.ok && !req.allow?.includes(res.status)) {
      throw fail('failed', `answered ${res.status} ${res.statusText} to ${method} ${req.path}.`);
    }
    if (!res.ok || text.trim() === '') return { status: res.status, body: null };
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      throw fail('failed', `did not answer ${method} ${req.path} with JSON: is this address really a Plex server?`);
    }
  }
}
