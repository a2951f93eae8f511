interface State<O> {
  /** Merged options of the requests since the current run started (`has` tells if any). */
  pending: { has: false } | { has: true; options: O };
  waiters: (() => void)[];
  running: boolean;
  drained: Promise<void>;
}

/**
 * Runs work for one key at a time. A request that arrives while the key's work runs does not
 * start a second run beside it: requests pile up (their options merged) and cause exactly one
 * re-run after the current one. Every caller's promise settles when a run that started after its
 * request has finished, so awaiting it means "my request is done".
 */
export class Coalescer<K, O> {
  private readonly states = new Map<K, State<O>>();

  constructor(
    private readonly work: (key: K, options: O) => Promise<void>,
    private readonly merge: (a: O, b: O) => O,
    private readonly onError: (key: K, err: unknown) => void,
  ) {}

  request(key: K, options: O): Promise<void> {
    let state = this.states.get(key);
    if (!state) {
      state = { pending: { has: false }, waiters: [], running: false, drained: Promise.resolve() };
      this.states.set(key, state);
    }
    state.pending = {
      has: true,
      options: state.pending.has ? this.merge(state.pending.options, options) : options,
    };
    const done = new Promise<void>((resolve) => state.waiters.push(resolve));
    if (!state.running) state.drained = this.drain(key, state);
    return done;
  }

  isRunning(key: K): boolean {
    return this.states.get(key)?.running === true;
  }

  /** Resolves when no key has work running or pending (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.states.size > 0) await Promise.all([...this.states.values()].map((s) => s.drained));
  }

  private async drain(key: K, state: State<O>): Promise<void> {
    state.running = true;
    try {
      while (state.pending.has) {
        const { options } = state.pending;
        const waiters = state.waiters.splice(0);
        state.pending = { has: false };
        try {
          await this.work(key, options);
        } catch (err) {
          this.onError(key, err);
        }
        for (const resolve of waiters) resolve();
      }
    } finally {
      state.running = false;
      this.states.delete(key);
    }
  }
}
