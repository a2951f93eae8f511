import { choices } from '../config/annotations.js';
import { Type, type TSchema } from '../typebox.js';

/** ISO 8601 date-time string. */
export const DateTime = Type.String({ format: 'date-time' });

/** A nullable variant of a schema (`T | null`). */
export const Nullable = <T extends TSchema>(schema: T, options: Record<string, unknown> = {}) =>
  Type.Union([schema, Type.Null()], options);

/** Content ratings a video may be given (`NR` or null: none). */
export const CONTENT_RATINGS = [
  'G',
  'PG',
  'PG-13',
  'R',
  'NC-17',
  'TV-Y',
  'TV-Y7',
  'TV-G',
  'TV-PG',
  'TV-14',
  'TV-MA',
] as const;

/**
 * A content rating a client sends: one of {@link CONTENT_RATINGS} or `NR` in any letter case, or
 * null (none). The handler checks it (normalizeRating) with a message that lists the choices; the
 * OpenAPI document lists them as an enum.
 */
export const RatingInput = (description = 'A content rating; `NR`, empty or null = none') =>
  Nullable(Type.String({ maxLength: 20, description, ...choices([...CONTENT_RATINGS, 'NR', '']) }));

/** A tri-state list filter (reference 1.4): `off` (default), `only` (just these), `exclude` (all but these). */
export const TriStateFilter = Type.Union([Type.Literal('off'), Type.Literal('only'), Type.Literal('exclude')], {
  default: 'off',
});

/** A calendar day `YYYY-MM-DD` (a date filter's bound, read as UTC). */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '`YYYY-MM-DD` (UTC)' });

/** Path parameter `{id}` that must be a positive integer. */
export const IdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  { additionalProperties: false },
);

export const SuccessResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
});

/** Largest page a list endpoint returns. */
export const PAGE_SIZE_MAX = 200;

/** `page` and `pageSize` query fields shared by every paged list. */
export const pageQueryFields = () => ({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 25 }),
});

/** A paged list: `{ <key>: T[], total, page, pageSize }`. */
export const pagedList = <K extends string, T extends TSchema>(key: K, item: T) =>
  Type.Object({
    [key]: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  } as { [P in K]: ReturnType<typeof Type.Array<T>> } & {
    total: ReturnType<typeof Type.Integer>;
    page: ReturnType<typeof Type.Integer>;
    pageSize: ReturnType<typeof Type.Integer>;
  });
