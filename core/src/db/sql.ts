import type { Orm as PluginOrm } from '../plugin-api/orm.js';
import type { Orm } from './orm.js';
import { coreOrm } from './plugin-orm.js';
import { readConnectionOf } from './read-connection.js';

/** Raw SQL helpers: hot read paths and bulk upserts skip the ORM's unit of work. */
export class Sql {
  private readonly orm: Orm;

  /** `orm`: the plugin's `ctx.orm`. */
  constructor(orm: PluginOrm) {
    this.orm = coreOrm(orm);
  }

  /** A Date as the driver stores it (SQLite: epoch milliseconds). */
  date(value: Date | null): unknown {
    return value === null ? null : this.orm.em.getPlatform().processDateProperty(value);
  }

  all<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.orm.em.getConnection().execute<T[]>(sql, params as never[], 'all');
  }

  /**
   * A hot list read of committed data: on SQLite through a second, read-only connection with
   * prepared statements (see ReadConnection), elsewhere like `all`. Never inside a transaction.
   */
  read<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const reader = readConnectionOf(this.orm);
    return reader ? reader.all<T>(sql, params) : this.all<T>(sql, params);
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | null> {
    const rows = await this.all<T>(sql, params);
    return rows[0] ?? null;
  }

  run(sql: string, params: unknown[] = []): Promise<unknown> {
    return this.orm.em.getConnection().execute(sql, params as never[], 'run');
  }

  /** Runs statements in one transaction. */
  async transaction(work: (run: (sql: string, params: unknown[]) => Promise<unknown>) => Promise<void>): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      const ctx = em.getTransactionContext();
      await work((sql, params) => em.getConnection().execute(sql, params as never[], 'run', ctx));
    });
  }
}

/** A date column read through raw SQL (number in SQLite, Date or string elsewhere). */
export function readDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const d = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as number | string));
  return Number.isNaN(d.getTime()) ? null : d;
}

export const readBool = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't';

/** A nullable number column read through raw SQL (drivers may hand back bigint or string). */
export const readNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A nullable text column read through raw SQL. */
export const readText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export function readJson<T>(value: unknown): T | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** Escapes LIKE wildcards so a search for `100%` means the text, not a pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
