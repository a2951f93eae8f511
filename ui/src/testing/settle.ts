import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { FakeApi } from './fake-api';

/** Rounds of reply-render after which a page that still sends requests is left as it is. */
const MAX_ROUNDS = 20;
/** Rounds run even when nothing waits: a reply's continuation may send the next request. */
const MIN_ROUNDS = 3;

/**
 * Lets a page finish what it started: the fake API replies to waiting requests, promises and
 * timers due now run, Angular renders; again until a round finds no request waiting. With
 * `ms`, the fake clock (`vi.useFakeTimers()`) first moves on that far, so debounces, polls
 * and delayed reloads run exactly as they would after that time.
 */
export async function settle(fixture: ComponentFixture<unknown>, ms = 0): Promise<void> {
  if (ms > 0) {
    if (!vi.isFakeTimers()) throw new Error('settle(fixture, ms) moves the fake clock: call vi.useFakeTimers() first');
    await vi.advanceTimersByTimeAsync(ms);
  }
  const api = fixture.debugElement.injector.get(FakeApi, null);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const answered = api?.answer() ?? 0;
    await runDueWork(fixture);
    if (answered === 0 && round >= MIN_ROUNDS - 1) return;
  }
}

/** Timers due now, the promises they settle, and the rendering that follows. */
async function runDueWork(fixture: ComponentFixture<unknown>): Promise<void> {
  if (!vi.isFakeTimers()) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await fixture.whenStable();
    return;
  }
  await vi.advanceTimersByTimeAsync(0);
  // Angular schedules rendering on a timer, which the fake clock delays by 1 ms when it is set
  // while timers run; rendering now keeps the clock exactly where the spec put it.
  TestBed.tick();
}
