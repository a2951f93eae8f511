import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
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

export interface OpenDatabaseOptions {
  file: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities: EntitySchema<any>[];
  migrations: MigrationObject[];
  logger: PluginLogger;
}

/**
 * Opens the SQLite file (WAL, 5 s busy timeout) and applies every pending migration. Migrations
 * are tracked in `mikro_orm_migrations`, so running this again on the same file is a no-op.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Orm> {
  await mkdir(dirname(options.file), { recursive: true });
  const orm = await MikroORM.init({
    dbName: options.file,
    entities: options.entities,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: [...options.migrations].sort((a, b) => a.name.localeCompare(b.name)),
      tableName: 'mikro_orm_migrations',
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
    const migrator = orm.getMigrator();
    const pending = await migrator.getPendingMigrations();
    if (pending.length > 0) {
      options.logger.info(
        { migrations: pending.map((m) => m.name) },
        `Applying ${pending.length} database migration(s)`,
      );
      await migrator.up();
    }
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return orm;
}
