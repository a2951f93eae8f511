import type { TabCount, TabType } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { countsDue, statsTabs, tabStats, withTabAutoDownload } from './tab-stats.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const HOUR = 3600_000;
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const counts = (video: TabCount | undefined): Record<string, TabCount> => (video ? { video } : {});

describe('which tabs have stats', () => {
  it.each([
    [null, null, ['videos', 'shorts', 'streams']],
    ['videos,shorts', null, ['videos', 'shorts']],
    ['videos,shorts', 'shorts', ['videos']],
  ])('detected %s, hidden %s', (availableTabs, hiddenTabs, tabs) => {
    expect(statsTabs({ availableTabs, hiddenTabs })).toEqual(tabs);
  });
});

describe('when platform totals are looked up first', () => {
  it.each<[string, TabCount | undefined, number | null, boolean]>([
    ['never counted', undefined, null, true],
    ['counted without a time', { total: 3, fetchedAt: null }, null, true],
    ['counted an hour ago', { total: 3, fetchedAt: at(HOUR) }, null, false],
    ['counted two days ago', { total: 3, fetchedAt: at(48 * HOUR) }, null, true],
    ['stale, but attempted ten minutes ago', { total: 3, fetchedAt: at(48 * HOUR) }, 10 * 60_000, false],
    ['stale, attempted two hours ago', { total: 3, fetchedAt: at(48 * HOUR) }, 2 * HOUR, true],
  ])('%s', (_what, video, attemptedAgo, due) => {
    const row = {
      tabVideoCounts: counts(video),
      tabCountsAttemptedAt: attemptedAgo === null ? null : new Date(NOW - attemptedAgo),
    };
    expect(countsDue(row, ['videos'], NOW)).toBe(due);
  });

  it('looks at the given tabs only', () => {
    const row = { tabVideoCounts: counts({ total: 1, fetchedAt: at(HOUR) }), tabCountsAttemptedAt: null };
    expect(countsDue(row, ['videos'], NOW)).toBe(false);
    expect(countsDue(row, ['videos', 'shorts'], NOW)).toBe(true);
  });
});

describe('tab stats', () => {
  const stats = [{ mediaType: 'video', loaded: 10, downloaded: 4, ignored: 1 }];

  it.each<[string, TabCount | undefined, number | null]>([
    ['a share of the total, rounded', { total: 8, fetchedAt: at(0) }, 50],
    ['at most 100 (deleted videos still count as downloaded)', { total: 2, fetchedAt: at(0) }, 100],
    ['0 for an empty tab', { total: 0, fetchedAt: at(0) }, 0],
    ['null without a total', undefined, null],
  ])('percent: %s', (_what, video, percent) => {
    expect(tabStats({ tabVideoCounts: counts(video) }, ['videos'], stats).videos).toEqual({
      total: video?.total ?? null,
      fetchedAt: video?.fetchedAt ?? null,
      downloaded: 4,
      ignored: 1,
      loaded: 10,
      percent,
      complete: video !== undefined && video.total !== null && video.total <= 10,
    });
  });

  it('calls the tab complete once every video of its total is known here', () => {
    const of = (total: number | null, loaded: number) =>
      tabStats(
        { tabVideoCounts: counts({ total, fetchedAt: at(0) }) },
        ['videos'],
        [{ mediaType: 'video', loaded, downloaded: 0, ignored: 0 }],
      ).videos!.complete;
    expect(of(5000, 5000)).toBe(true);
    expect(of(5000, 228)).toBe(false);
    expect(of(null, 5000)).toBe(false);
    expect(of(0, 0)).toBe(true);
  });

  it('gives zeros for a tab nothing is known of', () => {
    expect(tabStats({ tabVideoCounts: null }, ['streams'], stats)).toEqual({
      streams: { total: null, fetchedAt: null, downloaded: 0, ignored: 0, loaded: 0, percent: null, complete: false },
    });
  });
});

describe('turning one tab’s automatic downloads on or off', () => {
  it.each<[string, TabType, boolean, string]>([
    ['video', 'shorts', true, 'video,short'],
    ['short,video', 'streams', true, 'video,short,livestream'],
    ['video,short', 'videos', false, 'short'],
    ['', 'videos', false, ''],
    ['video,bogus', 'shorts', false, 'video'],
  ])('%s, %s %s', (csv, tab, enabled, next) => {
    expect(withTabAutoDownload(csv, tab, enabled)).toBe(next);
  });
});
