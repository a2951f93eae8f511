import { readBool, readDate, readJson, Sql, type Orm } from '@vidkeep/plugin-kit';
import type { WatchStatusRun, WatchStatusUser } from '@vidkeep/contracts';

/** One user's state of one video, as stored. */
export interface WatchState {
  played: boolean;
  playCount: number;
  positionMs: number;
  percentWatched: number | null;
  lastWatchedAt: Date | null;
}

export interface StoredWatch extends WatchState {
  sourceId: string;
  serverType: string;
  serverUserId: string;
  lastSyncedAt: Date;
}

/** A stored row with its user's name and role. */
export interface WatchWithUser extends StoredWatch {
  userName: string;
  primary: boolean;
}

export interface RowWrite extends WatchState {
  sourceId: string;
  serverUserId: string;
}

const CHUNK = 200;
const RUNS_KEPT = 20;
const COLUMNS = [
  'source_id',
  'server_type',
  'server_user_id',
  'played',
  'play_count',
  'position_ms',
  'percent_watched',
  'last_watched_at',
  'last_synced_at',
];

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

function toStored(r: Record<string, unknown>): StoredWatch {
  return {
    sourceId: String(r.source_id),
    serverType: String(r.server_type),
    serverUserId: String(r.server_user_id),
    played: readBool(r.played),
    playCount: Number(r.play_count ?? 0),
    positionMs: Number(r.position_ms ?? 0),
    percentWatched: r.percent_watched === null || r.percent_watched === undefined ? null : Number(r.percent_watched),
    lastWatchedAt: readDate(r.last_watched_at),
    lastSyncedAt: readDate(r.last_synced_at) ?? new Date(0),
  };
}

/** Same state: what a sync compares before it writes anything. */
export const sameState = (a: WatchState, b: WatchState): boolean =>
  a.played === b.played &&
  a.playCount === b.playCount &&
  a.positionMs === b.positionMs &&
  (a.percentWatched === null
    ? b.percentWatched === null
    : Math.abs(a.percentWatched - (b.percentWatched ?? -1)) < 0.01) &&
  (a.lastWatchedAt?.getTime() ?? null) === (b.lastWatchedAt?.getTime() ?? null);

/** The plugin's tables, through raw SQL (a sync compares and writes tens of thousands of rows). */
export class WatchStore {
  private readonly sql: Sql;

  constructor(orm: Orm) {
    this.sql = new Sql(orm);
  }

  /** Every stored row of a server, per user then per video. */
  async rowsOf(serverType: string): Promise<Map<string, Map<string, StoredWatch>>> {
    const rows = await this.sql.all('select * from watch_status_videos where server_type = ?', [serverType]);
    const out = new Map<string, Map<string, StoredWatch>>();
    for (const r of rows) {
      const row = toStored(r);
      const byVideo = out.get(row.serverUserId) ?? new Map<string, StoredWatch>();
      out.set(row.serverUserId, byVideo);
      byVideo.set(row.sourceId, row);
    }
    return out;
  }

  /** Writes changed rows and deletes gone ones of one server, in one transaction. */
  async apply(
    serverType: string,
    upserts: readonly RowWrite[],
    deletes: readonly StoredWatch[],
    now: Date,
  ): Promise<void> {
    if (!upserts.length && !deletes.length) return;
    const nowDb = this.sql.date(now);
    await this.sql.transaction(async (run) => {
      for (let i = 0; i < upserts.length; i += CHUNK) {
        const chunk = upserts.slice(i, i + CHUNK);
        const params = chunk.flatMap((w) => [
          w.sourceId,
          serverType,
          w.serverUserId,
          w.played,
          w.playCount,
          w.positionMs,
          w.percentWatched,
          this.sql.date(w.lastWatchedAt),
          nowDb,
        ]);
        await run(
          `insert into watch_status_videos (${COLUMNS.join(',')}) values ${chunk.map(() => `(${placeholders(COLUMNS.length)})`).join(',')}
           on conflict (source_id, server_type, server_user_id) do update set
             played = excluded.played, play_count = excluded.play_count, position_ms = excluded.position_ms,
             percent_watched = excluded.percent_watched, last_watched_at = excluded.last_watched_at,
             last_synced_at = excluded.last_synced_at`,
          params,
        );
      }
      for (const d of deletes) {
        await run('delete from watch_status_videos where server_type = ? and server_user_id = ? and source_id = ?', [
          serverType,
          d.serverUserId,
          d.sourceId,
        ]);
      }
    });
  }

