import type { PluginLogger } from '@vidkeep/contracts';
import { serviceRef } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { ReadModel, type ReadModelCopy, type ReadModelSource } from './read-model.js';

const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {} } as unknown as PluginLogger;

/** An owner over a map the test changes. */
interface Owner {
  values: Map<string, number>;
  reads: number;
}

const source = (atBoot: 'reconcile' | 'fill-when-empty', withoutService: 'clear' | 'keep') =>
  ({
    name: 'numbers',
    service: serviceRef<Owner>('test.numbers'),
    changes: [],
    read: async (owner, ids) => {
      owner.reads++;
      return new Map(ids.flatMap((id) => (owner.values.has(id) ? [[id, owner.values.get(id)!] as const] : [])));
    },
    readAll: async (owner) => new Map(owner.values),
    atBoot,
    withoutService,
  }) satisfies ReadModelSource<Owner, number>;

/** A copy in memory that records each `apply`. */
function memoryCopy(initial: Record<string, number> = {}) {
  const held = new Map(Object.entries(initial));
  const applied: number[] = [];
  const copy: ReadModelCopy<number> = {
    async apply(values) {
      applied.push(values.size);
      for (const [id, v] of values)
        if (v === null) held.delete(id);
        else held.set(id, v);
    },
    heldIds: async () => [...held.keys()],
    isEmpty: async () => held.size === 0,
    clear: async () => {
      const any = held.size > 0;
      held.clear();
      return any;
    },
  };
  return { copy, held, applied };
}

describe('ReadModel', () => {
  it('reconciles at boot: values of the owner written, ids it no longer has cleared, in chunks', async () => {
    const owner: Owner = {
      values: new Map([
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ]),
      reads: 0,
    };
    const { copy, held, applied } = memoryCopy({ a: 9, gone: 4 });
    const model = new ReadModel(source('reconcile', 'keep'), copy, {
      service: () => owner,
      logger: silent,
      chunkSize: 2,
    });
    await model.atBoot();
    expect(Object.fromEntries(held)).toEqual({ a: 1, b: 2, c: 3 });
    expect(applied).toEqual([2, 2]);
  });

  it('syncs before the first update, whichever comes first, and only once per process', async () => {
    const owner: Owner = { values: new Map([['a', 1]]), reads: 0 };
    const { copy, held } = memoryCopy({ stale: 7 });
    const model = new ReadModel(source('reconcile', 'keep'), copy, { service: () => owner, logger: silent });
    owner.values.set('b', 2);
    await model.refresh(['b']);
    expect(Object.fromEntries(held)).toEqual({ a: 1, b: 2 });
    held.set('stale', 7);
    await model.atBoot(); // already synced: the boot's sync does not run again
    expect(held.get('stale')).toBe(7);
    owner.values.delete('a');
    await model.refresh(['a']);
    expect(held.has('a')).toBe(false);
  });

  it('without the service: `keep` leaves the copy, `clear` empties it', async () => {
    const kept = memoryCopy({ a: 1 });
    await new ReadModel(source('reconcile', 'keep'), kept.copy, { service: () => undefined, logger: silent }).atBoot();
    expect(kept.held.size).toBe(1);
    const cleared = memoryCopy({ a: 1 });
    await new ReadModel(source('reconcile', 'clear'), cleared.copy, {
      service: () => undefined,
      logger: silent,
    }).atBoot();
    expect(cleared.held.size).toBe(0);
    // A copy without its own `clear`: every held id is applied as null, in chunks.
    const plain = memoryCopy({ a: 1, b: 2, c: 3 });
    delete plain.copy.clear;
    delete plain.copy.isEmpty;
    const model = new ReadModel(source('reconcile', 'clear'), plain.copy, {
      service: () => undefined,
      logger: silent,
      chunkSize: 2,
    });
    await model.atBoot();
    expect(plain.held.size).toBe(0);
    expect(plain.applied).toEqual([2, 1]);
  });

  it('reads the owner for rows about to be inserted, and answers nothing without the service', async () => {
    const owner: Owner = {
      values: new Map([
        ['a', 1],
        ['b', 2],
      ]),
      reads: 0,
    };
    const model = new ReadModel(source('reconcile', 'keep'), memoryCopy().copy, {
      service: () => owner,
      logger: silent,
      chunkSize: 1,
    });
    expect(Object.fromEntries(await model.read(['a', 'b', 'x', 'a']))).toEqual({ a: 1, b: 2 });
    expect(owner.reads).toBe(3);
    const none = new ReadModel(source('reconcile', 'keep'), memoryCopy().copy, {
      service: () => undefined,
      logger: silent,
    });
    expect((await none.read(['a'])).size).toBe(0);
  });
});

describe('ReadModel bursts', () => {
  it('ids named while an update waits its turn join it: 500 refreshes, one read and one apply', async () => {
    const owner: Owner = { values: new Map(Array.from({ length: 500 }, (_, i) => [`v${i}`, i])), reads: 0 };
    const { copy, held, applied } = memoryCopy();
    const model = new ReadModel(source('fill-when-empty', 'keep'), copy, { service: () => owner, logger: silent });
    await model.atBoot(); // the fill: one apply of every value
    held.clear();
    applied.length = 0;
    owner.reads = 0;
    await Promise.all(Array.from({ length: 500 }, (_, i) => model.refresh([`v${i}`])));
    expect(held.size).toBe(500);
    expect([owner.reads, applied]).toEqual([1, [500]]);
  });
});
