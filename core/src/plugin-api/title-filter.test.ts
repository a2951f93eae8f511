import { afterAll, describe, expect, it } from 'vitest';
import { compileTitleFilter, FilterTimeoutError, matchTitles, titleFilterWorkers } from './title-filter.js';

const compile = (p: string) => {
  const c = compileTitleFilter(p);
  if (!c.ok) throw new Error(c.error);
  return c.filter;
};
const catastrophic = compile('^(a+)+$');
const slowTitle = `${'a'.repeat(40)}!`;

afterAll(() => titleFilterWorkers.close());

describe('title filter', () => {
  it('matches case-sensitively like yt-dlp, and (?i) makes it case-insensitive', async () => {
    expect(await matchTitles(compile('Review'), ['Phone Review', 'phone review'])).toEqual([true, false]);
    expect(await matchTitles(compile('(?i)review'), ['Phone REVIEW', 'Unboxing'])).toEqual([true, false]);
  });

  it('matches any case when asked to (playlists), with or without (?i)', async () => {
    const c = compileTitleFilter('review', { caseInsensitive: true });
    const d = compileTitleFilter('(?i)review', { caseInsensitive: true });
    if (!c.ok || !d.ok) throw new Error('did not compile');
    expect(await matchTitles(c.filter, ['Phone REVIEW', 'Unboxing'])).toEqual([true, false]);
    expect(d.filter?.flags).toBe('ui');
  });

  it('matches everything when empty, without starting a worker', async () => {
    await titleFilterWorkers.close();
    expect(compileTitleFilter('  ')).toEqual({ ok: true, filter: null });
    expect(await matchTitles(null, ['a', 'b'])).toEqual([true, true]);
    expect(titleFilterWorkers.running).toBe(0);
  });

  it('rejects a pattern that does not compile, with the reason', () => {
    const c = compileTitleFilter('(unclosed');
    expect(c.ok).toBe(false);
    expect(!c.ok && c.error).toMatch(/not a valid regular expression/);
  });

  it('stops catastrophic backtracking with FilterTimeoutError, and the event loop runs meanwhile', async () => {
    // A timer set after the call fires before the call gives up: matching on the event loop
    // (the earlier in-thread budget) held every timer until the pattern was stopped.
    let timerFired = false;
    const outcome = matchTitles(catastrophic, [slowTitle]).then(
      () => 'matched',
      (err: unknown) => ({ err, timerFiredFirst: timerFired }),
    );
    setTimeout(() => (timerFired = true), 1);
    expect(await outcome).toEqual({ err: expect.any(FilterTimeoutError), timerFiredFirst: true });
  });

  it('replaces a worker that ran over its budget: the next call matches', async () => {
    const slow = matchTitles(catastrophic, [slowTitle]);
    const fine = matchTitles(compile('^a+$'), ['aaa', 'aab']);
    await expect(slow).rejects.toBeInstanceOf(FilterTimeoutError);
    expect(await fine).toEqual([true, false]);
    expect(await matchTitles(compile('b'), ['abc'])).toEqual([true]);
  });

  it('matches 5,000 titles in one call, in order, long ones cut at 1,000 characters', async () => {
    const titles = Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? `Review ${i} ✓` : `Vlog ${i}`));
    titles.push(`${'x'.repeat(1000)}needle`, 'needle', '');
    const matches = await matchTitles(compile('Review|needle'), titles);
    expect(matches).toHaveLength(5003);
    expect(matches.slice(0, 6)).toEqual([true, false, false, true, false, false]);
    expect(matches.slice(-3)).toEqual([false, true, false]);
  });

  it('answers calls made at the same time each with its own result', async () => {
    const results = await Promise.allSettled([
      matchTitles(catastrophic, [slowTitle]),
      matchTitles(compile('one'), ['one', 'two']),
      matchTitles(catastrophic, [slowTitle]),
      matchTitles(compile('two'), ['one', 'two']),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).name))).toEqual([
      'FilterTimeoutError',
      [true, false],
      'FilterTimeoutError',
      [false, true],
    ]);
  });

  it('closes its workers when asked (and by itself when idle)', async () => {
    await matchTitles(compile('a'), ['a']);
    expect(titleFilterWorkers.running).toBeGreaterThan(0);
    await titleFilterWorkers.close();
    expect(titleFilterWorkers.running).toBe(0);
  });
});
