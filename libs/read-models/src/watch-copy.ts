import {
  WatchStatusEvents,
  watchStatusServiceRef,
  type PluginLogger,
  type VideoWatch,
  type WatchedState,
  type WatchStatusService,
} from '@vidkeep/contracts';
import {
  defineEntity,
  type EntityDefinition,
  readBool,
  readJson,
  Sql,
  type Orm,
  type PluginContext,
} from '@vidkeep/plugin-kit';

/**
 * A plugin's own copy of the watched state of videos (`<plugin>_video_watch`).
 *
 * The watch-status plugin owns the per-user rows; the plugins that list videos (library, channel
 * videos, playlist videos) cannot join another plugin's table, yet must filter and page by
 * watched state in one query. So each keeps one row per video a media server reported on, kept
 * current from `watch-status.videos.changed` (re-reading the ids through `WatchStatusService`)
 * and filled once after boot while it is empty (emptied at boot when no plugin provides the
 * service). A video without a row is unknown, never unwatched.
 * This file is the one implementation the three plugins share: they differ only in the table.
 */

/** One row of a copy table. */
export interface VideoWatchCopyRow {
  sourceId: string;
  watched: boolean;
  /** JSON text: an array of `<user> (<server>)`. */
  watchedBy: string;
  lastWatchedAt: Date | null;
}

/** The entity of a copy table (`name` unique among entities, `tableName` starting with the plugin id). */
export function watchCopyEntity(name: string, tableName: string): EntityDefinition<VideoWatchCopyRow> {
  return defineEntity<VideoWatchCopyRow>({
    name,
    tableName,
    properties: {
      sourceId: { type: 'string', length: 64, primary: true },
      watched: { type: 'boolean' },
      watchedBy: { type: 'text' },
      lastWatchedAt: { type: 'datetime', nullable: true },
    },
  });
}

/** The watched fields of a listed video (contracts' `watchFields`). */
export interface ListedWatch {
  /** null = unknown: no media server reported on it. */
  watched: boolean | null;
  watched_by: string[];
}

export const UNKNOWN_WATCH: Readonly<ListedWatch> = Object.freeze({ watched: null, watched_by: [] });

/** The SQL a list adds for a watched filter: a condition and its parameters. */
export interface WatchCondition {
  sql: string;
  params: unknown[];
}

/** The channel videos' tri-state on watched (`only` = watched, `exclude` = not watched, unknown included). */
export type WatchedTriState = 'off' | 'only' | 'exclude';

/** Column aliases the select list gives the copy's columns, read back by `fields`. */
const WATCHED = 'watch_watched';
const WATCHED_BY = 'watch_watched_by';

export const WATCH_COPY_CHUNK = 500;

export interface WatchCopyDeps {
  orm: Orm;
  /** The copy table (`<plugin>_video_watch`). */
  table: string;
  /** The watch-status service, resolved when needed (the plugin providing it registers later, or never). */
  service: () => WatchStatusService | undefined;
  logger: PluginLogger;
  /** After rows changed (committed): caches of pages and totals must be forgotten. */
  onChange?: () => void;
  /** Ids per `watchOf` call and per transaction. */
  chunkSize?: number;
}

/**
 * Keeps one copy table current and gives the SQL to list with it. Updates run one at a time in
 * arrival order, so an older answer never overwrites a newer one.
 */
export class WatchCopy {
  private readonly sql: Sql;
  private readonly chunk: number;
  private queue: Promise<void> = Promise.resolve();
  /** `filling`: the copy was found empty and a fill started (a failed one is finished later even though rows exist). */
  private fill: 'pending' | 'filling' | 'done' = 'pending';

  constructor(private readonly deps: WatchCopyDeps) {
    this.sql = new Sql(deps.orm);
    this.chunk = deps.chunkSize ?? WATCH_COPY_CHUNK;
    if (!/^[a-z][a-z0-9_]*$/.test(deps.table)) throw new Error(`Invalid watch copy table name "${deps.table}"`);
  }

