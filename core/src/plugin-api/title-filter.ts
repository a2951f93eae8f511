/**
 * User-supplied regular expressions (title filters of channels and playlists) are matched here,
 * and only here, so that no pattern can hang the server.
 *
 * Matching runs in a worker thread with a time budget: a pattern that backtracks
 * catastrophically keeps its worker busy, never the event loop, so every other request is
 * answered meanwhile. A worker over budget is terminated (V8 cannot interrupt a running regular
 * expression otherwise) and a fresh one takes the next call. Workers start on first use, never
 * hold the process open, and close after a while without work, so an idle server runs none.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Matching of all titles of one call may take at most this long (the worker's start is not counted). */
const MATCH_BUDGET_MS = 250;
/** Workers close after this long without a call. */
const IDLE_CLOSE_MS = 10_000;
/** Titles are cut to this length before matching. */
const TITLE_MAX = 1000;
/**
 * At most this many workers match at once: one on a two-core machine, so a slow pattern never
 * takes the core the event loop runs on; two where there are more cores.
 */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

export interface CompiledFilter {
  pattern: string;
  flags: string;
}

/**
 * Reads a user's title filter. JavaScript syntax; a leading `(?i)` (the Python spelling that
 * yt-dlp users know) becomes the case-insensitive flag. Matching is otherwise case-sensitive,
 * like yt-dlp's own title matching (channels), unless `caseInsensitive` (playlists, spec 2.6).
 * Returns an error message for a pattern that does not compile.
 */
export function compileTitleFilter(
  raw: string | null | undefined,
  options: { caseInsensitive?: boolean } = {},
): { ok: true; filter: CompiledFilter | null } | { ok: false; error: string } {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, filter: null };
  let pattern = text;
  let flags = options.caseInsensitive ? 'ui' : 'u';
  if (pattern.startsWith('(?i)')) {
    pattern = pattern.slice(4);
    if (!flags.includes('i')) flags += 'i';
  }
  try {
    new RegExp(pattern, flags);
  } catch (err) {
    try {
      // Patterns written for non-unicode mode (e.g. `\-` escapes) still compile without `u`.
      new RegExp(pattern, flags.replace('u', ''));
      flags = flags.replace('u', '');
    } catch {
      return { ok: false, error: `The title filter is not a valid regular expression: ${(err as Error).message}` };
    }
  }
  return { ok: true, filter: { pattern, flags } };
}

/** The filter could not be matched within the budget (or at all): the user's pattern is at fault. */
export class FilterTimeoutError extends Error {
  constructor(
    message = 'The title filter takes too long to match (catastrophic backtracking); simplify the regular expression',
  ) {
    super(message);
    this.name = 'FilterTimeoutError';
  }
}

/**
 * Tests titles against a filter with a hard time budget, off the event loop: a pathological
 * pattern (catastrophic backtracking) is stopped after MATCH_BUDGET_MS of matching and the call
 * rejects with FilterTimeoutError. A null filter matches everything (no worker involved).
 */
export function matchTitles(filter: CompiledFilter | null, titles: readonly string[]): Promise<boolean[]> {
  if (!filter) return Promise.resolve(titles.map(() => true));
  if (titles.length === 0) return Promise.resolve([]);
  return pool.run(filter, titles);
}

/**
 * The worker's body, evaluated as a script (no file to find: it works the same from the
 * TypeScript sources under a test runner and from the built `dist/`). It gets all titles of a
 * call in one message, as one string with their lengths, and answers one byte per title.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  try {
    const re = new RegExp(m.pattern, m.flags);
    const out = new Uint8Array(m.lengths.length);
    let at = 0;
    for (let i = 0; i < m.lengths.length; i++) {
      const title = m.text.slice(at, at + m.lengths[i]);
      at += m.lengths[i];
      re.lastIndex = 0;
      out[i] = re.test(title) ? 1 : 0;
    }
    parentPort.postMessage({ id: m.id, out }, [out.buffer]);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

interface Task {
  id: number;
  filter: CompiledFilter;
  titles: readonly string[];
  resolve(matches: boolean[]): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  online: boolean;
  task: Task | null;
  budget: NodeJS.Timeout | null;
}

class MatcherPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Task[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;

  run(filter: CompiledFilter, titles: readonly string[]): Promise<boolean[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, filter, titles, resolve, reject });
      this.dispatch();
    });
  }

  /** Workers running now (tests and figures). */
  get size(): number {
    return this.slots.size;
  }

  /** Stops every worker; waiting and running calls reject. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    for (const task of this.waiting.splice(0)) task.reject(new Error('Title filter matching stopped'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error('Title filter matching stopped'))));
  }

  private dispatch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    while (this.waiting.length > 0) {
      let slot = [...this.slots].find((s) => s.task === null);
      if (!slot && this.slots.size < POOL_SIZE) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.waiting.shift()!);
    }
    if (this.slots.size > 0 && [...this.slots].every((s) => s.task === null)) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_CLOSE_MS).unref();
    }
  }

  private spawn(): Slot {
    // No execArgv: the worker needs no loader or flag of the main process and starts lighter.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const slot: Slot = { worker, online: false, task: null, budget: null };
    this.slots.add(slot);
    worker.once('online', () => {
      slot.online = true;
      if (slot.task) this.startBudget(slot);
    });
    worker.on('message', (m: { id: number; out?: Uint8Array; error?: string }) => this.finish(slot, m));
    // A worker that dies mid-call (out of its memory limit, say) fails that call like a timeout.
    worker.on(
      'error',
      (err) => void this.retire(slot, new FilterTimeoutError(`The title filter could not be matched: ${err.message}`)),
    );
    worker.once('exit', () => void this.retire(slot, new FilterTimeoutError('The title filter could not be matched')));
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    const cut = task.titles.map((t) => t.slice(0, TITLE_MAX));
    const lengths = Uint32Array.from(cut, (t) => t.length);
    slot.worker.postMessage(
      { id: task.id, pattern: task.filter.pattern, flags: task.filter.flags, text: cut.join(''), lengths },
      [lengths.buffer],
    );
    if (slot.online) this.startBudget(slot);
  }

  private startBudget(slot: Slot): void {
    // A ref'd timer: a call in progress keeps the process alive until it is answered.
    slot.budget = setTimeout(() => {
      const task = slot.task;
      slot.task = null;
      void this.retire(slot, null);
      task?.reject(new FilterTimeoutError());
    }, MATCH_BUDGET_MS);
  }

  private finish(slot: Slot, m: { id: number; out?: Uint8Array; error?: string }): void {
    const task = slot.task;
    if (!task || task.id !== m.id) return;
    if (slot.budget) clearTimeout(slot.budget);
    slot.budget = null;
    slot.task = null;
    if (m.out) task.resolve(Array.from(m.out, (b) => b === 1));
    else task.reject(new FilterTimeoutError(`The title filter could not be matched: ${m.error ?? 'unknown error'}`));
    this.dispatch();
  }

  /** Takes a worker out of the pool (timed out, crashed or closing); its call, if any, rejects with `err`. */
  private async retire(slot: Slot, err: Error | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.budget) clearTimeout(slot.budget);
    const task = slot.task;
    slot.task = null;
    if (task && err) task.reject(err);
    this.dispatch();
    await slot.worker.terminate();
  }
}

const pool = new MatcherPool();

/** The worker pool's size and shutdown, for tests and embedding (an idle pool closes by itself). */
export const titleFilterWorkers = {
  get running(): number {
    return pool.size;
  },
  close: (): Promise<void> => pool.close(),
};
