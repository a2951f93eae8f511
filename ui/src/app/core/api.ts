import { HttpClient, HttpErrorResponse, HttpParams } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import { firstValueFrom } from 'rxjs';

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

  get<T>(url: string, query?: Query): Promise<T> {
    return this.run(firstValueFrom(this.http.get<T>(url, { params: this.params(query) })));
  }

  post<T>(url: string, body: unknown = {}, query?: Query): Promise<T> {
    return this.run(firstValueFrom(this.http.post<T>(url, body, { params: this.params(query) })));
  }

  put<T>(url: string, body: unknown): Promise<T> {
    return this.run(firstValueFrom(this.http.put<T>(url, body)));
  }

  patch<T>(url: string, body: unknown): Promise<T> {
    return this.run(firstValueFrom(this.http.patch<T>(url, body)));
  }

  /** A DELETE, with a JSON body when given (`DELETE /api/videos` names its videos in one). */
  delete<T>(url: string, body?: unknown): Promise<T> {
    return this.run(firstValueFrom(this.http.delete<T>(url, body === undefined ? {} : { body })));
  }
}
