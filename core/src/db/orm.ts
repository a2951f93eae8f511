import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sqlite';
import type { PluginLogger } from '@vidkeep/contracts';

export type Orm = MikroORM;

/** Connection settings applied to every SQLite connection. */
const PRAGMAS = [
  'PRAGMA journal_mode = WAL',
  'PRAGMA busy_timeout = 5000',
  'PRAGMA synchronous = NORMAL',
  'PRAGMA foreign_keys = ON',
];

interface SqliteConn {
  exec(sql: string, cb: (err: Error | null) => void): void;
}

/**
 * A migration of the timeline: either its class, or a loader that imports it only when it has to
 * run. Loaders keep the migration machinery (`@mikro-orm/migrations` and its ~300 modules) out of
 * every start where the database is already up to date.
 */
export type MigrationEntry = MigrationObject | { name: string; load(): Promise<MigrationObject['class']> };

export interface OpenDatabaseOptions {
  file: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities: EntitySchema<any>[];
  migrations: MigrationEntry[];
  logger: PluginLogger;
}

/**
 * Opens the SQLite file (WAL, 5 s busy timeout) and applies every pending migration. Migrations
 * are tracked in `mikro_orm_migrations`, so running this again on the same file is a no-op: a
 * single query compares the applied names with the timeline, and only when one is missing are the
 * migrator and the migration modules loaded.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Orm> {
  await mkdir(dirname(options.file), { recursive: true });
  const timeline = [...options.migrations].sort((a, b) => a.name.localeCompare(b.name));
  const orm = await MikroORM.init({
    dbName: options.file,
    entities: options.entities,
    discovery: { warnWhenNoEntities: false },
    migrations: {
      tableName: MIGRATIONS_TABLE,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: SqliteConn, done: (err: Error | null, conn: SqliteConn) => void) => {
        conn.exec(`${PRAGMAS.join(';\n')};`, (err) => done(err, conn));
      },
    },
    allowGlobalContext: false,
    debug: false,
    logger: (message) => options.logger.debug(message),
  });
  try {
    const applied = await appliedMigrations(orm);
    if (timeline.some((m) => !applied.has(m.name))) await migrate(orm, timeline, options.logger);
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return orm;
}

const MIGRATIONS_TABLE = 'mikro_orm_migrations';

async function appliedMigrations(orm: Orm): Promise<Set<string>> {
  const connection = orm.em.getConnection();
  const table = await connection.execute<{ n: number }[]>(
    `select count(*) as n from sqlite_master where type = 'table' and name = ?`,
    [MIGRATIONS_TABLE],
  );
  if (Number(table[0]?.n ?? 0) === 0) return new Set();
  const rows = await connection.execute<{ name: string }[]>(`select name from ${MIGRATIONS_TABLE}`);
  return new Set(rows.map((r) => r.name));
}

async function migrate(orm: Orm, timeline: MigrationEntry[], logger: PluginLogger): Promise<void> {
  const { Migrator } = await import('@mikro-orm/migrations');
  const migrationsList = await Promise.all(
    timeline.map(async (m): Promise<MigrationObject> => ('class' in m ? m : { name: m.name, class: await m.load() })),
  );
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
  const migrator = new Migrator(orm.em);
  const pending = await migrator.getPendingMigrations();
  if (pending.length === 0) return;
  logger.info({ migrations: pending.map((m) => m.name) }, `Applying ${pending.length} database migration(s)`);
  await migrator.up();
}
