/**
 * What the core checks and does for a plugin installed from outside the repository (a path or an
 * npm package outside `@vidkeep/`): its migrations run after the core's and are recorded under
 * its id, and its tables, config keys and routes must carry its id. Each plugin here is plain
 * JavaScript written to a temporary folder and loaded from a manifest entry, as an operator's
 * would be; it imports only `@vidkeep/plugin-kit`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BootErrorCodes, PluginBootError } from '@vidkeep/core';
import { definePlugin, PLUGIN_API_VERSION } from '@vidkeep/plugin-kit';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/plugin-kit/testing';
import semver from 'semver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeScratch, scratchDir } from '../helpers/scratch.js';

let scratch = '';
const h = new TestHarness();
beforeAll(async () => {
  scratch = await scratchDir('third-party');
});
afterEach(() => h.closeAll());
afterAll(() => removeScratch(scratch));

interface Entry {
  id: string;
  package: string;
  enabled?: boolean;
}
const AUTH: Entry = { id: 'auth', package: '@vidkeep/plugin-auth' };

/** Writes a plugin module (its body after the kit's imports) and returns its manifest entry. */
async function plugin(id: string, body: string, file = `${id}.js`): Promise<Entry> {
  await writeFile(
    join(scratch, file),
    `import { definePlugin, defineEntity, EntitySchema, Type, NotFoundError } from '@vidkeep/plugin-kit';\n${body}`,
  );
  return { id, package: `./${file}` };
}

/** A migration module that runs `sql` statements. */
async function migration(file: string, className: string, statements: string[]): Promise<void> {
  await writeFile(
    join(scratch, file),
    `import { Migration } from '@vidkeep/plugin-kit/migration';
export class ${className} extends Migration {
  async up() { ${statements.map((s) => `this.addSql(${JSON.stringify(s)});`).join(' ')} }
}\n`,
  );
}

const boot = (plugins: Entry[], options: { dir?: string } = {}) =>
  h.boot({ manifest: { version: 1, plugins }, manifestPath: join(scratch, 'plugin-manifest.json'), ...options });

async function bootError(plugins: Entry[], extra: Parameters<TestHarness['boot']>[0] = {}): Promise<PluginBootError> {
  try {
    await h.boot({ manifest: { version: 1, plugins }, manifestPath: join(scratch, 'plugin-manifest.json'), ...extra });
  } catch (err) {
    expect(err).toBeInstanceOf(PluginBootError);
    return err as PluginBootError;
  }
  throw new Error('the app booted, but a boot failure was expected');
}

const rows = <T>(t: TestApp, sql: string) => t.app.vidkeep.orm.em.fork().getConnection().execute<T[]>(sql);

/** A notes plugin with a table, an entity and two routes, whose migration is `migrationName`. */
async function notesPlugin(id: string, migrationName = '20260101000000_initial'): Promise<Entry> {
  const table = `${id.replace(/-/g, '_')}_notes`;
  const className = `Initial${id.replace(/-/g, '')}`;
  await migration(`${id}-initial.js`, className, [
    `create table \`${table}\` (\`id\` integer not null primary key autoincrement, \`text\` text not null)`,
  ]);
  return plugin(
    id,
    `const Note = defineEntity({ name: '${className}Note', tableName: '${table}', properties: {
  id: { type: 'number', primary: true, autoincrement: true }, text: { type: 'string' } } });
export default definePlugin({
  id: '${id}', version: '1.0.0', core: '^1.0.0', entities: [Note],
  migrations: [{ name: '${migrationName}', load: async () => (await import('./${id}-initial.js')).${className} }],
  register(ctx) {
    ctx.routes(async (app) => {
      const body = Type.Object({ text: Type.String({ minLength: 1 }) });
      app.post('/api/${id}/notes', { schema: { body } }, async (req) => {
        const em = ctx.em();
        const note = em.create(Note, { text: req.body.text });
        await em.flush();
        return { id: note.id, text: note.text };
      });
      app.get('/api/${id}/notes', async () => ({ notes: await ctx.em().find(Note, {}, { orderBy: { id: 'asc' } }) }));
    });
  },
});\n`,
  );
}