  /**
   * Re-reads these ids from the service: known ones are written, absent ones deleted (unknown).
   * Resolves when this update (and every earlier one) is done; failures are logged, not thrown.
   */
  refresh(sourceIds: readonly string[]): Promise<void> {
    const ids = [...new Set(sourceIds)];
    return this.enqueue('refresh', async () => {
      await this.fillOnce().catch((err: unknown) => this.failed('fill', err));
      const service = this.deps.service();
      if (!service || ids.length === 0) return;
      for (let i = 0; i < ids.length; i += this.chunk) {
        const chunk = ids.slice(i, i + this.chunk);
        const known = await service.watchOf(chunk);
        await this.write(
          chunk.filter((id) => known.has(id)).map((id) => [id, known.get(id)!] as const),
          chunk.filter((id) => !known.has(id)),
        );
      }
    });
  }

  /**
   * After boot, in the background: with the service, an empty copy is filled once with
   * everything it knows; without it nothing is known, so a copy left from an earlier run (the
   * watch-status plugin since switched off) is emptied and every video shows as unknown. That
   * also makes the copy empty, so it is filled again when the service comes back.
   */
  atBoot(): Promise<void> {
    return this.enqueue('boot', async () => {
      if (this.deps.service()) return this.fillOnce();
      const any = await this.sql.one(`select source_id from ${this.deps.table} limit 1`);
      if (!any) return;
      await this.sql.run(`delete from ${this.deps.table}`);
      this.deps.onChange?.();
      this.deps.logger.info({ table: this.deps.table }, 'No watch-status service: the watched state copy was emptied');
    });
  }

  /** Resolves when every update queued so far is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** `left join` of the copy as `alias` on a listed table's source id column. */
  join(alias: string, sourceIdColumn: string): string {
    return `left join ${this.deps.table} ${alias} on ${alias}.source_id = ${sourceIdColumn}`;
  }

  /**
   * A page with the watched columns. `page` is the plugin's own page query (`select <alias>.* …
   * order by … limit ? offset ?`, joining the copy itself only when it filters on it); the copy is
   * joined to that page's rows alone, so rows skipped by the offset cost no lookup (the last page
   * of 20,000 videos stays as fast as the first), and `order` sorts the page again over its columns
   * as `p.<column>`. Read the rows with `fields`.
   */
  pageQuery(page: string, order: string): string {
    return `select p.*, ${this.columns('w')} from (${page}) p ${this.join('w', 'p.source_id')} order by ${order}`;
  }

  /** The copy's columns for the select list (read back with `fields`). */
  columns(alias: string): string {
    return `${alias}.watched as ${WATCHED}, ${alias}.watched_by as ${WATCHED_BY}`;
  }

  /**
   * The condition of `watchedState` over the joined copy: `watched`, `unwatched` (known and not
   * watched), `unknown` (no row); `any` adds none.
   */
  stateCondition(alias: string, state: WatchedState): WatchCondition | null {
    switch (state) {
      case 'watched':
        return { sql: `${alias}.watched = ?`, params: [true] };
      case 'unwatched':
        return { sql: `${alias}.watched = ?`, params: [false] };
      case 'unknown':
        return { sql: `${alias}.source_id is null`, params: [] };
      default:
        return null;
    }
  }

  /** The tri-state of the specification: `only` = watched, `exclude` = not watched (unknown included). */
  triStateCondition(alias: string, filter: WatchedTriState): WatchCondition | null {
    if (filter === 'only') return { sql: `${alias}.watched = ?`, params: [true] };
    if (filter === 'exclude') return { sql: `(${alias}.source_id is null or ${alias}.watched = ?)`, params: [false] };
    return null;
  }

  /** The watched fields of a row selected with `columns`. */
  fields(row: Record<string, unknown>): ListedWatch {
    const watched = row[WATCHED];
    if (watched === null || watched === undefined) return { watched: null, watched_by: [] };
    const by = readJson<unknown>(row[WATCHED_BY]);
    return { watched: readBool(watched), watched_by: Array.isArray(by) ? by.map(String) : [] };
  }

