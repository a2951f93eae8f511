import { describe, expect, it } from 'vitest';
import { byteRange, matchPath } from './http.js';

describe('matchPath', () => {
  it.each([
    ['/api/search', ['api', 'search'], {}],
    ['/api/watch/:id', ['api', 'watch', 'abc'], { id: 'abc' }],
    // An empty segment (a trailing slash) is still a value.
    ['/api/watch/:id', ['api', 'watch', ''], { id: '' }],
    ['/api/channel/:key/:tab', ['api', 'channel', '@h', 'videos'], { key: '@h', tab: 'videos' }],
    ['/api/watch/:id', ['api', 'watch'], null],
    ['/api/watch/:id', ['api', 'watch', 'a', 'b'], null],
    ['/api/watch/:id', ['api', 'playlist', 'abc'], null],
    ['/api/search', ['api', 'search', ''], null],
  ])('%s against %j: %j', (path, segments, params) => {
    expect(matchPath(path, segments)).toEqual(params);
  });
});

describe('byteRange', () => {
  it.each([
    [undefined, { status: 200, start: 0, end: 999 }],
    ['', { status: 200, start: 0, end: 999 }],
    ['bytes=100-199', { status: 206, start: 100, end: 199 }],
    ['bytes=100-', { status: 206, start: 100, end: 999 }],
    ['bytes=900-5000', { status: 206, start: 900, end: 999 }],
    ['bytes=-50', { status: 206, start: 950, end: 999 }],
    ['bytes=-5000', { status: 206, start: 0, end: 999 }],
    [' bytes=0-0 ', { status: 206, start: 0, end: 0 }],
    ['bytes=1000-', { status: 416 }],
    ['bytes=5-2', { status: 416 }],
    // Malformed and multi-range requests get the whole file (RFC 9110 allows it).
    ['bytes=-', { status: 200, start: 0, end: 999 }],
    ['bytes=0-1,5-6', { status: 200, start: 0, end: 999 }],
    ['items=0-1', { status: 200, start: 0, end: 999 }],
  ])('%j of 1000 bytes: %j', (header, range) => {
    expect(byteRange(header, 1000)).toEqual(range);
  });
});
