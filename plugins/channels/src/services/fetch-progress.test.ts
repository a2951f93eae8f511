import { describe, expect, it } from 'vitest';
import { expectedEntries, fetchOutcome, listedTotal, secondsLeft } from './fetch-progress.js';

describe('Load all progress', () => {
  it('expects the tab total, at most the 5,000 entries a full fetch reads', () => {
    expect(expectedEntries({ total: 340, fetchedAt: null })).toBe(340);
    expect(expectedEntries({ total: 12_000, fetchedAt: null })).toBe(5000);
    expect(expectedEntries({ total: null, fetchedAt: null })).toBeNull();
    expect(expectedEntries(undefined)).toBeNull();
  });

  it('estimates the time left from the pace so far', () => {
    // 228 entries in 8 pages took 8 s (1 s between pages): 4,772 more at the same pace.
    expect(secondsLeft(240, 5000, 8000)).toBe(159);
    expect(secondsLeft(2500, 5000, 60_000)).toBe(60);
    expect(secondsLeft(5000, 5000, 60_000)).toBe(0);
    expect(secondsLeft(5001, 5000, 60_000)).toBe(0);
  });

  it('has no estimate before the first entry or without a total', () => {
    expect(secondsLeft(0, 5000, 3000)).toBeNull();
    expect(secondsLeft(30, null, 3000)).toBeNull();
  });

  it('tells a complete listing from one stopped at the limit, cancelled or failed', () => {
    expect(fetchOutcome({ read: 4999, ok: true, cancelled: false })).toBe('complete');
    expect(fetchOutcome({ read: 5000, ok: true, cancelled: false })).toBe('complete');
    expect(fetchOutcome({ read: 5001, ok: true, cancelled: false })).toBe('limit');
    expect(fetchOutcome({ read: 120, ok: false, cancelled: true })).toBe('cancelled');
    expect(fetchOutcome({ read: 120, ok: false, cancelled: false })).toBe('failed');
  });

  it('makes the public entries of a complete listing the tab total', () => {
    const now = new Date('2026-01-02T03:04:05Z');
    const listed = [{ availability: null }, { availability: 'subscriber_only' }, { availability: 'public' }];
    expect(listedTotal(listed, now)).toEqual({ total: 2, fetchedAt: '2026-01-02T03:04:05.000Z', source: 'listing' });
  });
});
