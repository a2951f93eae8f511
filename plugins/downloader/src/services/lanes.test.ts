import { describe, expect, it } from 'vitest';
import { fairYield, slotFor } from './lanes.js';

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

describe('fair turns between channels', () => {
  const owned = (id: string, lane: 'manual' | 'automatic', owner: string | null, front = false) => ({
    ...job(id, lane, front),
    type: owner ? 'channel' : 'playlist',
    label: id,
    options: owner ? { ownerChannelId: owner } : {},
  });

  it("makes a running backlog of one channel give its slot up to another channel's waiting job", () => {
    expect(fairYield(owned('b', 'automatic', 'UC-b'), [owned('a', 'automatic', 'UC-a')])).toBe('a');
    // A playlist's job is someone else too.
    expect(fairYield(owned('p', 'automatic', null), [owned('a', 'automatic', 'UC-a')])).toBe('a');
  });

  it('leaves the same channel, a person, and jobs moved to the front alone', () => {
    expect(fairYield(owned('a2', 'automatic', 'UC-a'), [owned('a', 'automatic', 'UC-a')])).toBeNull();
    expect(fairYield(owned('b', 'automatic', 'UC-b'), [owned('m', 'manual', 'UC-a')])).toBeNull();
    expect(fairYield(owned('b', 'automatic', 'UC-b'), [owned('f', 'automatic', 'UC-a', true)])).toBeNull();
    // A person's job takes a slot by the lanes' rule, not by turns.
    expect(fairYield(owned('m', 'manual', 'UC-b'), [owned('a', 'automatic', 'UC-a')])).toBeNull();
  });
});
