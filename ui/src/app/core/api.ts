import { HttpClient, HttpErrorResponse, HttpParams } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import { firstValueFrom } from 'rxjs';
import type { RouteMap } from '@vidkeep/contracts/routes';

/** An API error as the server explains it: `{ error, code, details? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly details: { path: string; message: string }[] = [],
    /** The whole error body, for the fields some routes add beside the envelope. */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The server's explanation of a failed request, never swallowed. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof HttpErrorResponse) {
    const body = (err.error ?? {}) as {
      error?: string;
      message?: string;
      code?: string;
      details?: { path: string; message: string }[];
    };
    const text = typeof err.error === 'string' ? err.error : (body.error ?? body.message);
    const message =
      err.status === 0
        ? 'The server cannot be reached. Is vidkeep running?'
        : (text ?? `Request failed (HTTP ${err.status})`);
    return new ApiError(
      err.status,
      message,
      body.code ?? null,
      body.details ?? [],
      typeof err.error === 'object' && err.error !== null ? (err.error as Record<string, unknown>) : {},
    );
  }
  return new ApiError(0, err instanceof Error ? err.message : String(err));
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** A route of the API: `'GET /api/channels/:channelId/settings'` (see `@vidkeep/contracts/routes`). */
export type Route = keyof RouteMap;
/** The parts of `T` that may be left out (a query whose fields are all optional) become optional. */
type OptionalParts<T> = { [K in keyof T as object extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as object extends T[K] ? never : K]: T[K];
};
/** What a route takes: its `params`, `query` and `body`, as the server's schemas type them. */
export type RouteInput<R extends Route> = OptionalParts<Omit<RouteMap[R], 'response'>>;
/** What a route answers on success. */
export type RouteResponse<R extends Route> = RouteMap[R]['response'];
/** The input argument: optional when the route takes nothing or only optional parts. */
type InputArgs<R extends Route> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

/** `/api/channels/:channelId/settings` with `{ channelId: 'UC1' }` is `/api/channels/UC1/settings`. */
export function routePath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Thin promise-based client for the vidkeep HTTP API (same origin). Errors are ApiError. */
@Injectable({ providedIn: 'root' })
export class Api {
  private readonly http = inject(HttpClient);

  private params(query?: Query): HttpParams {
    let p = new HttpParams();
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null && v !== '') p = p.set(k, String(v));
    return p;
  }

  private async run<T>(request: Promise<T>): Promise<T> {
    try {
      return await request;
    } catch (err) {
      throw toApiError(err);
    }
  }

  /**
   * Calls a route by its key in the route map: the path parameters, query and body are checked
   * against the server's schemas at compile time, and so is the answer. Feature clients
   * (`<feature>-api.ts`) are the only callers; components call them.
   */
  call<R extends Route>(route: R, ...[input]: InputArgs<R>): Promise<RouteResponse<R>> {
    const [method, url, options] = this.request(route, input);
    return this.run(firstValueFrom(this.http.request<RouteResponse<R>>(method, url, options)));
  }

  /**
   * Calls a route that answers a file rather than JSON (an export to save, as the OPML of the
   * feeds) and gives its body as text. Typed as `call`; the feature client picks it, not components.
   */
  text<R extends Route>(route: R, ...[input]: InputArgs<R>): Promise<string> {
    const [method, url, options] = this.request(route, input);
    return this.run(firstValueFrom(this.http.request(method, url, { ...options, responseType: 'text' })));
  }

  /** The method, the path with its parameters filled in, and the query and body of a call. */
  private request(route: Route, input: unknown): [string, string, { params: HttpParams; body: unknown }] {
    const space = route.indexOf(' ');
    const method = route.slice(0, space);
    const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
    const url = routePath(route.slice(space + 1), params as Record<string, unknown>);
    return [
      method,
      url,
      {
        params: this.params(query as Query),
        body: body === undefined && method !== 'GET' && method !== 'DELETE' ? {} : body,
      },
    ];
  }
}
