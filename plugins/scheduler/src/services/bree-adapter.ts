import { existsSync } from 'node:fs';
import type Bree from 'bree';
import type { PluginLogger } from '@vidkeep/contracts';

/**
 * Worker threads run compiled JavaScript, so they drop the parent's `--conditions` flags (tests
 * and `npm run dev` resolve workspace packages to TypeScript sources with `--conditions=source`).
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const a = parent[i]!;
    if (a === '--conditions' || a === '-C') i += 1;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  return out;
}

/** What the worker threads report back, by worker name (the task key). */
export interface WorkerEvents {
  message(name: string, message: unknown): void;
  error(name: string, err: Error): void;
}

/** The worker threads the scheduler needs: one named worker per worker task, run on demand. */
export interface WorkerPool {
  init(): Promise<void>;
  add(name: string, path: string): Promise<void>;
  /** Starts the worker with `workerData` and resolves once its thread is gone, however it ended. */
  run(name: string, workerData: unknown): Promise<void>;
  /** Stops a worker at once (time limit). */
  terminate(name: string): void;
  /** Asks these workers, where running, to stop by themselves (a `cancel` message). */
  cancel(names: Iterable<string>): void;
  terminateAll(): Promise<void>;
}

/**
 * The worker pool on Bree: the only file that knows Bree. Timing is not Bree's job here (the
 * scheduler arms later timers itself), so no job has an interval and Bree only runs threads.
 * Bree is loaded and started with the first run, not at boot: most starts never need a thread
 * before the first answer, and Bree's modules cost about 0.1 s.
 */
export class BreeWorkers implements WorkerPool {
  private bree: Bree | null = null;
  private starting: Promise<Bree> | null = null;
  private readonly paths = new Map<string, string>();
  private readonly exits = new Map<string, () => void>();

  constructor(
    private readonly log: PluginLogger,
    private readonly events: WorkerEvents,
  ) {}

  private start(): Promise<Bree> {
    this.starting ??= (async () => {
      const { default: BreeClass } = await import('bree');
      const { log, events } = this;
      const bree = new BreeClass({
        root: false,
        doRootCheck: false,
        jobs: [],
        worker: { execArgv: workerExecArgv() },
        // Bree is chatty at info level (every worker start and exit); the run history says it all.
        logger: {
          info: () => undefined,
          warn: (msg: unknown, meta?: unknown) => log.warn({ meta }, String(msg)),
          error: (msg: unknown, meta?: unknown) => log.debug({ meta }, String(msg)),
        },
        errorHandler: (err, meta) => events.error(meta.name, err instanceof Error ? err : new Error(String(err))),
        workerMessageHandler: (meta) => events.message(meta.name, meta.message),
      });
      bree.on('worker deleted', (name: string) => {
        const done = this.exits.get(name);
        this.exits.delete(name);
        done?.();
      });
      // `init` exists since Bree 9 but is missing from its type declarations.
      await (bree as unknown as { init(): Promise<void> }).init();
      for (const [name, path] of this.paths) await bree.add({ name, path, worker: { workerData: {} } });
      this.bree = bree;
      return bree;
    })();
    return this.starting;
  }

  async init(): Promise<void> {
    /* Bree starts with the first run */
  }

  async add(name: string, path: string): Promise<void> {
    // The check Bree would make at `add`, kept at boot so a missing worker file fails the start.
    if (!existsSync(path)) throw new Error(`Worker file of task "${name}" not found: ${path}`);
    this.paths.set(name, path);
    if (!this.starting) return;
    // Bree started (or is starting, and then adds every known path itself): add it once.
    const bree = await this.starting;
    if (!bree.config.jobs.some((j) => j.name === name)) await bree.add({ name, path, worker: { workerData: {} } });
  }

  async run(name: string, workerData: unknown): Promise<void> {
    const bree = await this.start();
    const job = bree.config.jobs.find((j) => j.name === name);
    if (job) job.worker = { workerData };
    const exited = new Promise<void>((resolve) => this.exits.set(name, resolve));
    await bree.run(name);
    await exited;
  }

  terminate(name: string): void {
    void this.bree?.workers.get(name)?.terminate();
  }

  cancel(names: Iterable<string>): void {
    for (const name of names) this.bree?.workers.get(name)?.postMessage('cancel');
  }

  async terminateAll(): Promise<void> {
    if (!this.bree) return;
    for (const worker of this.bree.workers.values()) await worker.terminate().catch(() => 0);
  }
}
