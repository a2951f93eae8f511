import { Type, type Static } from '../typebox.js';

export const ErrorDetail = Type.Object({
  path: Type.String({ description: 'Where the problem is, e.g. `body/username`' }),
  message: Type.String(),
});
export type ErrorDetail = Static<typeof ErrorDetail>;

/**
 * The error envelope every endpoint uses. `error` is always present and human-readable; `code` is
 * stable. Endpoints whose spec shape includes `success: false` or `message` add them.
 */
export const ErrorEnvelope = Type.Object(
  {
    error: Type.String(),
    code: Type.String(),
    success: Type.Optional(Type.Literal(false)),
    message: Type.Optional(Type.String()),
    details: Type.Optional(Type.Array(ErrorDetail)),
    requiresSetup: Type.Optional(Type.Boolean()),
    attemptsLeft: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Failed sign-ins left before sign-in is locked for a while' }),
    ),
  },
  { description: 'Error body' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** Response schemas for the error statuses a route documents: `errorResponses(400, 401, 404)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorEnvelope> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope])) as Record<S, typeof ErrorEnvelope>;
}
