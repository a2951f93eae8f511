/**
 * An upgrade from a real older release: the database and config file of vidkeep f67dcc2, made by
 * that release itself (tests/fixtures/db/README.md), start the current app. The library tables
 * move from the downloader to the library plugin (`downloader_videos` -> `library_videos`, …) and
 * the rescan task's history to `library.rescan-files`; everything a user had is still there.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite3 from 'sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { PluginLogger } from '@vidkeep/contracts';
import { login, openDatabase, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { builtinMigrations } from '@vidkeep/migrations';

const FIXTURE = fileURLToPath(new URL('../fixtures/db/', import.meta.url));
const MIGRATION = '20261129000000_library_tables';
/** The tables that move, old name -> new name. */
const RENAMED: Record<string, string> = {
  downloader_videos: 'library_videos',
  downloader_subfolders: 'library_subfolders',
  downloader_video_watch: 'library_video_watch',
  downloader_file_scans: 'library_file_scans',
};

const h = new TestHarness();
afterEach(() => h.closeAll());

type Row = Record<string, unknown>;

const silent = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent } as unknown as PluginLogger;

/** Runs `work` on the SQLite file with the plain driver (no app, no migrations). */
async function withFile<T>(file: string, work: (db: sqlite3.Database) => Promise<T>): Promise<T> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(file, (err) => (err ? reject(err) : resolve(opened)));
  });
  try {
    return await work(db);
  } finally {
    await new Promise<void>((resolve, reject) => db.close((err) => (err ? reject(err) : resolve())));
  }
}

const all = (db: sqlite3.Database, sql: string) =>
  new Promise<Row[]>((resolve, reject) => db.all(sql, (err, rows: Row[]) => (err ? reject(err) : resolve(rows))));

/** Every table with its row count (SQLite's own bookkeeping left out). */
async function counts(rows: (sql: string) => Promise<Row[]>): Promise<Record<string, number>> {
  const tables = await rows(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await rows(`select count(*) as n from "${String(name)}"`);
    out[String(name)] = Number(n);
  }
  return out;
}

/** The indexes of some tables as `table: index names`, sorted. */
async function indexes(rows: (sql: string) => Promise<Row[]>, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const found = await rows(
      `select name from sqlite_master where type = 'index' and tbl_name = '${table}' and name not like 'sqlite_%' order by name`,
    );
    out[table] = found.map((r) => String(r.name));
  }
  return out;
}

interface Fixture {
  dir: string;
  file: string;
  counts: Record<string, number>;
  indexes: Record<string, string[]>;
  migrations: Row[];
}

/**
 * A boot directory holding the f67dcc2 database and config file where the app looks for them
 * (`<dir>/config/vidkeep.db` and `config.json`), with what the fixture holds before any start.
 */
async function restoreFixture(): Promise<Fixture> {
  const dir = await h.dir();
  const configDir = join(dir, 'config');
  await mkdir(configDir, { recursive: true });
  const file = join(configDir, 'vidkeep.db');
  const dump = await readFile(join(FIXTURE, 'f67dcc2.sql'), 'utf8');
  const before = await withFile(file, async (db) => {
    await new Promise<void>((resolve, reject) => db.exec(dump, (err) => (err ? reject(err) : resolve())));
    const rows = (sql: string) => all(db, sql);
    return {
      counts: await counts(rows),
      indexes: await indexes(rows, Object.keys(RENAMED)),
      migrations: await rows('select id, name from mikro_orm_migrations order by id'),
    };
  });
  await copyFile(join(FIXTURE, 'f67dcc2.config.json'), join(configDir, 'config.json'));
  return { dir, file, ...before };
}

const query = (t: TestApp, sql: string) => t.app.vidkeep.orm.em.fork().getConnection().execute<Row[]>(sql);

interface ListedVideo {
  sourceId: string;
  title: string;
  subfolder: string | null;
  removed: boolean;
  protected: boolean;
  missingAt: string | null;
  normalized_rating: string | null;
  rating_source: string | null;
  watched: boolean | null;
  watched_by: string[];
}

const shown = (v: ListedVideo) => ({
  sourceId: v.sourceId,
  title: v.title,
  subfolder: v.subfolder,
  removed: v.removed,
  protected: v.protected,
  missingAt: v.missingAt,
  normalized_rating: v.normalized_rating,
  rating_source: v.rating_source,
  watched: v.watched,
  watched_by: v.watched_by,
});

