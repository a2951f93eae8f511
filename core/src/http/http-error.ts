/**
 * Throw this from a route or service to answer with a specific status and error code. The core's
 * error handler turns it into the error envelope `{ error, code, ...extra }`.
 */
export class HttpError extends Error {
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
