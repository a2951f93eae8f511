/**
 * Counts attempts per key in a sliding window (failed logins, setup submissions). Memory is
 * bounded: at most `maxKeys` keys are tracked, the oldest forgotten first.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    const oldest = recent[recent.length - this.max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    if (recent.length > this.max) recent.splice(0, recent.length - this.max);
    this.attempts.delete(key);
    this.attempts.set(key, recent);
    if (this.attempts.size > this.maxKeys) {
      const oldestKey = this.attempts.keys().next().value;
      if (oldestKey !== undefined) this.attempts.delete(oldestKey);
    }
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.attempts.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.attempts.delete(key);
    return list;
  }
}