/** The fixture's library as `GET /api/videos` shows it (newest download first). */
const LIBRARY = [
  {
    sourceId: 'ddddddddddd',
    title: 'A missing video',
    subfolder: null,
    removed: false,
    protected: false,
    missingAt: '2026-11-22T03:30:01.000Z',
    normalized_rating: null,
    rating_source: null,
    watched: null,
    watched_by: [],
  },
  {
    sourceId: 'ccccccccccc',
    title: 'A rated video',
    subfolder: null,
    removed: false,
    protected: false,
    missingAt: null,
    normalized_rating: 'TV-PG',
    rating_source: 'Manual Override',
    watched: false,
    watched_by: [],
  },
  {
    sourceId: 'bbbbbbbbbbb',
    title: 'A protected video',
    subfolder: 'Kids',
    removed: false,
    protected: true,
    missingAt: null,
    normalized_rating: null,
    rating_source: null,
    watched: null,
    watched_by: [],
  },
  {
    sourceId: 'aaaaaaaaaaa',
    title: 'A plain video',
    subfolder: null,
    removed: false,
    protected: false,
    missingAt: null,
    normalized_rating: null,
    rating_source: null,
    watched: true,
    watched_by: ['alice (Plex)'],
  },
];

describe('upgrading a database of vidkeep f67dcc2 (the library tables move to the library plugin)', () => {
  it('keeps every row, under the new table names', async () => {
    const fixture = await restoreFixture();
    expect(fixture.counts.downloader_videos).toBe(5);
    expect(fixture.migrations.map((m) => m.name)).not.toContain(MIGRATION);

    const t = await h.boot({ dir: fixture.dir });
    const after = await counts((sql) => query(t, sql));

    for (const [from, to] of Object.entries(RENAMED)) {
      expect(after, `${from} is gone`).not.toHaveProperty(from);
      expect(after[to], `${to} holds the rows of ${from}`).toBe(fixture.counts[from]);
    }
    // Every other table of the old release holds what it held (the migrations table gains rows).
    for (const [table, n] of Object.entries(fixture.counts)) {
      if (table in RENAMED || table === 'mikro_orm_migrations') continue;
      expect(after[table], table).toBe(n);
    }
    expect(after.downloader_jobs).toBe(1);
    expect(after.downloader_job_videos).toBe(5);

    // The old release's migrations stay recorded; this one is applied on top of them.
    const applied = await query(t, 'select id, name from mikro_orm_migrations order by id');
    expect(applied.slice(0, fixture.migrations.length)).toEqual(fixture.migrations);
    expect(applied.map((m) => m.name)).toContain(MIGRATION);
    const line = t.logs.find((l) => String(l.msg).includes('database migration'));
    expect(line?.migrations).toContain(MIGRATION);

    // The next id of a video or subfolder continues after the old ones.
    const sequences = await query(
      t,
      "select name, seq from sqlite_sequence where name in ('library_videos', 'library_subfolders', 'library_file_scans') order by name",
    );
    expect(sequences).toEqual([
      { name: 'library_file_scans', seq: 1 },
      { name: 'library_subfolders', seq: 2 },
      { name: 'library_videos', seq: 5 },
    ]);
  });

  it('leaves the schema exactly as the entities describe it, indexes named after the new tables', async () => {
    const fixture = await restoreFixture();
    const t = await h.boot({ dir: fixture.dir });
    const diff = await t.app.vidkeep.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');

    const rows = (sql: string) => query(t, sql);
    const renamed = await indexes(rows, Object.values(RENAMED));
    for (const [from, to] of Object.entries(RENAMED)) {
      expect(renamed[to], to).toEqual(fixture.indexes[from].map((name) => name.replace(from, to)).sort());
    }
    expect(renamed.library_videos).toEqual([
      'library_videos_channel_id_index',
      'library_videos_removed_downloaded_at_id_source_id_index',
      'library_videos_removed_missing_at_downloaded_at_index',
      'library_videos_removed_protected_downloaded_at_index',
      'library_videos_source_id_unique',
    ]);
    const stale = await rows(
      "select name from sqlite_master where type = 'index' and name like 'downloader\\_%' escape '\\'",
    );
    expect(stale.map((r) => String(r.name)).filter((n) => !n.startsWith('downloader_job'))).toEqual([]);
  });

  it('lists the videos with their protected, rating, missing and watched fields, and the subfolders', async () => {
    const fixture = await restoreFixture();
    const t = await h.boot({ dir: fixture.dir });
    // The account of the old release signs in with its password.
    const headers = { 'x-access-token': await login(t) };

    const list = async (query = '') => {
      const res = await t.app.inject({ url: `/api/videos${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ videos: ListedVideo[]; total: number }>();
    };
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.videos.map(shown)).toEqual(LIBRARY);

    const withRemoved = await list('?includeRemoved=true');
    expect(withRemoved.total).toBe(5);
    expect(withRemoved.videos.find((v) => v.sourceId === 'eeeeeeeeeee')).toMatchObject({
      title: 'A removed video',
      removed: true,
    });
    const ids = (p: { videos: ListedVideo[] }) => p.videos.map((v) => v.sourceId);
    expect(ids(await list('?protectedFilter=only'))).toEqual(['bbbbbbbbbbb']);
    expect(ids(await list('?missingFilter=only'))).toEqual(['ddddddddddd']);
    expect(ids(await list('?watchedState=watched'))).toEqual(['aaaaaaaaaaa']);
    expect(ids(await list('?watchedState=unknown'))).toEqual(['ddddddddddd', 'bbbbbbbbbbb']);

    const subfolders = await t.app.inject({ url: '/api/subfolders', headers });
    expect(subfolders.statusCode, subfolders.body).toBe(200);
    const registered = subfolders
      .json<{ name: string; registered: boolean }[]>()
      .filter((s) => s.registered)
      .map((s) => s.name);
    expect(registered).toEqual(['Kids', 'Music']);

    // The last rescan is still reported after the restart.
    const status = await t.app.inject({ url: '/api/maintenance/rescan-status', headers });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().lastRun).toMatchObject({
      operation: 'rescan',
      status: 'completed',
      message: 'Checked 4 videos against 3 files: 1 missing',
    });

    // The download job still names its five videos.
    const job = await t.app.inject({ url: '/api/jobs/6f1c1f2e-3b7a-4c55-9d0e-1a2b3c4d5e6f', headers });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json<{ videos: { sourceId: string }[] }>().videos.map((v) => v.sourceId)).toEqual([
      'aaaaaaaaaaa',
      'bbbbbbbbbbb',
      'ccccccccccc',
      'ddddddddddd',
      'eeeeeeeeeee',
    ]);
  });

  it('gives the rescan history the key library.rescan-files; other tasks keep theirs', async () => {
    const fixture = await restoreFixture();
    const t = await h.boot({ dir: fixture.dir });
    const runs = await query(t, 'select id, task_key, status, message from scheduler_task_runs order by id');
    expect(runs).toEqual([
      {
        id: 1,
        task_key: 'library.rescan-files',
        status: 'success',
        message: 'Checked 4 videos against 3 files: 1 missing',
      },
      { id: 2, task_key: 'downloader.ytdlp-update', status: 'success', message: 'yt-dlp 2026.08.19 is up to date' },
    ]);
  });

  it('is undone by its down migration: the old names, indexes, task key and rows come back', async () => {
    const fixture = await restoreFixture();
    const t = await h.boot({ dir: fixture.dir });
    await h.stop(t);

    const orm = await openDatabase({ file: fixture.file, entities: [], migrations: builtinMigrations, logger: silent });
    try {
      const { Migrator } = await import('@mikro-orm/migrations');
      const migrationsList = await Promise.all(
        builtinMigrations.map(async (m) => ({ name: m.name, class: await m.load() })),
      );
      orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
      const reverted = await new Migrator(orm.em).down(MIGRATION);
      expect(reverted.map((m) => m.name)).toEqual([MIGRATION]);

      const rows = (sql: string) => orm.em.fork().getConnection().execute<Row[]>(sql);
      const back = await counts(rows);
      for (const table of Object.values(RENAMED)) expect(back).not.toHaveProperty(table);
      for (const [table, n] of Object.entries(fixture.counts)) {
        if (table !== 'mikro_orm_migrations') expect(back[table], table).toBe(n);
      }
      expect(await indexes(rows, Object.keys(RENAMED))).toEqual(fixture.indexes);
      const keys = await rows('select task_key from scheduler_task_runs order by id');
      expect(keys.map((r) => r.task_key)).toEqual(['downloader.rescan-files', 'downloader.ytdlp-update']);
    } finally {
      await orm.close(true);
    }
  });
});
