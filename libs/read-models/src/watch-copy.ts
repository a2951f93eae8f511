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
import { ReadModel, wireReadModel, type ReadModelCopy, type ReadModelSource } from './read-model.js';

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

/** The watched state, as the watch-status plugin owns it: the source of every watch copy. */
export const watchedState: ReadModelSource<WatchStatusService, VideoWatch> = {
  name: 'watched state',
  service: watchStatusServiceRef,
  changes: [{ event: WatchStatusEvents.videosChanged, ids: ({ sourceIds }) => sourceIds }],
  read: (service, ids) => service.watchOf(ids),
  readAll: (service) => service.watchOfAll(),
  // Per-user rows of every video: large, and only changed while this plugin runs.
  atBoot: 'fill-when-empty',
  // Without the service nothing is known: every video shows as unknown, never unwatched.
  withoutService: 'clear',
};

/**
 * One copy table of the watched state: the `ReadModel` keeps it current (`refresh`, `atBoot`,
 * `idle`), and it gives the SQL to list with it.
 */
export class WatchCopy {
  private readonly sql: Sql;
  private readonly chunk: number;
  /** The read model that keeps this table current. */
  readonly model: ReadModel<WatchStatusService, VideoWatch>;

  constructor(private readonly deps: WatchCopyDeps) {
    this.sql = new Sql(deps.orm);
    this.chunk = deps.chunkSize ?? WATCH_COPY_CHUNK;
    if (!/^[a-z][a-z0-9_]*$/.test(deps.table)) throw new Error(`Invalid watch copy table name "${deps.table}"`);
    this.model = new ReadModel(watchedState, this.tableCopy(), {
      service: deps.service,
      logger: deps.logger,
      chunkSize: this.chunk,
    });
  }

  /**
   * Re-reads these ids from the service: known ones are written, absent ones deleted (unknown).
   * Resolves when this update (and every earlier one) is done; failures are logged, not thrown.
   */
  refresh(sourceIds: readonly string[]): Promise<void> {
    return this.model.refresh(sourceIds);
  }

  /**
   * After boot, in the background: with the service, an empty copy is filled once with
   * everything it knows; without it nothing is known, so a copy left from an earlier run (the
   * watch-status plugin since switched off) is emptied and every video shows as unknown. That
   * also makes the copy empty, so it is filled again when the service comes back.
   */
  atBoot(): Promise<void> {
    return this.model.atBoot();
  }

  /** Resolves when every update queued so far is done. */
  idle(): Promise<void> {
    return this.model.idle();
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

  /** The table as a read model's copy: known states upserted, absent ids deleted, in one transaction. */
  private tableCopy(): ReadModelCopy<VideoWatch> {
    const { table } = this.deps;
    return {
      apply: async (values) => {
        const known = [...values].filter((e): e is [string, VideoWatch] => e[1] !== null);
        const absent = [...values.keys()].filter((id) => values.get(id) === null);
        await this.write(known, absent);
      },
      heldIds: async () =>
        (await this.sql.all<{ source_id: string }>(`select source_id from ${table}`)).map((r) => r.source_id),
      isEmpty: async () => !(await this.sql.one(`select source_id from ${table} limit 1`)),
      clear: async () => {
        if (!(await this.sql.one(`select source_id from ${table} limit 1`))) return false;
        await this.sql.run(`delete from ${table}`);
        this.deps.onChange?.();
        return true;
      },
    };
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
  wireReadModel(ctx, copy.model);
  return copy;
}
