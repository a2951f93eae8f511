import type { EventMap, EventName, PluginLogger, ServiceRef } from '@vidkeep/contracts';
import type { PluginContext } from '@vidkeep/plugin-kit';

/**
 * Declared read models: one mechanism for every copy a plugin keeps of data another plugin owns.
 *
 * Tables belong to their plugin and no query joins another plugin's table, yet a list must
 * filter and page by the owner's data in one query on its own table (channel videos by
 * "downloaded", playlist entries by "in the library", any list by "watched"). So the plugin keeps
 * a copy. What is copied, from which service and which events announce a change is declared
 * once per kind of data (a `ReadModelSource`: the watched state, the library state); where the
 * plugin keeps it is its own (a `ReadModelCopy`: its own table, or columns of its list). The
 * `ReadModel` between them does the rest the same way for all: it re-reads the ids an event
 * names and hands the owner's values to the copy (one update at a time, in arrival order, so an
 * older answer never overwrites a newer one), brings the copy in line with the owner once per
 * process before the first update (at boot, in the background), gives the owner's current
 * values to seed rows a plugin is about to insert, and waits for pending updates at shutdown.
 */

/** An event that names changed ids, and how to read them from its payload. */
export type ChangeEvent = {
  [K in EventName]: { readonly event: K; readonly ids: (payload: EventMap[K]) => readonly string[] };
}[EventName];

/** What a read model copies: whose data, announced by which events, read how. */
export interface ReadModelSource<S, V> {
  /** In plain words, for logs ("watched state"). */
  readonly name: string;
  /** The owner's service; the copy is kept only while some plugin provides it. */
  readonly service: ServiceRef<S>;
  /** The events after which the ids they name are read again. */
  readonly changes: readonly ChangeEvent[];
  /** The owner's values of these ids; an id absent from the answer has none. */
  read(service: S, ids: readonly string[]): Promise<ReadonlyMap<string, V>>;
  /** Every value the owner has (the boot's sync). */
  readAll(service: S): Promise<ReadonlyMap<string, V>>;
  /**
   * The boot's sync: `fill-when-empty` fills a copy that holds nothing (cheap when the data is
   * large and rarely changes while the plugin is off), `reconcile` compares every id of the owner
   * and of the copy (catches what changed while the plugin was off or an event lost in a crash).
   */
  readonly atBoot: 'fill-when-empty' | 'reconcile';
  /** No plugin provides the service at boot: `clear` forgets the copy (nothing is known), `keep` leaves it. */
  readonly withoutService: 'clear' | 'keep';
}

/** Where a plugin keeps its copy. */
export interface ReadModelCopy<V> {
  /**
   * The owner's values of these ids (null: the owner has none), at most `chunkSize` at a time.
   * The copy writes what differs in one transaction and forgets what it derived from it; ids it
   * has no place for (a video no channel lists) are skipped.
   */
  apply(values: ReadonlyMap<string, V | null>): Promise<void>;
  /** Ids the copy holds a value for (the reconcile clears those the owner no longer has). */
  heldIds(): Promise<readonly string[]>;
  /** Whether the copy holds no value (`fill-when-empty`); without it, whether `heldIds` is empty. */
  isEmpty?(): Promise<boolean>;
  /**
   * Forgets every value (`withoutService: 'clear'`); answers whether anything was there. Without
   * it, every held id is applied as null.
   */
  clear?(): Promise<boolean>;
}

export const READ_MODEL_CHUNK = 500;

export interface ReadModelDeps<S> {
  /** The owner's service, resolved when needed (the plugin providing it registers later, or never). */
  service: () => S | undefined;
  logger: PluginLogger;
  /** Ids per read and per `apply`. */
  chunkSize?: number;
}

export class ReadModel<S, V> {
  private readonly chunk: number;
  private queue: Promise<void> = Promise.resolve();
  /** Ids named since the waiting update was queued, and that update (null once it started). */
  private readonly pending = new Set<string>();
  private waiting: Promise<void> | null = null;
  /** `syncing`: a sync started (one that failed is finished before the next update). */
  private sync: 'pending' | 'syncing' | 'done' = 'pending';

  constructor(
    readonly source: ReadModelSource<S, V>,
    private readonly copy: ReadModelCopy<V>,
    private readonly deps: ReadModelDeps<S>,
  ) {
    this.chunk = deps.chunkSize ?? READ_MODEL_CHUNK;
  }

