import { Type, type TSchema } from '../typebox.js';

/** ISO 8601 date-time string. */
export const DateTime = Type.String({ format: 'date-time' });

/** A nullable variant of a schema (`T | null`). */
export const Nullable = <T extends TSchema>(schema: T, options: Record<string, unknown> = {}) =>
  Type.Union([schema, Type.Null()], options);

/** Path parameter `{id}` that must be a positive integer. */
export const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);

export const SuccessResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
