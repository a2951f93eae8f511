import { afterEach, describe, expect, it } from 'vitest';
import { completeSetup, createApiKey, login, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { builtinMigrations } from '@vidkeep/migrations';

const h = new TestHarness();
afterEach(() => h.closeAll());

/** Boots on `dir` (a fresh one when absent); an app still running there is closed first. */
const boot = (dir?: string): Promise<TestApp> => h.boot({ dir });

async function query<T = Record<string, unknown>>(t: TestApp, sql: string): Promise<T[]> {
  return t.app.vidkeep.orm.em.fork().getConnection().execute<T[]>(sql);
}

describe('database migrations', () => {
  it('leave the schema exactly as the entities describe it', async () => {
    const t = await boot();
    const diff = await t.app.vidkeep.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('record every applied migration', async () => {
    const t = await boot();
    const rows = await query<{ name: string }>(t, 'select name from mikro_orm_migrations order by id');
    expect(rows.map((r) => r.name)).toContain('20261122000000_auth_initial');
  });

  it('are not applied again on the next start, and the data is kept', async () => {
    const first = await boot();
    const token = await completeSetup(first);
    await createApiKey(first, token, 'kept across restarts');
    const before = await query<{ id: number; name: string; executed_at: string }>(
      first,
      'select id, name, executed_at from mikro_orm_migrations order by id',
    );
    expect(before.length).toBeGreaterThan(0);

    const second = await boot(first.dir);
    const after = await query<{ id: number; name: string; executed_at: string }>(
      second,
      'select id, name, executed_at from mikro_orm_migrations order by id',
    );
    expect(after).toEqual(before);
    // Nothing was logged as applied on the second start.
    expect(second.logs.some((l) => String(l.msg).includes('database migration'))).toBe(false);

    // The data of the first run is there: the session and the API key.
    const validate = await second.app.inject({ url: '/auth/validate', headers: { 'x-access-token': token } });
    expect(validate.statusCode).toBe(200);
    const keys = await second.app.inject({ url: '/api/keys', headers: { 'x-access-token': await login(second) } });
    expect(keys.json<{ keys: { name: string }[] }>().keys.map((k) => k.name)).toEqual(['kept across restarts']);
  });

  it('a start with nothing to apply never loads a migration module', async () => {
    const first = await boot();
    const untouchable = builtinMigrations.map((m) => ({
      name: m.name,
      load: () => Promise.reject(new Error(`migration ${m.name} was loaded although it had run`)),
    }));
    const second = await h.boot({ dir: first.dir, migrations: untouchable });
    const res = await second.app.inject({ url: '/setup/status' });
    expect(res.statusCode).toBe(200);
  });

  it('a new migration in the timeline is applied on the next start', async () => {
    const first = await h.boot({ migrations: builtinMigrations.slice(0, -1) });
    const last = builtinMigrations.at(-1)!;
    const second = await h.boot({ dir: first.dir });
    const rows = await query<{ name: string }>(second, 'select name from mikro_orm_migrations order by id');
    expect(rows.at(-1)?.name).toBe(last.name);
    expect(second.logs.find((l) => String(l.msg).includes('database migration'))?.migrations).toEqual([last.name]);
  });

  it('the first start says which migrations it applied', async () => {
    const t = await boot();
    const line = t.logs.find((l) => String(l.msg).includes('database migration'));
    expect(line).toBeDefined();
    expect(line?.migrations).toEqual(expect.arrayContaining(['20261122000000_auth_initial']));
  });
});

describe('SQLite connection settings', () => {
  it('use WAL and a 5 second busy timeout', async () => {
    const t = await boot();
    expect(await query(t, 'pragma journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await query(t, 'pragma busy_timeout')).toEqual([{ timeout: 5000 }]);
  });

  it('enforce foreign keys', async () => {
    const t = await boot();
    expect(await query(t, 'pragma foreign_keys')).toEqual([{ foreign_keys: 1 }]);
  });

  it('keep WAL after a restart', async () => {
    const first = await boot();
    const second = await boot(first.dir);
    expect(await query(second, 'pragma journal_mode')).toEqual([{ journal_mode: 'wal' }]);
  });
});

describe('the channels_videos rename', () => {
  it('keeps the listed videos of a database made before it, and applies once', async () => {
    const before = builtinMigrations.filter((m) => m.name < '20261124000000');
    const old = await h.boot({ migrations: before });
    await query(
      old,
      `insert into channels (id, channel_id, title, url, enabled, auto_download_enabled_tabs, m3u_enabled, m3u_sort_order, auto_removal_protected, created_at, updated_at)
       values (1, 'UCkept', 'Kept', 'https://www.youtube.com/channel/UCkept', 1, 'video', 0, 'oldest_first', 0, 0, 0)`,
    );
    await query(
      old,
      `insert into channel_videos (channel_id, source_id, media_type, title, ignored, removed, first_seen_at)
       values ('UCkept', 'kept0000001', 'video', 'A kept video', 0, 0, 0)`,
    );
    const renamed = await h.boot({ dir: old.dir });
    const rows = await query<{ source_id: string; title: string }>(
      renamed,
      'select source_id, title from channels_videos',
    );
    expect(rows).toEqual([{ source_id: 'kept0000001', title: 'A kept video' }]);
    const tables = await query<{ name: string }>(renamed, "select name from sqlite_master where type = 'table'");
    expect(tables.map((t) => t.name)).not.toContain('channel_videos');
    const diff = await renamed.app.vidkeep.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });
});
