import type { ErrorDetail } from './envelope.js';

/**
 * Domain errors: what services throw. They say what went wrong in the service's own terms (not
 * found, conflict, invalid input, refused by the platform, ...) and carry a stable `code` from
 * this folder; they never mention HTTP. Each plugin's routes turn them into statuses in one place
 * (`routes/errors.ts`, with `mapDomainErrors` from the plugin API); the core's defaults apply
 * where a plugin says nothing.
 */
const DOMAIN_ERROR = Symbol.for('vidkeep.DomainError');

export const DOMAIN_ERROR_KINDS = [
  'not-found',
  'conflict',
  'invalid-input',
  'platform-refused',
  'unavailable',
  'unauthenticated',
  'rate-limited',
  'cancelled',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** Why the video platform (or yt-dlp talking to it) did not give what was asked. */
export const PLATFORM_REFUSALS = [
  'unreachable',
  'failed',
  'timeout',
  'cookies-required',
  'not-found',
  'rate-limited',
] as const;
export type PlatformRefusal = (typeof PLATFORM_REFUSALS)[number];

export interface DomainErrorOptions {
  /** Field-level problems (invalid input), shown to clients as `details`. */
  details?: ErrorDetail[];
  /** Extra fields for the error body (e.g. `requiresSetup`). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export abstract class DomainError extends Error {
  /** Brand checked instead of `instanceof`, so a plugin that bundles its own copy still works. */
  readonly [DOMAIN_ERROR] = true;
  abstract readonly kind: DomainErrorKind;
  readonly details: ErrorDetail[] | undefined;
  readonly extra: Record<string, unknown>;

  constructor(
    /** Stable `<PREFIX>_<REASON>` code from `contracts/src/errors`. */
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details;
    this.extra = options.extra ?? {};
  }
}

/** The thing asked for does not exist (or is not visible to the caller). */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  readonly kind = 'not-found';
}

/** The request clashes with the current state: already running, already exists, in use. */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
  readonly kind = 'conflict';
}

/** The input breaks a rule the schema cannot express (list `details` when fields are known). */
export class InvalidInputError extends DomainError {
  override readonly name = 'InvalidInputError';
  readonly kind = 'invalid-input';
}

/** The video platform refused or failed; `reason` tells how. */
export class PlatformRefusedError extends DomainError {
  override readonly name = 'PlatformRefusedError';
  readonly kind = 'platform-refused';
  constructor(
    readonly reason: PlatformRefusal,
    code: string,
    message: string,
    options?: DomainErrorOptions,
  ) {
    super(code, message, options);
  }
}

/** The service cannot do it right now: not set up yet, paused, shutting down. */
export class UnavailableError extends DomainError {
  override readonly name = 'UnavailableError';
  readonly kind = 'unavailable';
}

/** Credentials were presented and are wrong (password, setup token). */
export class UnauthenticatedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
  readonly kind = 'unauthenticated';
}

/** Too many attempts; try again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  override readonly name = 'RateLimitedError';
  readonly kind = 'rate-limited';
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number | null,
    options?: DomainErrorOptions,
  ) {
    super(code, message, options);
  }
}

/** The caller went away (closed the request) before the work finished. */
export class CancelledError extends DomainError {
  override readonly name = 'CancelledError';
  readonly kind = 'cancelled';
}

export function isDomainError(err: unknown): err is DomainError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[DOMAIN_ERROR] === true;
}
