import { describe, expect, it } from 'vitest';
import { dateOf, fakeChannelId, fakeVideoId, handleOf, kbps, numberFrom, roundCount, timestampOf } from './values.js';

describe('ids', () => {
  it('are deterministic and shaped like the real ones', () => {
    expect(fakeVideoId('main')).toBe(fakeVideoId('main'));
    expect(fakeVideoId('main')).not.toBe(fakeVideoId('second'));
    expect(fakeVideoId('main')).toMatch(/^[\w-]{11}$/);
    expect(fakeChannelId('fixturechan')).toMatch(/^UC[\w-]{22}$/);
    expect(fakeChannelId('x')).toBe(fakeChannelId('x'));
  });

  it.each([1, 7, 100000])('numberFrom stays below %i', (modulo) => {
    for (const seed of ['a', 'b', 'c', 'd']) expect(numberFrom(seed, modulo)).toBeLessThan(modulo);
  });
});

describe('dates', () => {
  it.each([
    ['20240315', 1710504000],
    ['20250101', 1735732800],
  ])('%s is noon UTC, %i, and back', (date, timestamp) => {
    expect(timestampOf(date)).toBe(timestamp);
    expect(dateOf(timestamp)).toBe(date);
  });

  it.each(['2024-03-15', '202403', ''])('refuses %j', (date) => {
    expect(() => timestampOf(date)).toThrow('uploadDate must be YYYYMMDD');
  });
});

describe('counts and texts', () => {
  it.each([
    [0, 0],
    [999, 999],
    [4321, 4320],
    [123456, 123000],
    [1999999, 1990000],
  ])('roundCount(%i) = %i (3 significant figures, down)', (n, shown) => {
    expect(roundCount(n)).toBe(shown);
  });

  it.each([
    ['@chan', '@chan'],
    ['chan', '@chan'],
  ])('handleOf(%j) = %j', (h, handle) => {
    expect(handleOf(h)).toBe(handle);
  });

  it('kbps has two decimals', () => {
    expect(kbps(125_000, 5)).toBe(200);
    expect(kbps(1234, 1)).toBe(9.87);
  });
});
