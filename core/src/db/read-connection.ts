import { createRequire } from 'node:module';
import type { Database, Statement } from 'sqlite3';
import type { Orm } from './orm.js';

/** Prepared statements kept per read connection (oldest dropped first). */
const MAX_STATEMENTS = 200;

/**
 * A second, read-only SQLite connection for hot list reads, with prepared statements kept.
 * In WAL mode readers never wait for the writer and see every committed write; going through the
 * ORM's connection (knex, its one-connection pool, a statement prepared per call) cost about
 * twice as much per page. Not for reads inside a transaction: they would not see its own writes.
 */
export class ReadConnection {
  private db: Database | null = null;
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly file: string) {}

  private open(): Database {
    if (!this.db) {
      const sqlite3 = createRequire(import.meta.url)('sqlite3') as typeof import('sqlite3');
      // An open failure reaches the callers through `prepare`'s error.
      this.db = new sqlite3.Database(this.file, sqlite3.OPEN_READONLY, () => undefined);
      this.db.configure('busyTimeout', 5000);
    }
    return this.db;
  }

  private prepared(sql: string): Promise<Statement> {
    const known = this.statements.get(sql);
    if (known) {
      // Most recently used last.
      this.statements.delete(sql);
      this.statements.set(sql, known);
      return Promise.resolve(known);
    }
    return new Promise((resolve, reject) => {
      const stmt = this.open().prepare(sql, (err: Error | null) => {
        if (err) {
          reject(err);
          return;
        }
        this.statements.set(sql, stmt);
        if (this.statements.size > MAX_STATEMENTS) {
          const [oldest, old] = this.statements.entries().next().value as [string, Statement];
          this.statements.delete(oldest);
          old.finalize();
        }
        resolve(stmt);
      });
    });
  }

  async all<T>(sql: string, params: unknown[]): Promise<T[]> {
    const stmt = await this.prepared(sql);
    return new Promise((resolve, reject) => {
      stmt.all(params.map(bindable), (err: Error | null, rows: T[]) => (err ? reject(err) : resolve(rows)));
    });
  }

  close(): Promise<void> {
    const db = this.db;
    this.db = null;
    if (!db) return Promise.resolve();
    for (const stmt of this.statements.values()) stmt.finalize();
    this.statements.clear();
    return new Promise((resolve) => db.close(() => resolve()));
  }
}

/** Booleans and dates bound as the ORM's driver binds them (1/0, epoch milliseconds). */
function bindable(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value;
}

const readers = new WeakMap<Orm, ReadConnection | null>();

/** The read connection of an ORM's SQLite file, or null for another database or `:memory:`. */
export function readConnectionOf(orm: Orm): ReadConnection | null {
  let reader = readers.get(orm);
  if (reader === undefined) {
    const file = orm.config.get('dbName');
    const sqlite = orm.config.getDriver().constructor.name === 'SqliteDriver';
    reader = sqlite && file && file !== ':memory:' ? new ReadConnection(file) : null;
    readers.set(orm, reader);
  }
  return reader;
}

/** Closes the read connection of an ORM (called when the app closes). */
export async function closeReadConnection(orm: Orm): Promise<void> {
  const reader = readers.get(orm);
  readers.delete(orm);
  await reader?.close();
}