  /**
   * Reads these ids from the owner again and applies them. Resolves when this update (and every
   * earlier one) is done; failures are logged, not thrown. Ids named while an update waits its
   * turn join it, so a burst of events (500 downloads announced at once) costs a few reads and
   * `apply` calls, and what the copy derives from them (a playlist's publishing) runs once.
   */
  refresh(sourceIds: readonly string[]): Promise<void> {
    for (const id of sourceIds) this.pending.add(id);
    this.waiting ??= this.enqueue('refresh', async () => {
      this.waiting = null;
      const ids = [...this.pending];
      this.pending.clear();
      await this.syncOnce().catch((err: unknown) => this.failed('sync', err));
      const service = this.deps.service();
      if (!service || ids.length === 0) return;
      for (let i = 0; i < ids.length; i += this.chunk) {
        const chunk = ids.slice(i, i + this.chunk);
        const values = await this.source.read(service, chunk);
        await this.copy.apply(new Map(chunk.map((id) => [id, values.get(id) ?? null])));
      }
    });
    return this.waiting;
  }

  /**
   * After boot, in the background: with the service, the copy is brought in line once (see
   * `atBoot` of the source); without it, a `clear` model forgets its copy, so every value shows
   * as unknown (and an empty copy is filled again when the service comes back).
   */
  atBoot(): Promise<void> {
    return this.enqueue('boot', async () => {
      if (this.deps.service()) return this.syncOnce();
      if (this.source.withoutService !== 'clear') return;
      if (await this.clearCopy())
        this.deps.logger.info(
          { readModel: this.source.name },
          `No service owns the ${this.source.name}: its copy was emptied`,
        );
    });
  }

  /** The owner's values of these ids now, to seed rows about to be inserted (empty without the service). */
  async read(sourceIds: readonly string[]): Promise<Map<string, V>> {
    const out = new Map<string, V>();
    const service = this.deps.service();
    if (!service) return out;
    const ids = [...new Set(sourceIds)];
    for (let i = 0; i < ids.length; i += this.chunk)
      for (const [id, v] of await this.source.read(service, ids.slice(i, i + this.chunk))) out.set(id, v);
    return out;
  }

  /** Resolves when every update queued so far is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async copyIsEmpty(): Promise<boolean> {
    return this.copy.isEmpty ? this.copy.isEmpty() : (await this.copy.heldIds()).length === 0;
  }

  private async clearCopy(): Promise<boolean> {
    if (this.copy.clear) return this.copy.clear();
    const held = await this.copy.heldIds();
    for (let i = 0; i < held.length; i += this.chunk)
      await this.copy.apply(new Map(held.slice(i, i + this.chunk).map((id) => [id, null])));
    return held.length > 0;
  }

  private enqueue(what: string, work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work).catch((err: unknown) => this.failed(what, err));
    this.queue = run;
    return run;
  }

  private failed(what: string, err: unknown): void {
    this.deps.logger.error(
      { err, readModel: this.source.name },
      `Updating the copy of the ${this.source.name} failed (${what})`,
    );
  }

  /**
   * The sync happens before the first update of this process, whichever comes first (the boot's
   * or a change event's), so a change announced early cannot make the copy look current.
   */
  private async syncOnce(): Promise<void> {
    if (this.sync === 'done') return;
    const service = this.deps.service();
    if (!service) return;
    if (this.sync === 'pending' && this.source.atBoot === 'fill-when-empty' && !(await this.copyIsEmpty())) {
      this.sync = 'done';
      return;
    }
    this.sync = 'syncing';
    const all = await this.source.readAll(service);
    const ids = [...new Set([...all.keys(), ...(await this.copy.heldIds())])];
    for (let i = 0; i < ids.length; i += this.chunk) {
      const chunk = ids.slice(i, i + this.chunk);
      await this.copy.apply(new Map(chunk.map((id) => [id, all.get(id) ?? null])));
    }
    if (all.size)
      this.deps.logger.info({ videos: all.size, readModel: this.source.name }, `The ${this.source.name} was copied`);
    // Only once it worked: a failed sync is tried again before the next update.
    this.sync = 'done';
  }
}

/**
 * Wires a read model into a plugin (which lists the source's service in `consumes` or
 * `optionalConsumes`): follows the source's change events, syncs in the background after every
 * plugin registered (the first HTTP answer never waits for it) and waits for pending updates at
 * shutdown.
 */
export function keepReadModel<S, V>(
  ctx: PluginContext,
  source: ReadModelSource<S, V>,
  copy: ReadModelCopy<V>,
  options: { chunkSize?: number } = {},
): ReadModel<S, V> {
  return wireReadModel(
    ctx,
    new ReadModel(source, copy, {
      service: () => ctx.tryResolve(source.service),
      logger: ctx.logger,
      chunkSize: options.chunkSize,
    }),
  );
}

/** The wiring of `keepReadModel`, for a model made by hand (`WatchCopy`). */
export function wireReadModel<S, V>(ctx: PluginContext, model: ReadModel<S, V>): ReadModel<S, V> {
  for (const change of model.source.changes) {
    const { event, ids } = change as { event: EventName; ids: (payload: unknown) => readonly string[] };
    ctx.events.subscribe(event, (payload) => model.refresh(ids(payload)));
  }
  ctx.onReady(() => {
    void model.atBoot();
  });
  ctx.onClose(() => model.idle());
  return model;
}