  async usersOf(serverType: string): Promise<WatchStatusUser[]> {
    const rows = await this.sql.all(
      'select server_user_id, server_user_name, is_primary from watch_status_users where server_type = ? order by id',
      [serverType],
    );
    return rows.map((r) => ({
      serverUserId: String(r.server_user_id),
      name: String(r.server_user_name),
      primary: readBool(r.is_primary),
    }));
  }

  /**
   * Saves a server's users as it listed them: names and roles updated, users it no longer lists
   * removed with their rows. Resolves to the videos whose state changed, those of them a gone or
   * re-roled user had played (`played`: their watched state changed), the rows deleted and how
   * many users are new.
   */
  async saveUsers(
    serverType: string,
    users: readonly WatchStatusUser[],
  ): Promise<{ sourceIds: string[]; played: string[]; rows: number; added: number }> {
    const before = await this.usersOf(serverType);
    const listed = new Set(users.map((u) => u.serverUserId));
    const gone = before.filter((u) => !listed.has(u.serverUserId)).map((u) => u.serverUserId);
    const changed = users.filter((u) => {
      const b = before.find((x) => x.serverUserId === u.serverUserId);
      return !b || b.name !== u.name || b.primary !== u.primary;
    });
    if (!changed.length && !gone.length) return { sourceIds: [], played: [], rows: 0, added: 0 };
    const goneRows = gone.length
      ? await this.sql.all(
          `select source_id, played from watch_status_videos where server_type = ? and server_user_id in (${placeholders(gone.length)})`,
          [serverType, ...gone],
        )
      : [];
    const affected = goneRows.map((r) => String(r.source_id));
    const played = goneRows.filter((r) => readBool(r.played)).map((r) => String(r.source_id));
    await this.sql.transaction(async (run) => {
      for (const u of changed) {
        await run(
          `insert into watch_status_users (server_type, server_user_id, server_user_name, is_primary) values (?, ?, ?, ?)
           on conflict (server_type, server_user_id) do update set
             server_user_name = excluded.server_user_name, is_primary = excluded.is_primary`,
          [serverType, u.serverUserId, u.name.slice(0, 300), u.primary],
        );
      }
      for (const id of gone) {
        await run('delete from watch_status_videos where server_type = ? and server_user_id = ?', [serverType, id]);
        await run('delete from watch_status_users where server_type = ? and server_user_id = ?', [serverType, id]);
      }
    });
    // A user whose role changed changes watched state under the `primary` rule.
    const roleChanged = changed.filter((u) =>
      before.some((b) => b.serverUserId === u.serverUserId && b.primary !== u.primary),
    );
    if (roleChanged.length) {
      const rows = await this.sql.all(
        `select source_id, played from watch_status_videos where server_type = ? and server_user_id in (${placeholders(roleChanged.length)})`,
        [serverType, ...roleChanged.map((u) => u.serverUserId)],
      );
      affected.push(...rows.map((r) => String(r.source_id)));
      played.push(...rows.filter((r) => readBool(r.played)).map((r) => String(r.source_id)));
    }
    const added = changed.filter((u) => !before.some((b) => b.serverUserId === u.serverUserId)).length;
    return { sourceIds: [...new Set(affected)], played: [...new Set(played)], rows: goneRows.length, added };
  }

