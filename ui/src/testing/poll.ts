import type { ComponentFixture } from '@angular/core/testing';
import { settle } from './settle';

export interface PollOptions {
  /** How far the fake clock moves between two looks. */
  stepMs?: number;
  /** How much fake time may pass before the spec fails. */
  withinMs?: number;
}

/**
 * Waits, on the fake clock, for what a page does in its own time (a poll interval, a delayed
 * reload, a dialog closing): settles, looks, moves `stepMs` on, until `check` returns a truthy
 * value, which it returns. Fails with `what` when `withinMs` passed without it.
 */
export async function poll<T>(
  fixture: ComponentFixture<unknown>,
  what: string,
  check: () => T,
  { stepMs = 100, withinMs = 5_000 }: PollOptions = {},
): Promise<NonNullable<T>> {
  await settle(fixture);
  for (let waited = 0; ; waited += stepMs) {
    const value = check();
    if (value) return value;
    if (waited >= withinMs) throw new Error(`Still waiting after ${withinMs} ms: ${what}`);
    await settle(fixture, stepMs);
  }
}
