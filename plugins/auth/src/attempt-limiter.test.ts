import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './services/attempt-limiter.js';

/** A limiter with a clock the test moves by hand. */
function limiter(max: number, windowMs: number, maxKeys = 10_000) {
  const clock = { now: 1_000_000 };
  const l = new AttemptLimiter(max, windowMs, maxKeys, () => clock.now);
  return { l, clock, advance: (ms: number) => (clock.now += ms) };
}

describe('AttemptLimiter', () => {
  it('allows up to max attempts, then reports the wait until the oldest leaves the window', () => {
    const { l, advance } = limiter(3, 60_000);
    expect(l.retryAfterSeconds('k')).toBe(0);
    l.record('k');
    advance(10_000);
    l.record('k');
    expect(l.retryAfterSeconds('k')).toBe(0);
    advance(5_000);
    l.record('k');
    // Three attempts at 0 s, 10 s and 15 s: blocked until 0 s + 60 s, i.e. 45 s from now.
    expect(l.retryAfterSeconds('k')).toBe(45);
    advance(20_000);
    expect(l.retryAfterSeconds('k')).toBe(25);
  });

  it('rounds a partial second up and never reports 0 while blocked', () => {
    const { l, advance } = limiter(1, 10_000);
    l.record('k');
    advance(9_001);
    expect(l.retryAfterSeconds('k')).toBe(1);
    advance(998);
    expect(l.retryAfterSeconds('k')).toBe(1);
  });

  it('allows again once the window has passed', () => {
    const { l, advance } = limiter(2, 60_000);
    l.record('k');
    l.record('k');
    expect(l.retryAfterSeconds('k')).toBeGreaterThan(0);
    advance(59_999);
    expect(l.retryAfterSeconds('k')).toBeGreaterThan(0);
    advance(1);
    expect(l.retryAfterSeconds('k')).toBe(0);
  });

  it('slides: only attempts inside the window count', () => {
    const { l, advance } = limiter(2, 60_000);
    l.record('k'); // t = 0
    advance(30_000);
    l.record('k'); // t = 30 s
    expect(l.retryAfterSeconds('k')).toBe(30);
    advance(30_000); // t = 60 s: the first attempt left the window
    expect(l.retryAfterSeconds('k')).toBe(0);
    l.record('k'); // t = 60 s: attempts at 30 s and 60 s
    expect(l.retryAfterSeconds('k')).toBe(30);
  });

  it('after more than max attempts the wait follows the most recent max attempts', () => {
    const { l, advance } = limiter(2, 100_000);
    l.record('k'); // 0 s
    advance(10_000);
    l.record('k'); // 10 s
    advance(10_000);
    l.record('k'); // 20 s: blocked until 10 s + 100 s
    expect(l.retryAfterSeconds('k')).toBe(90);
  });

  it('reset forgets a key at once', () => {
    const { l } = limiter(2, 60_000);
    l.record('k');
    l.record('k');
    l.record('other');
    l.record('other');
    l.reset('k');
    expect(l.retryAfterSeconds('k')).toBe(0);
    expect(l.retryAfterSeconds('other')).toBeGreaterThan(0);
    // After a reset the full allowance is available again.
    l.record('k');
    expect(l.retryAfterSeconds('k')).toBe(0);
    l.record('k');
    expect(l.retryAfterSeconds('k')).toBeGreaterThan(0);
  });

  it('keeps keys independent', () => {
    const { l } = limiter(1, 60_000);
    l.record('10.0.0.1|admin');
    expect(l.retryAfterSeconds('10.0.0.1|admin')).toBe(60);
    expect(l.retryAfterSeconds('10.0.0.2|admin')).toBe(0);
    expect(l.retryAfterSeconds('10.0.0.1|other')).toBe(0);
  });

  it('tracks at most maxKeys keys, forgetting the least recently recorded first', () => {
    const { l } = limiter(1, 60_000, 3);
    l.record('a');
    l.record('b');
    l.record('c');
    l.record('a'); // a is now the most recently recorded
    l.record('d'); // a fourth key: b is forgotten
    expect(l.retryAfterSeconds('b')).toBe(0);
    for (const key of ['a', 'c', 'd']) expect(l.retryAfterSeconds(key)).toBeGreaterThan(0);
    l.record('e'); // c goes next
    expect(l.retryAfterSeconds('c')).toBe(0);
    for (const key of ['a', 'd', 'e']) expect(l.retryAfterSeconds(key)).toBeGreaterThan(0);
  });

  it('does not grow beyond maxKeys under many distinct keys', () => {
    const { l } = limiter(1, 60_000, 100);
    for (let i = 0; i < 1_000; i++) l.record(`key-${i}`);
    let tracked = 0;
    for (let i = 0; i < 1_000; i++) if (l.retryAfterSeconds(`key-${i}`) > 0) tracked++;
    expect(tracked).toBe(100);
    // The survivors are the most recent ones.
    expect(l.retryAfterSeconds('key-999')).toBeGreaterThan(0);
    expect(l.retryAfterSeconds('key-899')).toBe(0);
    expect(l.retryAfterSeconds('key-900')).toBeGreaterThan(0);
  });

  it('checking a key does not count as an attempt', () => {
    const { l } = limiter(1, 60_000);
    for (let i = 0; i < 5; i++) expect(l.retryAfterSeconds('k')).toBe(0);
    l.record('k');
    expect(l.retryAfterSeconds('k')).toBe(60);
  });
});
