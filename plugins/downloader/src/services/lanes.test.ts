import { describe, expect, it } from 'vitest';
import { slotFor } from './lanes.js';

const job = (id: string, lane: 'manual' | 'automatic', front = false) => ({
  id,
  lane,
  frontAt: front ? new Date() : null,
});

describe('who gets a download slot', () => {
  it('starts anything while slots are free, but keeps the last one for a person when two or more may run', () => {
    expect(slotFor(job('a', 'automatic'), [], 1)).toEqual({ start: true, yielding: null });
    expect(slotFor(job('a', 'automatic'), [], 2)).toEqual({ start: true, yielding: null });
    expect(slotFor(job('b', 'automatic'), [job('a', 'automatic')], 2)).toEqual({ start: false, yielding: null });
    expect(slotFor(job('m', 'manual'), [job('a', 'automatic')], 2)).toEqual({ start: true, yielding: null });
  });

  it("makes running automatic work yield to a person's request or a job moved to the front", () => {
    expect(slotFor(job('m', 'manual'), [job('a', 'automatic')], 1)).toEqual({ start: false, yielding: 'a' });
    expect(slotFor(job('f', 'automatic', true), [job('a', 'automatic')], 1)).toEqual({ start: false, yielding: 'a' });
    // Never a person's own download, nor a job moved to the front.
    expect(slotFor(job('m', 'manual'), [job('n', 'manual')], 1)).toEqual({ start: false, yielding: null });
    expect(slotFor(job('m', 'manual'), [job('f', 'automatic', true)], 1)).toEqual({ start: false, yielding: null });
    // Automatic work waits its turn without stopping anyone.
    expect(slotFor(job('b', 'automatic'), [job('a', 'automatic')], 1)).toEqual({ start: false, yielding: null });
  });
});