describe('migrations of a third-party plugin', () => {
  it('run after the core timeline, are recorded under the plugin id, and a restart applies none and keeps the data', async () => {
    const a = await notesPlugin('acme-notes');
    // The same migration name in a second plugin: recorded apart, no collision.
    const b = await notesPlugin('acme-other');
    const first = await boot([AUTH, a, b]);
    const recorded = await rows<{ id: number; name: string }>(
      first,
      'select id, name from mikro_orm_migrations order by id',
    );
    const names = recorded.map((r) => r.name);
    expect(names.slice(-2)).toEqual(['acme-notes:20260101000000_initial', 'acme-other:20260101000000_initial']);
    expect(names.slice(0, -2).every((n) => /^\d{14}_/.test(n))).toBe(true);
    expect(first.logs.some((l) => String(l.msg).includes('migration(s) of plugin "acme-notes"'))).toBe(true);

    const token = await completeSetup(first);
    const headers = { 'x-access-token': token };
    const saved = await first.app.inject({
      method: 'POST',
      url: '/api/acme-notes/notes',
      headers,
      payload: { text: 'kept' },
    });
    expect(saved.statusCode).toBe(200);

    const second = await boot([AUTH, a, b], { dir: first.dir });
    expect(await rows(second, 'select id, name from mikro_orm_migrations order by id')).toEqual(recorded);
    expect(second.logs.some((l) => String(l.msg).includes('migration'))).toBe(false);
    const listed = await second.app.inject({ url: '/api/acme-notes/notes', headers });
    expect(listed.json()).toEqual({ notes: [{ id: 1, text: 'kept' }] });
  });

  it('a new version of the plugin with one more migration applies only that one on the next start', async () => {
    await migration('acme-grow-one.js', 'GrowOne', ['create table `acme_grow_a` (`id` integer primary key)']);
    await migration('acme-grow-two.js', 'GrowTwo', ['create table `acme_grow_b` (`id` integer primary key)']);
    const version = (file: string, list: string) =>
      plugin(
        'acme-grow',
        `export default definePlugin({ id: 'acme-grow', version: '1.0.0', core: '^1.0.0', migrations: [${list}], register() {} });\n`,
        file,
      );
    const one = `{ name: '001_one', load: async () => (await import('./acme-grow-one.js')).GrowOne }`;
    const two = `{ name: '002_two', load: async () => (await import('./acme-grow-two.js')).GrowTwo }`;
    const first = await boot([AUTH, await version('acme-grow-v1.js', one)]);
    // Listed out of order: they still run in name order.
    const second = await boot([AUTH, await version('acme-grow-v2.js', `${two}, ${one}`)], { dir: first.dir });
    const records = await rows<{ name: string }>(
      second,
      `select name from mikro_orm_migrations where name like 'acme-grow:%' order by id`,
    );
    expect(records.map((r) => r.name)).toEqual(['acme-grow:001_one', 'acme-grow:002_two']);
    const applied = second.logs.find((l) => String(l.msg).includes('of plugin "acme-grow"'));
    expect(applied?.migrations).toEqual(['acme-grow:002_two']);
  });

  it('a migration that creates a table without the plugin id stops the start and leaves nothing behind', async () => {
    await migration('acme-sloppy-initial.js', 'Sloppy', [
      'create table `acme_sloppy_ok` (`id` integer primary key)',
      'create table `notes` (`id` integer primary key)',
    ]);
    const sloppy = await plugin(
      'acme-sloppy',
      `export default definePlugin({ id: 'acme-sloppy', version: '1.0.0', core: '^1.0.0',
  migrations: [{ name: '001_initial', load: async () => (await import('./acme-sloppy-initial.js')).Sloppy }],
  register() {} });\n`,
    );
    const err = await bootError([AUTH, sloppy]);
    expect(err.code).toBe(BootErrorCodes.notOwned);
    expect(err.message).toMatch(/^Plugin "acme-sloppy": its migrations created table "notes"/);
    expect(err.message).toContain('"acme_sloppy"');

    // Nothing of it stayed: the next start without it finds neither table nor record.
    const dir = await h.dir();
    await bootError([AUTH, sloppy], { dir });
    const t = await boot([AUTH], { dir });
    const tables = await rows<{ name: string }>(
      t,
      `select name from sqlite_master where name in ('notes', 'acme_sloppy_ok')`,
    );
    expect(tables).toEqual([]);
    const records = await rows(t, `select name from mikro_orm_migrations where name like 'acme-sloppy:%'`);
    expect(records).toEqual([]);
  });

  it('a migration that changes a built-in table stops the start', async () => {
    await migration('acme-meddler-initial.js', 'Meddler', ['alter table `auth_sessions` add column `acme` text']);
    const meddler = await plugin(
      'acme-meddler',
      `export default definePlugin({ id: 'acme-meddler', version: '1.0.0', core: '^1.0.0',
  migrations: [{ name: '001_initial', load: async () => (await import('./acme-meddler-initial.js')).Meddler }],
  register() {} });\n`,
    );
    const err = await bootError([AUTH, meddler]);
    expect(err.code).toBe(BootErrorCodes.notOwned);
    expect(err.message).toContain('changed table "auth_sessions"');
  });

  it('a failing migration stops the start naming the plugin, and applies none of its migrations', async () => {
    await migration('acme-broken-one.js', 'One', ['create table `acme_broken_a` (`id` integer primary key)']);
    await migration('acme-broken-two.js', 'Two', ['create table `acme_broken_b` (`id` integer primary key']);
    const broken = await plugin(
      'acme-broken',
      `export default definePlugin({ id: 'acme-broken', version: '1.0.0', core: '^1.0.0',
  migrations: [
    { name: '001_one', load: async () => (await import('./acme-broken-one.js')).One },
    { name: '002_two', load: async () => (await import('./acme-broken-two.js')).Two },
  ],
  register() {} });\n`,
    );
    const dir = await h.dir();
    const err = await bootError([AUTH, broken], { dir });
    expect(err.code).toBe(BootErrorCodes.migrationFailed);
    expect(err.message).toMatch(/^Plugin "acme-broken": a database migration failed/);
    const t = await boot([AUTH], { dir });
    expect(await rows(t, `select name from sqlite_master where name like 'acme_broken%'`)).toEqual([]);
  });
});

