import type { AttemptLog } from './attempt-log.js';

/**
 * Counts attempts per key in a sliding window (failed logins, setup submissions). Memory is
 * bounded: at most `maxKeys` keys are tracked, the oldest forgotten first. With `persistTo` the
 * attempts are also written to the database and `restore` reads them back at start, so a restart
 * keeps a lockout (the memory copy stays the one every check reads).
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();
  private store: { name: string; log: AttemptLog } | null = null;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps the attempts in `log` under `name` (one name per limiter). */
  persistTo(name: string, log: AttemptLog): this {
    this.store = { name, log };
    return this;
  }

  /** Reads the attempts still inside the window back from the log and forgets older ones there. */
  async restore(): Promise<void> {
    if (!this.store) return;
    const { name, log } = this.store;
    for (const { key, at } of await log.restore(name, this.now() - this.windowMs)) this.remember(key, at);
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - this.max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Attempts still allowed before the key is blocked (0 = blocked now). */
  attemptsLeft(key: string): number {
    return Math.max(0, this.max - this.recent(key).length);
  }

  /** Counts an attempt now; the returned promise ends when it is stored (memory counts at once). */
  record(key: string): Promise<void> {
    const at = this.now();
    this.remember(key, at);
    return this.store ? this.store.log.add(this.store.name, key, at) : Promise.resolve();
  }

  reset(key: string): Promise<void> {
    const had = this.attempts.delete(key);
    return had && this.store ? this.store.log.clear(this.store.name, key) : Promise.resolve();
  }

  private remember(key: string, at: number): void {
    const recent = this.recent(key);
    recent.push(at);
    if (recent.length > this.max) recent.splice(0, recent.length - this.max);
    this.attempts.delete(key);
    this.attempts.set(key, recent);
    if (this.attempts.size > this.maxKeys) {
      const oldestKey = this.attempts.keys().next().value;
      if (oldestKey !== undefined) this.attempts.delete(oldestKey);
    }
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.attempts.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.attempts.delete(key);
    return list;
  }
}
