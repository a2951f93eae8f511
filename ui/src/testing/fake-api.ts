import { provideHttpClient } from '@angular/common/http';
import { HttpTestingController, provideHttpClientTesting, type TestRequest } from '@angular/common/http/testing';
import { Injectable, inject, type EnvironmentProviders, type Provider } from '@angular/core';
import { ApiError } from '../app/core/api';

/** One request as the page sent it through the real `Api` and `HttpClient`. */
export interface FakeCall {
  method: string;
  /** The path, without the query string. */
  url: string;
  /** The JSON body; undefined when there is none. */
  body?: unknown;
  /** The query parameters as sent (strings); undefined when there are none. */
  query?: Record<string, string>;
}

/**
 * Answers one request: a value (or a promise of one) is the JSON body of a 200; an `ApiError`
 * thrown (or rejected) becomes the server's error envelope with its status.
 */
export type FakeHandler = (call: FakeCall) => unknown;

interface Route {
  method: string;
  url: string | RegExp;
  handler: FakeHandler;
}

/**
 * The server of the UI specs, behind `HttpTestingController`: the page calls the real `Api`,
 * and `answer()` (which `settle()` calls) replies to every waiting request from a table of
 * routes, recording each call. A request without a route gets a 404 naming it.
 */
@Injectable()
export class FakeApi {
  readonly calls: FakeCall[] = [];
  private readonly routes: Route[] = [];
  private readonly http = inject(HttpTestingController);

  /** Adds a route; a later route for the same method and URL replaces the earlier one. */
  on(method: string, url: string | RegExp, handler: FakeHandler): this {
    this.routes.unshift({ method, url, handler });
    return this;
  }

  callsTo(method: string, url: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.url === url);
  }

  /** Replies to every request that waits; returns how many there were. */
  answer(): number {
    const waiting = this.http.match(() => true);
    for (const request of waiting) this.reply(request);
    return waiting.length;
  }

  private reply(request: TestRequest): void {
    const call = toCall(request);
    this.calls.push(call);
    const route = this.routes.find(
      (r) => r.method === call.method && (typeof r.url === 'string' ? r.url === call.url : r.url.test(call.url)),
    );
    new Promise((resolve) => {
      if (!route) throw new ApiError(404, `No fake route for ${call.method} ${call.url}`);
      resolve(route.handler(call));
    }).then(
      (body) => {
        if (!request.cancelled) request.flush(body ?? null);
      },
      (err: unknown) => {
        if (!request.cancelled) flushError(request, err);
      },
    );
  }
}

function toCall(request: TestRequest): FakeCall {
  const r = request.request;
  const keys = r.params.keys();
  const call: FakeCall = { method: r.method, url: r.url };
  if (r.body !== null) call.body = r.body;
  if (keys.length) call.query = Object.fromEntries(keys.map((k) => [k, r.params.get(k) ?? '']));
  return call;
}

/**
 * The envelope the server sends with an error (`{ error, code, details }`, plus the fields of the
 * ApiError's `body`), or a network failure.
 */
function flushError(request: TestRequest, err: unknown): void {
  const e = err instanceof ApiError ? err : new ApiError(500, err instanceof Error ? err.message : String(err));
  if (e.status === 0) {
    request.error(new ProgressEvent('error'), { status: 0, statusText: 'Unknown Error' });
    return;
  }
  request.flush(
    { ...e.body, error: e.message, code: e.code, details: e.details },
    { status: e.status, statusText: 'Error' },
  );
}

/** The real `Api` over `HttpClient`'s testing backend, answered by a `FakeApi` (inject it). */
export function provideFakeApi(): (Provider | EnvironmentProviders)[] {
  return [provideHttpClient(), provideHttpClientTesting(), FakeApi];
}

/** A reply the spec gives later: return `promise` from a handler, then `resolve` it. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (err: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
