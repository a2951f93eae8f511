import { describe, expect, it } from 'vitest';
import { estimateMissingDates, parseEntry } from './entries.js';
import { normalizeChannelRef, tabPlaylistId } from './platform.js';

const UC = 'UCabcdefghijklmnopqrstuv';

describe('channel references', () => {
  it.each([
    [UC, `https://www.youtube.com/channel/${UC}`],
    ['@Some.Handle', 'https://www.youtube.com/@Some.Handle'],
    ['https://www.youtube.com/@chan/videos', 'https://www.youtube.com/@chan'],
    ['youtube.com/@chan?si=x', 'https://www.youtube.com/@chan'],
    [`https://m.youtube.com/channel/${UC}/shorts`, `https://www.youtube.com/channel/${UC}`],
    ['https://www.youtube.com/c/LegacyName', 'https://www.youtube.com/c/LegacyName'],
  ])('%s is the channel page %s', (input, url) => {
    expect(normalizeChannelRef(input)?.url).toBe(url);
  });

  it.each([
    'https://example.com/@chan',
    'https://www.youtube.com/watch?v=abcdefghijk',
    'not a url at all',
    'https://www.youtube.com/',
  ])('%s is not a channel', (input) => {
    expect(normalizeChannelRef(input)).toBeNull();
  });

  it('names the per-tab playlists like the platform', () => {
    expect(tabPlaylistId(UC, 'videos')).toBe(`UULF${UC.slice(2)}`);
    expect(tabPlaylistId(UC, 'shorts')).toBe(`UUSH${UC.slice(2)}`);
    expect(tabPlaylistId(UC, 'streams')).toBe(`UULV${UC.slice(2)}`);
  });
});

describe('listing entries', () => {
  it('reads a flat entry with an approximate date and falls back for missing fields', () => {
    const v = parseEntry({ id: 'abcdefghijk', title: '', timestamp: 1_700_000_000, duration: 61.6 }, 'video');
    expect(v).toMatchObject({
      title: 'Untitled',
      duration: 62,
      publishedAtSource: 'approximate',
      thumbnail: 'https://i.ytimg.com/vi/abcdefghijk/mqdefault.jpg',
    });
    expect(v?.publishedAt?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseEntry({ _type: 'url', ie_key: 'YoutubeTab', id: 'UCx' }, 'video')).toBeNull();
    expect(parseEntry({ id: '../etc' }, 'video')).toBeNull();
  });

  it('estimates missing dates for ordering only, below the entry above', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const list = [
      parseEntry({ id: 'aaaaaaaaaaa' }, 'short')!,
      parseEntry({ id: 'bbbbbbbbbbb', upload_date: '20260105' }, 'short')!,
      parseEntry({ id: 'ccccccccccc' }, 'short')!,
    ];
    estimateMissingDates(list, now);
    expect(list.map((v) => v.publishedAtSource)).toEqual(['estimated', 'approximate', 'estimated']);
    expect(list[0]!.publishedAt!.getTime()).toBe(now.getTime() - 1000);
    expect(list[2]!.publishedAt!.getTime()).toBe(Date.UTC(2026, 0, 5) - 1000);
  });
});
