/**
 * The pieces of a discrete-event simulation in virtual time, for `npm run bench -- polite`: a
 * clock that runs events in order, processes written as generators that yield when to go on,
 * and a platform that throttles. Nothing sleeps for real.
 */

export const SECOND = 1000;
export const HOUR = 3_600_000;

/** What a process waits for: a time, and whether new work may cut the wait short. */
export type Wait = { at: number; wake?: boolean };

interface Scheduled {
  at: number;
  seq: number;
  fn: () => void;
}

const before = (a: Scheduled, b: Scheduled) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** Events in virtual time (whole milliseconds, as `Date.now()`), earliest first, ties in order. */
export class Clock {
  now = 0;
  stopped = false;
  private readonly heap: Scheduled[] = [];
  private seq = 0;

  at(at: number, fn: () => void): void {
    const h = this.heap;
    h.push({ at: Math.max(Math.ceil(at), this.now), seq: this.seq++, fn });
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!before(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  /** Runs the events due up to `until` (or until `stopped`). */
  run(until: number): void {
    const h = this.heap;
    while (h.length > 0 && !this.stopped && h[0]!.at <= until) {
      const top = h[0]!;
      const last = h.pop()!;
      if (h.length > 0) {
        h[0] = last;
        for (let i = 0; ;) {
          const l = 2 * i + 1;
          let m = i;
          if (l < h.length && before(h[l]!, h[m]!)) m = l;
          if (l + 1 < h.length && before(h[l + 1]!, h[m]!)) m = l + 1;
          if (m === i) break;
          [h[i], h[m]] = [h[m]!, h[i]!];
          i = m;
        }
      }
      this.now = top.at;
      top.fn();
    }
  }
}

/** A process in virtual time: a generator yielding what it waits for. `start` (re)starts it. */
export class Actor {
  private gen: Generator<Wait, void, void> | null = null;
  private token = 0;
  private wakeable = false;

  constructor(
    private readonly clock: Clock,
    private readonly body: () => Generator<Wait, void, void>,
  ) {}

  /** Starts the process, dropping where it was (never from inside it: schedule it on the clock). */
  start(): void {
    this.gen?.return();
    this.gen = this.body();
    this.step(++this.token);
  }

  /** Cuts a wakeable wait short (new work arrived). */
  wake(): void {
    if (!this.wakeable) return;
    this.wakeable = false;
    const token = ++this.token;
    this.clock.at(this.clock.now, () => this.step(token));
  }

  private step(token: number): void {
    if (token !== this.token || !this.gen) return;
    this.wakeable = false;
    const r = this.gen.next();
    if (r.done) return;
    this.wakeable = r.value.wake === true;
    if (Number.isFinite(r.value.at)) this.clock.at(r.value.at, () => this.step(token));
  }
}

/**
 * The platform: it serves up to `limit` requests in any sliding hour and answers 429 beyond that,
 * until the oldest served request leaves the hour (refused requests do not count).
 */
export class ThrottlingPlatform {
  /** When each request arrived, served or not. */
  readonly sent: number[] = [];
  refused = 0;
  private readonly served: number[] = [];
  private head = 0;

  constructor(private readonly limit: number) {}

  request(at: number): boolean {
    this.sent.push(at);
    while (this.head < this.served.length && this.served[this.head]! <= at - HOUR) this.head += 1;
    if (this.served.length - this.head >= this.limit) {
      this.refused += 1;
      return false;
    }
    this.served.push(at);
    return true;
  }
}

/** Requests per clock hour (00:00-01:00, ...), and the most in any clock hour and in any sliding hour. */
export function hourlyPeaks(times: readonly number[]): {
  perClockHour: number[];
  clockMax: number;
  slidingMax: number;
} {
  const perClockHour: number[] = [];
  for (const t of times) {
    const h = Math.floor(t / HOUR);
    while (perClockHour.length <= h) perClockHour.push(0);
    perClockHour[h]! += 1;
  }
  let slidingMax = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[j]! <= times[i]! - HOUR) j += 1;
    slidingMax = Math.max(slidingMax, i - j + 1);
  }
  return { perClockHour, clockMax: Math.max(0, ...perClockHour), slidingMax };
}
