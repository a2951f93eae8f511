import { chmod, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sqlite';
import type { PluginLogger } from '@vidkeep/contracts';
import { entitySchemaOf, type EntityDefinition } from '../plugin-api/entities.js';
import { BootErrorCodes, PluginBootError } from '../manifest/boot-error.js';

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

/**
 * The migrations a plugin ships in its definition. They run after the built-in timeline, plugin by
 * plugin in boot order, and are recorded as `<plugin id>:<name>`, so their names never meet the
 * timeline's or another plugin's. With `tablePrefix`, the migrations may create, change or drop
 * only tables (and their indexes and triggers) whose names start with it: anything else rolls
 * the plugin's pending migrations back and stops the start.
 */
export interface PluginMigrations {
  pluginId: string;
  migrations: MigrationEntry[];
  tablePrefix?: string;
}

export interface OpenDatabaseOptions {
  file: string;
  /** The plugins' entities (`defineEntity`, or a 1.x plugin's `EntitySchema`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities: (EntityDefinition<any> | EntitySchema<any>)[];
  /** The built-in timeline (`migrations/`). */
  migrations: MigrationEntry[];
  pluginMigrations?: PluginMigrations[];
  logger: PluginLogger;
}

/** The name a plugin's migration is recorded under in `mikro_orm_migrations`. */
export const pluginMigrationName = (pluginId: string, name: string) => `${pluginId}:${name}`;

/**
 * Opens the SQLite file (WAL, 5 s busy timeout) and applies every pending migration. Migrations
 * are tracked in `mikro_orm_migrations`, so running this again on the same file is a no-op: a
 * single query compares the applied names with the timeline, and only when one is missing are the
 * migrator and the migration modules loaded.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Orm> {
  await mkdir(dirname(options.file), { recursive: true });
  await keepPrivate(options.file);
  const timeline = [...options.migrations].sort((a, b) => a.name.localeCompare(b.name));
  const orm = await MikroORM.init({
    dbName: options.file,
    entities: options.entities.map(entitySchemaOf),
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
    for (const plugin of options.pluginMigrations ?? []) {
      const named = plugin.migrations
        .map((m) => ({ ...m, name: pluginMigrationName(plugin.pluginId, m.name) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      if (named.some((m) => !applied.has(m.name))) await migratePlugin(orm, plugin, named, options.logger);
    }
  } catch (err) {
    await orm.close(true);
    throw err;
  }
  return orm;
}

/**
 * The database holds webhook secrets and session hashes: like `config.json` it is readable by its
 * owner only (0600). Created that way before SQLite opens it, an older file is narrowed, and so
 * are its `-wal` and `-shm` (SQLite gives new ones the database file's mode).
 */
async function keepPrivate(file: string): Promise<void> {
  await (await open(file, 'a', 0o600)).close();
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    await chmod(path, 0o600).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
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

/** A migrator for one list of migrations (the migration machinery is imported only here). */
async function migratorFor(orm: Orm, list: MigrationEntry[]) {
  const { Migrator } = await import('@mikro-orm/migrations');
  const migrationsList = await Promise.all(
    list.map(async (m): Promise<MigrationObject> => ('class' in m ? m : { name: m.name, class: await m.load() })),
  );
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
  return new Migrator(orm.em);
}

async function migrate(orm: Orm, timeline: MigrationEntry[], logger: PluginLogger): Promise<void> {
  const migrator = await migratorFor(orm, timeline);
  const pending = await migrator.getPendingMigrations();
  if (pending.length === 0) return;
  logger.info({ migrations: pending.map((m) => m.name) }, `Applying ${pending.length} database migration(s)`);
  await migrator.up();
}

/** The Migrator's own step that `up({ transaction })` takes once its table exists. */
interface InTransaction {
  runInTransaction(trx: unknown, method: 'up', options: object): Promise<unknown>;
}

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/**
 * Applies one plugin's pending migrations in one transaction. With a table prefix, the schema
 * objects before and after are compared inside that transaction: a migration that created,
 * changed or dropped anything outside the plugin's tables is rolled back with its record.
 */
async function migratePlugin(
  orm: Orm,
  plugin: PluginMigrations,
  named: MigrationEntry[],
  logger: PluginLogger,
): Promise<void> {
  const { pluginId, tablePrefix } = plugin;
  let migrator: Awaited<ReturnType<typeof migratorFor>>;
  try {
    migrator = await migratorFor(orm, named);
  } catch (err) {
    throw new PluginBootError(
      BootErrorCodes.migrationFailed,
      pluginId,
      `loading its migrations failed: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const pending = await migrator.getPendingMigrations();
  if (pending.length === 0) return;
  logger.info(
    { plugin: pluginId, migrations: pending.map((m) => m.name) },
    `Applying ${pending.length} database migration(s) of plugin "${pluginId}"`,
  );
  const connection = orm.em.getConnection();
  const owned = (object: SchemaObject) =>
    tablePrefix === undefined ||
    object.tbl_name === tablePrefix ||
    object.tbl_name.startsWith(`${tablePrefix}_`) ||
    object.name.startsWith('sqlite_') ||
    object.tbl_name === MIGRATIONS_TABLE;
  const schema = async (trx: unknown) =>
    new Map(
      (
        await connection.execute<SchemaObject[]>(
          `select type, name, tbl_name, sql from sqlite_master`,
          [],
          'all',
          trx as never,
        )
      ).map((o) => [`${o.type} ${o.name}`, o]),
    );
  try {
    await connection.transactional(async (trx) => {
      const before = await schema(trx);
      // `migrator.up({ transaction })` would first look for its table outside the transaction,
      // which waits forever for the one pooled connection the transaction holds; the table exists
      // (getPendingMigrations made it), so run the migrations straight inside the transaction.
      // MikroORM is pinned to an exact version; the migrations test covers this call.
      await (migrator as unknown as InTransaction).runInTransaction(trx, 'up', {});
      const after = await schema(trx);
      const touched = [...new Set([...before.keys(), ...after.keys()])].filter((key) => {
        const was = before.get(key);
        const is = after.get(key);
        return was?.sql !== is?.sql && !owned((is ?? was)!);
      });
      if (touched.length > 0) {
        const what = touched.map((key) => {
          const [type, name] = key.split(' ');
          return `${after.has(key) ? (before.has(key) ? 'changed' : 'created') : 'dropped'} ${type} "${name}"`;
        });
        throw new PluginBootError(
          BootErrorCodes.notOwned,
          pluginId,
          `its migrations ${what.join(', ')}, but a plugin's migrations may only touch tables named "${tablePrefix}" or "${tablePrefix}_<name>"; nothing was applied`,
        );
      }
    });
  } catch (err) {
    if (err instanceof PluginBootError) throw err;
    throw new PluginBootError(
      BootErrorCodes.migrationFailed,
      pluginId,
      `a database migration failed, nothing of it was applied: ${(err as Error).message}`,
      { cause: err },
    );
  }
}
