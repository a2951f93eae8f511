import { describe, expect, it } from 'vitest';
import { nextCooldown, parseCooldown } from './cooldown.js';

const MIN = 60_000;
const minutesOf = (r: { since: string; until: string }) => (Date.parse(r.until) - Date.parse(r.since)) / MIN;

describe('cool-downs', () => {
  it('doubles each one in a row, up to 16 times the first', () => {
    let last = null;
    const lengths: number[] = [];
    for (let i = 0; i < 7; i++) {
      last = nextCooldown(last, 'http_429', 0, 15 * MIN);
      lengths.push(minutesOf(last));
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 240, 240]);
    expect(last?.level).toBe(7);
    expect(last?.overrideUsed).toBe(false);
  });

  it('reads back what it kept, and treats anything else as no cool-down', () => {
    const r = nextCooldown(null, 'bot_check', Date.parse('2026-11-29T10:00:00Z'), 15 * MIN);
    expect(parseCooldown(JSON.stringify(r))).toEqual(r);
    expect(parseCooldown('')).toBeNull();
    expect(parseCooldown('{not json')).toBeNull();
    expect(parseCooldown(JSON.stringify({ ...r, cause: 'sunspots' }))).toBeNull();
    expect(parseCooldown(JSON.stringify({ ...r, until: 'soon' }))).toBeNull();
  });
});
