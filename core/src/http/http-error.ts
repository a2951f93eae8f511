/**
 * Throw this from a route or service to answer with a specific status and error code. The core's
 * error handler turns it into the error envelope `{ error, code, ...extra }`.
 */
const HTTP_ERROR = Symbol.for('vidkeep.HttpError');

export class HttpError extends Error {
  /** Brand checked instead of `instanceof`, so a plugin that bundles its own copy still works. */
  readonly [HTTP_ERROR] = true;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(err: unknown): err is HttpError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[HTTP_ERROR] === true;
}
