import { describe, expect, it } from 'vitest';
import { compileTitleFilter, FilterTimeoutError, matchTitles } from './title-filter.js';

const compile = (p: string) => {
  const c = compileTitleFilter(p);
  if (!c.ok) throw new Error(c.error);
  return c.filter;
};

describe('title filter', () => {
  it('matches case-sensitively like yt-dlp, and (?i) makes it case-insensitive', () => {
    expect(matchTitles(compile('Review'), ['Phone Review', 'phone review'])).toEqual([true, false]);
    expect(matchTitles(compile('(?i)review'), ['Phone REVIEW', 'Unboxing'])).toEqual([true, false]);
  });

  it('matches any case when asked to (playlists), with or without (?i)', () => {
    const c = compileTitleFilter('review', { caseInsensitive: true });
    const d = compileTitleFilter('(?i)review', { caseInsensitive: true });
    if (!c.ok || !d.ok) throw new Error('did not compile');
    expect(matchTitles(c.filter, ['Phone REVIEW', 'Unboxing'])).toEqual([true, false]);
    expect(d.filter?.flags).toBe('ui');
  });

  it('matches everything when empty', () => {
    expect(compileTitleFilter('  ')).toEqual({ ok: true, filter: null });
    expect(matchTitles(null, ['a', 'b'])).toEqual([true, true]);
  });

  it('rejects a pattern that does not compile, with the reason', () => {
    const c = compileTitleFilter('(unclosed');
    expect(c.ok).toBe(false);
    expect(!c.ok && c.error).toMatch(/not a valid regular expression/);
  });

  it('stops catastrophic backtracking within the time budget instead of hanging', () => {
    const started = Date.now();
    expect(() => matchTitles(compile('(a+)+$'), [`${'a'.repeat(40)}!`])).toThrow(FilterTimeoutError);
    // The budget is 250 ms; without it this pattern runs for minutes.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
