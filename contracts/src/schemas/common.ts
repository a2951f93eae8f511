import { choices } from '../config/annotations.js';
import { Type, type TProperties, type TSchema } from '../typebox.js';

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

/** A {@link Day} as the first instant of it (UTC); `end` gives the first instant of the next day. */
export function dayStart(day: string, end = false): Date {
  const d = new Date(`${day}T00:00:00.000Z`);
  if (end) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** The path parameters of a route: exactly these (`{ channelId }`, `{ playlistId, sourceId }`). */
export const pathParams = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** Path parameter `{id}` that must be a positive integer. */
export const IdParams = pathParams({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** An id the video platform gives (a channel, playlist or video): letters, digits, `-` and `_`. */
export const platformId = (options: { minLength?: number; description?: string } = {}) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', ...options });

export const SuccessResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
});

/** Largest page a list endpoint returns. */
export const PAGE_SIZE_MAX = 200;

/** `page` and `pageSize` query fields shared by every paged list. */
export const pageQueryFields = ({ pageSizeMax = PAGE_SIZE_MAX, defaultPageSize = 25 } = {}) => ({
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: pageSizeMax, default: defaultPageSize }),
});

/** The fields of a page of a list: `{ <key>: T[], total, page, pageSize }`, for a page that says more. */
export const pagedFields = <K extends string, T extends TSchema>(key: K, item: T) =>
  ({
    [key]: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  }) as { [P in K]: ReturnType<typeof Type.Array<T>> } & {
    total: ReturnType<typeof Type.Integer>;
    page: ReturnType<typeof Type.Integer>;
    pageSize: ReturnType<typeof Type.Integer>;
  };

/** A paged list: `{ <key>: T[], total, page, pageSize }`. */
export const pagedList = <K extends string, T extends TSchema>(key: K, item: T) => Type.Object(pagedFields(key, item));

/** The result counts a platform search offers. */
export const SEARCH_COUNTS = [10, 25, 50, 100] as const;

/** The body of a search on the platform (channels or videos): a query and one of {@link SEARCH_COUNTS}. */
export const searchRequest = () =>
  Type.Object(
    {
      query: Type.String({
        minLength: 1,
        maxLength: 1000,
        description: '1 to 200 characters after trimming; no control characters',
      }),
      // Spelled out: a mapped list of literals types as never[] (SEARCH_COUNTS above).
      count: Type.Union([Type.Literal(10), Type.Literal(25), Type.Literal(50), Type.Literal(100)], {
        default: 25,
        description: 'One of 10, 25, 50, 100',
      }),
    },
    { additionalProperties: false },
  );

/** What a video is doing in the download queue right now, if anything. */
export const queueActivity = () => Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')]));
