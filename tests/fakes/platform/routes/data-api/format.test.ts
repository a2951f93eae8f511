import { describe, expect, it } from 'vitest';
import {
  apiError,
  htmlEscape,
  idList,
  isoDuration,
  listBody,
  pageOf,
  pageOffset,
  pageToken,
  partsOf,
  rfc3339,
} from './format.js';

describe('page tokens', () => {
  it.each([
    [0, false, 'CAAQAA'],
    [0, true, 'CAAQAQ'],
    [2, false, 'CAIQAA'],
    [5, false, 'CAUQAA'],
    [300, false, 'CKwCEAA'],
  ])('offset %i (previous %s) is %s, and back', (offset, previous, token) => {
    expect(pageToken(offset, previous)).toBe(token);
    expect(pageOffset(token)).toBe(offset);
  });

  it.each(['garbage', 'CAIQ', 'CAIQAAAA', ''])('%j is not a token the API made', (token) => {
    expect(pageOffset(token)).toBeNull();
  });
});

describe('texts', () => {
  it.each([
    [0, 'P0D'],
    [5, 'PT5S'],
    [60, 'PT1M'],
    [3723, 'PT1H2M3S'],
    [3600, 'PT1H'],
  ])('isoDuration(%i) = %s', (seconds, duration) => {
    expect(isoDuration(seconds)).toBe(duration);
  });

  it('rfc3339 drops milliseconds', () => {
    expect(rfc3339(1710504000)).toBe('2024-03-15T12:00:00Z');
  });

  it('htmlEscape escapes what search.list escapes', () => {
    expect(htmlEscape(`Tom's <b>"orchard"</b> & more`)).toBe(
      'Tom&#39;s &lt;b&gt;&quot;orchard&quot;&lt;/b&gt; &amp; more',
    );
  });

  it('idList keeps each id once, in order', () => {
    expect(idList(' a, b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(idList(null)).toEqual([]);
  });
});

describe('parameters', () => {
  const q = (query: string) => new URLSearchParams(query);

  it.each([
    ['', { offset: 0, max: 5 }],
    ['maxResults=50', { offset: 0, max: 50 }],
    ['maxResults=0&pageToken=CAUQAA', { offset: 5, max: 0 }],
  ])('pageOf(%j) = %j', (query, page) => {
    expect(pageOf(q(query))).toEqual(page);
  });

  it.each([
    ['maxResults=51', 'invalidParameter'],
    ['maxResults=1.5', 'invalidParameter'],
    ['pageToken=garbage', 'invalidPageToken'],
  ])('pageOf(%j) answers 400 %s', (query, reason) => {
    expect(pageOf(q(query))).toMatchObject({ status: 400, body: { error: { errors: [{ reason }] } } });
  });

  it.each([
    ['part=id,snippet', new Set(['id', 'snippet'])],
    [
      'part=',
      apiError(400, 'Required parameter: part', 'required', 'global', { location: 'part', locationType: 'parameter' }),
    ],
    [
      'part=id,player',
      apiError(400, "'player'", 'unknownPart', 'youtube.part', { location: 'part', locationType: 'parameter' }),
    ],
  ])('partsOf(channels, %j)', (query, parts) => {
    expect(partsOf('channels', q(query))).toEqual(parts);
  });
});

describe('listBody', () => {
  const all = ['a', 'b', 'c', 'd', 'e'];
  const item = (x: string, i: number) => ({ x, i });

  it.each([
    [
      { offset: 0, max: 2 },
      { nextPageToken: 'CAIQAA' },
      [
        { x: 'a', i: 0 },
        { x: 'b', i: 1 },
      ],
    ],
    [
      { offset: 2, max: 2 },
      { nextPageToken: 'CAQQAA', prevPageToken: 'CAAQAQ' },
      [
        { x: 'c', i: 2 },
        { x: 'd', i: 3 },
      ],
    ],
    [{ offset: 4, max: 2 }, { prevPageToken: 'CAIQAQ' }, [{ x: 'e', i: 4 }]],
    [{ offset: 0, max: 0 }, {}, []],
  ])('page %j: tokens %j', (page, tokens, items) => {
    const { status, body } = listBody('k', all, page, item);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'k',
      ...tokens,
      pageInfo: { totalResults: 5, resultsPerPage: page.max },
      items,
    });
    expect(Object.keys(body).filter((k) => k.endsWith('PageToken'))).toEqual(Object.keys(tokens));
  });
});