  /** The provider's cursor of a server, or null for a full scan. */
  async cursor(serverType: string): Promise<string | null> {
    const r = await this.sql.one('select cursor from watch_status_cursors where server_type = ?', [serverType]);
    return r ? String(r.cursor) : null;
  }

  async saveCursor(serverType: string, cursor: string, at: Date): Promise<void> {
    await this.sql.run(
      `insert into watch_status_cursors (server_type, newest_event_at, cursor) values (?, ?, ?)
       on conflict (server_type) do update set newest_event_at = excluded.newest_event_at, cursor = excluded.cursor`,
      [serverType, this.sql.date(at), cursor.slice(0, 200)],
    );
  }

  /** Every row of some videos, with the user's name and role. */
  async withUsers(sourceIds: readonly string[] | null): Promise<WatchWithUser[]> {
    const base = `select v.*, u.server_user_name, u.is_primary from watch_status_videos v
      left join watch_status_users u on u.server_type = v.server_type and u.server_user_id = v.server_user_id`;
    const out: WatchWithUser[] = [];
    const read = (rows: Record<string, unknown>[]) => {
      for (const r of rows)
        out.push({
          ...toStored(r),
          userName:
            r.server_user_name === null || r.server_user_name === undefined
              ? String(r.server_user_id)
              : String(r.server_user_name),
          primary: readBool(r.is_primary),
        });
    };
    if (sourceIds === null) {
      read(await this.sql.all(`${base} order by v.source_id`));
      return out;
    }
    for (let i = 0; i < sourceIds.length; i += 500) {
      const chunk = sourceIds.slice(i, i + 500);
      read(await this.sql.all(`${base} where v.source_id in (${placeholders(chunk.length)})`, chunk));
    }
    return out;
  }

  /** Every video with at least one row. */
  async knownSourceIds(): Promise<string[]> {
    return (await this.sql.all('select distinct source_id from watch_status_videos')).map((r) => String(r.source_id));
  }

  async startRun(trigger: string, startedAt: Date): Promise<number> {
    await this.sql.run('insert into watch_status_runs (trigger, started_at, outcome) values (?, ?, ?)', [
      trigger,
      this.sql.date(startedAt),
      JSON.stringify({ servers: {} }),
    ]);
    const r = await this.sql.one<{ id: number }>('select max(id) as id from watch_status_runs');
    return Number(r?.id);
  }

  async finishRun(
    id: number,
    completedAt: Date,
    outcome: Pick<WatchStatusRun, 'servers' | 'skipped' | 'error'>,
  ): Promise<void> {
    await this.sql.run('update watch_status_runs set completed_at = ?, outcome = ? where id = ?', [
      this.sql.date(completedAt),
      JSON.stringify(outcome),
      id,
    ]);
    await this.sql.run(
      `delete from watch_status_runs where id not in (select id from (select id from watch_status_runs order by id desc limit ${RUNS_KEPT}) kept)`,
    );
  }

  /** A run left without an end by a stopped server is closed with that reason. */
  async closeInterrupted(): Promise<void> {
    await this.sql.run(
      'update watch_status_runs set completed_at = started_at, outcome = ? where completed_at is null',
      [JSON.stringify({ servers: {}, error: 'The server stopped while this sync was running' })],
    );
  }

  async lastRun(): Promise<WatchStatusRun | null> {
    const r = await this.sql.one('select * from watch_status_runs order by id desc limit 1');
    if (!r) return null;
    const outcome = readJson<Pick<WatchStatusRun, 'servers' | 'skipped' | 'error'>>(r.outcome) ?? { servers: {} };
    const completed = readDate(r.completed_at);
    return {
      trigger: String(r.trigger) as WatchStatusRun['trigger'],
      startedAt: (readDate(r.started_at) ?? new Date(0)).toISOString(),
      completedAt: completed ? completed.toISOString() : null,
      servers: outcome.servers ?? {},
      ...(outcome.skipped ? { skipped: outcome.skipped } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
    };
  }
}