  /** The watched fields of a few videos read on their own (one video's page, a status lookup). */
  async of(sourceIds: readonly string[]): Promise<Map<string, ListedWatch>> {
    const out = new Map<string, ListedWatch>();
    const ids = [...new Set(sourceIds)];
    for (let i = 0; i < ids.length; i += this.chunk) {
      const chunk = ids.slice(i, i + this.chunk);
      const rows = await this.sql.all(
        `select source_id, ${this.columns(this.deps.table)} from ${this.deps.table}
          where source_id in (${chunk.map(() => '?').join(',')})`,
        chunk,
      );
      for (const r of rows) out.set(String(r.source_id), this.fields(r));
    }
    return out;
  }

  private enqueue(what: string, work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work).catch((err: unknown) => this.failed(what, err));
    this.queue = run;
    return run;
  }

  private failed(what: string, err: unknown): void {
    this.deps.logger.error({ err, table: this.deps.table }, `Updating the watched state copy failed (${what})`);
  }

  /**
   * The fill happens before the first update of this process, whichever comes first (the boot's
   * fill or a change event), so a change announced early cannot make the copy look filled.
   */
  private async fillOnce(): Promise<void> {
    if (this.fill === 'done') return;
    const service = this.deps.service();
    if (!service) return;
    if (this.fill === 'pending') {
      const any = await this.sql.one(`select source_id from ${this.deps.table} limit 1`);
      this.fill = any ? 'done' : 'filling';
      if (this.fill === 'done') return;
    }
    const all = [...(await service.watchOfAll())];
    for (let i = 0; i < all.length; i += this.chunk) await this.write(all.slice(i, i + this.chunk), []);
    if (all.length) this.deps.logger.info({ videos: all.length, table: this.deps.table }, 'Watched state copied');
    // Only once it worked: a failed fill is tried again before the next update.
    this.fill = 'done';
  }

  /** Upserts known states and deletes absent ids, in one transaction. */
  private async write(known: readonly (readonly [string, VideoWatch])[], absent: readonly string[]): Promise<void> {
    if (known.length === 0 && absent.length === 0) return;
    const { table } = this.deps;
    await this.sql.transaction(async (run) => {
      if (known.length) {
        const params: unknown[] = [];
        for (const [id, w] of known)
          params.push(id, w.watched, JSON.stringify(w.watchedBy), this.sql.date(w.lastWatchedAt));
        await run(
          `insert into ${table} (source_id, watched, watched_by, last_watched_at)
           values ${known.map(() => '(?, ?, ?, ?)').join(',')}
           on conflict (source_id) do update set
             watched = excluded.watched, watched_by = excluded.watched_by, last_watched_at = excluded.last_watched_at`,
          params,
        );
      }
      if (absent.length) {
        await run(`delete from ${table} where source_id in (${absent.map(() => '?').join(',')})`, [...absent]);
      }
    });
    this.deps.onChange?.();
  }
}

/**
 * Wires a plugin's copy (its entity made with `watchCopyEntity` and listed in the plugin's
 * `entities`; the plugin lists `watchStatusServiceRef` in `optionalConsumes`): subscribes to
 * `watch-status.videos.changed`, runs `atBoot` in the background after every plugin registered (the
 * first HTTP answer never waits for it) and waits for pending updates at shutdown.
 */
export function keepWatchCopy(
  ctx: PluginContext,
  options: { entity: EntityDefinition<VideoWatchCopyRow>; onChange?: () => void; chunkSize?: number },
): WatchCopy {
  const copy = new WatchCopy({
    orm: ctx.orm,
    table: options.entity.tableName,
    service: () => ctx.tryResolve(watchStatusServiceRef),
    logger: ctx.logger,
    onChange: options.onChange,
    chunkSize: options.chunkSize,
  });
  ctx.events.subscribe(WatchStatusEvents.videosChanged, ({ sourceIds }) => copy.refresh(sourceIds));
  ctx.onReady(() => {
    void copy.atBoot();
  });
  ctx.onClose(() => copy.idle());
  return copy;
}
