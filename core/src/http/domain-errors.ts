import type { FastifyInstance } from 'fastify';
import {
  isDomainError,
  PlatformRefusedError,
  RateLimitedError,
  type DomainError,
  type DomainErrorKind,
  type PlatformRefusal,
} from '@vidkeep/contracts';
import { HttpError } from './http-error.js';

/**
 * Which status a domain error answers with: by kind, for platform refusals by reason, and for the
 * rare code whose spec status differs from its kind's (e.g. a 422 among 400s): by code first.
 */
export interface DomainErrorStatuses {
  kinds?: Partial<Record<DomainErrorKind, number>>;
  platform?: Partial<Record<PlatformRefusal, number>>;
  codes?: Readonly<Record<string, number>>;
}

/** The core's defaults; a plugin's routes override what they answer differently. */
export const DEFAULT_DOMAIN_STATUSES = {
  kinds: {
    'not-found': 404,
    conflict: 409,
    'invalid-input': 400,
    'platform-refused': 502,
    unavailable: 503,
    unauthenticated: 401,
    'rate-limited': 429,
    // nginx's "client closed request": nobody reads it, but logs show what happened.
    cancelled: 499,
  },
  platform: {
    unreachable: 503,
    failed: 502,
    timeout: 504,
    'cookies-required': 403,
    'not-found': 404,
    'rate-limited': 429,
  },
  // Codes are a plugin's own: the core overrides none.
  codes: {},
} satisfies Required<{ [K in keyof DomainErrorStatuses]: Required<DomainErrorStatuses[K]> }>;

export function statusOf(err: DomainError, statuses: DomainErrorStatuses = {}): number {
  const byCode = statuses.codes?.[err.code];
  if (byCode !== undefined) return byCode;
  if (err instanceof PlatformRefusedError || err.kind === 'platform-refused') {
    const reason = (err as PlatformRefusedError).reason;
    const byReason = statuses.platform?.[reason] ?? DEFAULT_DOMAIN_STATUSES.platform[reason];
    if (byReason !== undefined) return byReason;
  }
  return statuses.kinds?.[err.kind] ?? DEFAULT_DOMAIN_STATUSES.kinds[err.kind];
}

/** The HTTP error a domain error becomes: its status, code, message, details and headers. */
export function toHttpError(err: DomainError, statuses: DomainErrorStatuses = {}): HttpError {
  const headers: Record<string, string> = {};
  if (err instanceof RateLimitedError && err.retryAfterSeconds !== null) {
    headers['retry-after'] = String(Math.max(1, Math.ceil(err.retryAfterSeconds)));
  }
  const extra = err.details ? { ...err.extra, details: err.details } : err.extra;
  return new HttpError(statusOf(err, statuses), err.code, err.message, extra, headers);
}

/**
 * The one place a plugin maps its services' domain errors to statuses: call it at the top of the
 * plugin's routes (`mapDomainErrors(app, errorStatuses)`). Everything else goes on to the core's
 * error handler unchanged.
 */
export function mapDomainErrors(app: FastifyInstance, statuses: DomainErrorStatuses): void {
  app.setErrorHandler((err) => {
    throw isDomainError(err) ? toHttpError(err, statuses) : err;
  });
}
