import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.js';

/** A run that waits until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Coalescer', () => {
  it('runs one key at a time and turns every request during a run into exactly one re-run', async () => {
    const runs: string[][] = [];
    const gates = [gate(), gate()];
    const c = new Coalescer<string, string[]>(
      async (_key, options) => {
        runs.push(options);
        await gates[runs.length - 1]?.opened;
      },
      (a, b) => [...a, ...b],
      () => undefined,
    );
    const first = c.request('p1', ['a']);
    const second = c.request('p1', ['b']);
    const third = c.request('p1', ['c']);
    expect(runs).toEqual([['a']]);
    expect(c.isRunning('p1')).toBe(true);
    gates[0]!.open();
    await first;
    gates[1]!.open();
    await Promise.all([second, third]);
    expect(runs).toEqual([['a'], ['b', 'c']]);
    expect(c.isRunning('p1')).toBe(false);
  });

  it('keeps keys independent, settles callers after a failed run and reports the error', async () => {
    const errors: unknown[] = [];
    const order: string[] = [];
    const c = new Coalescer<string, number>(
      async (key) => {
        order.push(key);
        if (key === 'bad') throw new Error('boom');
      },
      (a, b) => a + b,
      (_key, err) => errors.push(err),
    );
    await Promise.all([c.request('bad', 1), c.request('good', 1)]);
    expect(order.sort()).toEqual(['bad', 'good']);
    expect(errors).toHaveLength(1);
    await c.idle();
  });

  it('idle() waits for pending re-runs too', async () => {
    let count = 0;
    const c = new Coalescer<string, null>(
      async () => {
        await new Promise((r) => setTimeout(r, 5));
        count++;
      },
      () => null,
      () => undefined,
    );
    void c.request('k', null);
    void c.request('k', null);
    await c.idle();
    expect(count).toBe(2);
  });
});
