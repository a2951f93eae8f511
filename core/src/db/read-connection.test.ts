import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PluginLogger } from '@vidkeep/contracts';
import { openDatabase, type Orm } from './orm.js';
import { pluginOrm } from './plugin-orm.js';
import { closeReadConnection } from './read-connection.js';
import { Sql } from './sql.js';

const silent = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent } as unknown as PluginLogger;

describe('hot reads through the read-only connection', () => {
  let dir: string;
  let orm: Orm;
  let sql: Sql;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidkeep-read-conn-'));
    orm = await openDatabase({ file: join(dir, 'test.db'), entities: [], migrations: [], logger: silent });
    sql = new Sql(pluginOrm(orm));
    await sql.run('create table items (id integer primary key, name text, done integer, at integer)');
  });
  afterEach(async () => {
    await closeReadConnection(orm);
    await orm.close(true);
    await rm(dir, { recursive: true, force: true });
  });

  it('see every write committed before the read, with booleans and dates bound like the ORM', async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    await sql.run('insert into items (name, done, at) values (?, ?, ?)', ['first', true, sql.date(at)]);
    expect(await sql.read('select name from items where done = ? and at = ?', [true, at])).toEqual([{ name: 'first' }]);
    await sql.run('insert into items (name, done, at) values (?, ?, ?)', ['second', false, null]);
    await sql.run("update items set name = 'renamed' where name = 'first'");
    // The same statement, prepared once, sees the newer rows.
    expect(await sql.read('select name from items order by id')).toEqual([{ name: 'renamed' }, { name: 'second' }]);
  });

  it('keep working past the prepared-statement limit, and report SQL errors', async () => {
    await sql.run("insert into items (name) values ('x')");
    for (let i = 0; i < 250; i++) {
      expect(await sql.read<{ n: number }>(`select count(*) + ${i} as n from items`)).toEqual([{ n: 1 + i }]);
    }
    await expect(sql.read('select nope from items')).rejects.toThrow(/no such column/);
  });

  it('cannot write', async () => {
    await expect(sql.read("insert into items (name) values ('sneaky')")).rejects.toThrow(/readonly/i);
  });
});
