import { describe, expect, it } from 'vitest';
import { applyDurationLimits, clock, durationSkip } from './duration-limits.js';

describe('channel duration limits', () => {
  const limits = { minDuration: 60, maxDuration: 1200 };

  it('says why a video is left out, and lets unknown durations and the bounds through', () => {
    expect(durationSkip(limits, 59)).toBe("shorter than 1:00, the channel's minimum duration");
    expect(durationSkip(limits, 1201)).toBe("longer than 20:00, the channel's maximum duration");
    expect(durationSkip(limits, 60)).toBeNull();
    expect(durationSkip(limits, 1200)).toBeNull();
    expect(durationSkip(limits, null)).toBeNull();
    expect(durationSkip({ minDuration: null, maxDuration: null }, 5)).toBeNull();
  });

  it('counts the skipped videos by reason', () => {
    const rows = [10, 20, 100, 5000, null].map((duration, i) => ({ id: i, duration }));
    const r = applyDurationLimits(limits, rows);
    expect(r.kept.map((x) => x.id)).toEqual([2, 4]);
    expect(r.skipped).toEqual([
      { reason: "shorter than 1:00, the channel's minimum duration", count: 2 },
      { reason: "longer than 20:00, the channel's maximum duration", count: 1 },
    ]);
  });

  it('writes clocks like a player', () => {
    expect([0, 45, 600, 3725].map(clock)).toEqual(['0:00', '0:45', '10:00', '1:02:05']);
  });
});
