import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { ChannelVideoPage, Nullable, Type } from '@vidkeep/contracts';
import { forSerialization } from './serialization-schema.js';

/** fast-json-stringify as Fastify builds it for a response. */
const serializer = (schema: object) =>
  SerializerSelector()({}, {})({ schema, method: 'GET', url: '/', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

const video = (i: number, filled: boolean) => ({
  sourceId: `vid${i}`,
  title: `Video "${i}" \u2014 with \\ and \n`,
  url: `https://www.youtube.com/watch?v=vid${i}`,
  thumbnail: filled ? `https://i.ytimg.com/vi/vid${i}/hqdefault.jpg` : null,
  duration: filled ? 60 * i : null,
  publishedAt: filled ? (i % 2 ? new Date(Date.UTC(2026, 0, i)) : '2026-02-03T04:05:06.000Z') : null,
  published_at_source: filled ? 'exact' : null,
  mediaType: 'video',
  liveStatus: filled ? 'not_live' : null,
  availability: null,
  membersOnly: false,
  ignored: !filled,
  ignoredAt: filled ? null : new Date(Date.UTC(2026, 5, 1, 12)),
  downloaded: filled,
  removed: false,
  protected: false,
  missing: false,
  activity: filled ? 'queued' : null,
  watched: filled ? true : null,
  watched_by: filled ? ['alice'] : [],
});

describe('forSerialization', () => {
  it('writes a nullable primitive as one multi-type schema and keeps its format and description', () => {
    expect(forSerialization(Nullable(Type.String({ format: 'date-time' }), { description: 'when' }))).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'when',
    });
    expect(forSerialization(Nullable(Type.Union([Type.Literal('queued'), Type.Literal('downloading')])))).toEqual({
      type: ['string', 'null'],
    });
    expect(forSerialization(Type.Union([Type.Integer(), Type.Null()]))).toEqual({ type: ['integer', 'null'] });
  });

  it('leaves unions of objects or arrays, and the schema it was given, as they are', () => {
    const objects = Type.Union([Type.Object({ a: Type.String() }), Type.Null()]);
    expect(forSerialization(objects)).toEqual(JSON.parse(JSON.stringify(objects)));
    const page = JSON.stringify(ChannelVideoPage);
    forSerialization(ChannelVideoPage);
    expect(JSON.stringify(ChannelVideoPage)).toBe(page);
  });

  it('serializes a channel video page to the same JSON as the declared schema, Dates and nulls included', () => {
    const data = {
      videos: Array.from({ length: 20 }, (_, i) => video(i + 1, i % 3 !== 0)),
      total: 20,
      page: 1,
      pageSize: 50,
      totalPages: 1,
      tabType: 'videos',
      lastFetched: new Date(Date.UTC(2026, 10, 27)),
      dataSource: 'cache',
      autoDownloadsEnabled: true,
      availableTabs: ['videos', 'shorts'],
      oldestVideoDate: null,
      fetchError: null,
    };
    const declared = serializer(ChannelVideoPage)(data);
    const simplified = forSerialization(ChannelVideoPage as object);
    expect(JSON.stringify(simplified)).not.toContain('anyOf');
    expect(serializer(simplified)(data)).toBe(declared);
    expect(JSON.parse(declared).videos[2].publishedAt).toBe('2026-01-03T00:00:00.000Z');
  });
});