describe('config keys of a third-party plugin', () => {
  it('are validated when saved, and a secret one is never returned', async () => {
    const p = await plugin(
      'acme-keys',
      `import { secret } from '@vidkeep/plugin-kit';
export default definePlugin({ id: 'acme-keys', version: '1.0.0', core: '^1.0.0',
  config: Type.Object({
    acmeKeysLimit: Type.Integer({ minimum: 1, maximum: 10, default: 3 }),
    acmeKeysToken: secret(Type.String({ default: '' })),
  }),
  register(ctx) { ctx.routes(async (app) => {
    app.get('/api/acme-keys/has-token', async () => ({ has: ctx.config.get().acmeKeysToken !== '', limit: ctx.config.get().acmeKeysLimit }));
  }); } });\n`,
    );
    const t = await boot([AUTH, p]);
    const headers = { 'x-access-token': await completeSetup(t) };
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/config', headers, payload });

    const bad = await patch({ acmeKeysLimit: 11 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('acmeKeysLimit');
    expect((await patch({ acmeKeysLimit: 5, acmeKeysToken: 's3cret-value' })).statusCode).toBe(200);

    const shown = await t.app.inject({ url: '/getconfig', headers });
    expect(shown.json()).toMatchObject({ acmeKeysLimit: 5 });
    expect(shown.json()).not.toHaveProperty('acmeKeysToken');
    expect(shown.body).not.toContain('s3cret-value');
    expect((await t.app.inject({ url: '/api/acme-keys/has-token', headers })).json()).toEqual({ has: true, limit: 5 });
  });
});

describe('names a third-party plugin must own', () => {
  it('an entity table without the plugin id', async () => {
    const p = await plugin(
      'acme-tables',
      `const Row = defineEntity({ name: 'Row', tableName: 'rows', properties: { id: { type: 'number', primary: true } } });
export default definePlugin({ id: 'acme-tables', version: '1.0.0', core: '^1.0.0', entities: [Row], register() {} });\n`,
    );
    const err = await bootError([AUTH, p]);
    expect(err.code).toBe(BootErrorCodes.notOwned);
    expect(err.message).toMatch(/^Plugin "acme-tables": entity "Row" is stored in table "rows"/);
  });

  it('an entity whose table name comes from its class name (a 1.x plugin, with the deprecated EntitySchema)', async () => {
    const p = await plugin(
      'acme-derived',
      `const Row = new EntitySchema({ name: 'AcmeRow', properties: { id: { type: 'number', primary: true } } });
export default definePlugin({ id: 'acme-derived', version: '1.0.0', core: '^1.0.0', entities: [Row], register() {} });\n`,
    );
    expect((await bootError([AUTH, p])).message).toContain('table "acme_row"');
  });

  it('a config key without the plugin id', async () => {
    const p = await plugin(
      'acme-config',
      `export default definePlugin({ id: 'acme-config', version: '1.0.0', core: '^1.0.0',
  config: Type.Object({ downloadPath: Type.String({ default: '' }) }), register() {} });\n`,
    );
    const err = await bootError([AUTH, p]);
    expect(err.code).toBe(BootErrorCodes.notOwned);
    expect(err.message).toContain('config key "downloadPath" must start with "acmeConfig"');
  });
});

describe('scheduled tasks of a third-party plugin', () => {
  it("a task key without the plugin id stops the start (the scheduler finds a task's plugin by its key)", async () => {
    const p = await plugin(
      'acme-tasks',
      `import { schedulerServiceRef } from '@vidkeep/plugin-kit';
export default definePlugin({ id: 'acme-tasks', version: '1.0.0', core: '^1.0.0', optionalConsumes: [schedulerServiceRef],
  register(ctx) { ctx.tryResolve(schedulerServiceRef)?.register({ key: 'downloader.sneaky', title: 'Sneaky',
    defaultSchedule: '0 3 * * *', run: async () => ({}) }); } });\n`,
    );
    const err = await bootError([{ id: 'scheduler', package: '@vidkeep/plugin-scheduler' }, AUTH, p]);
    expect(err.code).toBe(BootErrorCodes.notOwned);
    expect(err.message).toBe(
      `Plugin "acme-tasks": scheduled task "downloader.sneaky" must be named "acme-tasks.<task>" [${BootErrorCodes.notOwned}]`,
    );
  });
});

describe('routes of a third-party plugin', () => {
  const routePlugin = (id: string, url: string) =>
    plugin(
      id,
      `export default definePlugin({ id: '${id}', version: '1.0.0', core: '^1.0.0',
  register(ctx) { ctx.routes(async (app) => { app.get('${url}', { config: { auth: 'public' } }, async () => ({ ok: true })); }); } });\n`,
    );

  it('answer under /api/<id>', async () => {
    const t = await boot([AUTH, await routePlugin('acme-routes', '/api/acme-routes')]);
    expect((await t.app.inject({ url: '/api/acme-routes' })).json()).toEqual({ ok: true });
  });

  it('outside /api/<id> stop the start', async () => {
    const err = await bootError([AUTH, await routePlugin('acme-escape', '/getchannels')]);
    expect(err.code).toBe(BootErrorCodes.routeOutsidePrefix);
    expect(err.message).toMatch(/^Plugin "acme-escape": route GET \/getchannels is outside its prefix/);
    // A look-alike prefix is not the plugin's own.
    const lookAlike = await bootError([AUTH, await routePlugin('acme-near', '/api/acme-nearby')]);
    expect(lookAlike.code).toBe(BootErrorCodes.routeOutsidePrefix);
  });

  it("an id that names a built-in plugin's area stops the start naming both plugins", async () => {
    const err = await bootError([AUTH, await routePlugin('keys', '/api/keys/mine')]);
    expect(err.code).toBe(BootErrorCodes.routeCollision);
    expect(err.message).toMatch(/^Plugin "keys": its route prefix \/api\/keys is also used by plugin "auth"/);
  });

  it("an id that names one of the core's areas stops the start naming the core", async () => {
    const err = await bootError([AUTH, await routePlugin('plugins', '/api/plugins/mine')]);
    expect(err.code).toBe(BootErrorCodes.routeCollision);
    expect(err.message).toMatch(/^Plugin "plugins": its route prefix \/api\/plugins is also used by the core/);
  });

  it("a route another plugin adds inside a third-party plugin's prefix stops the start naming both", async () => {
    const intruder = definePlugin({
      id: 'fx-intruder',
      version: '1.0.0',
      core: '^1.0.0',
      register(ctx) {
        ctx.routes(async (app) => {
          app.get('/api/acme-owner/:id', async () => ({}));
        });
      },
    });
    const err = await bootError([AUTH, await routePlugin('acme-owner', '/api/acme-owner/:name')], {
      extraPlugins: [{ definition: intruder }],
    });
    expect(err.code).toBe(BootErrorCodes.routeCollision);
    expect(err.message).toContain('Plugin "acme-owner"');
    expect(err.message).toContain('plugin "fx-intruder"');
  });

  it('the same route twice stops the start naming both owners', async () => {
    const twice = definePlugin({
      id: 'fx-twice',
      version: '1.0.0',
      core: '^1.0.0',
      register(ctx) {
        ctx.routes(async (app) => {
          app.get('/api/keys', async () => ({}));
        });
      },
    });
    const err = await bootError([AUTH], { extraPlugins: [{ definition: twice }] });
    expect(err.code).toBe(BootErrorCodes.routeCollision);
    expect(err.message).toBe(
      `Plugin "fx-twice": route GET /api/keys collides with the same route of plugin "auth" [${BootErrorCodes.routeCollision}]`,
    );
  });
});

describe('a manifest entry that is a folder', () => {
  async function folderPlugin(id: string, built: boolean): Promise<Entry> {
    const dir = join(scratch, 'plugins-local', id);
    await mkdir(join(dir, 'dist'), { recursive: true });
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({
        name: `vidkeep-plugin-${id}`,
        version: '1.0.0',
        type: 'module',
        exports: { '.': './dist/index.js' },
      }),
    );
    if (built) {
      await writeFile(
        join(dir, 'dist', 'index.js'),
        `import { definePlugin } from '@vidkeep/plugin-kit';
export default definePlugin({ id: '${id}', version: '1.0.0', core: '^1.0.0',
  register(ctx) { ctx.routes(async (app) => { app.get('/api/${id}', { config: { auth: 'public' } }, async () => ({ from: 'folder' })); }); } });\n`,
      );
    }
    return { id, package: `./plugins-local/${id}` };
  }

  it('loads the entry its package.json names (./plugins-local/<name>)', async () => {
    const t = await boot([AUTH, await folderPlugin('acme-folder', true)]);
    expect((await t.app.inject({ url: '/api/acme-folder' })).json()).toEqual({ from: 'folder' });
  });

  it('an unbuilt folder says its entry is missing', async () => {
    const err = await bootError([AUTH, await folderPlugin('acme-unbuilt', false)]);
    expect(err.code).toBe(BootErrorCodes.unknown);
    expect(err.message).toContain(
      'folder "./plugins-local/acme-unbuilt" names dist/index.js as its entry, which does not exist',
    );
  });
});

describe('the plugin API version', () => {
  it('a plugin made for the next major version stops the start naming the plugin and both versions', async () => {
    const next = `^${semver.major(PLUGIN_API_VERSION) + 1}.0.0`;
    const p = await plugin(
      'acme-future',
      `export default definePlugin({ id: 'acme-future', version: '3.1.0', core: '${next}', register() {} });\n`,
    );
    const err = await bootError([AUTH, p]);
    expect(err.code).toBe(BootErrorCodes.coreMismatch);
    expect(err.message).toContain('Plugin "acme-future": version 3.1.0 requires core');
    expect(err.message).toContain(next);
    expect(err.message).toContain(`plugin API is ${PLUGIN_API_VERSION}`);
    expect(err.message).toContain('"enabled": false');
  });
});
