/**
 * The path a plugin author outside the project takes, end to end, with the real tools: copy the
 * plugin template, `npm pack` it (its prepack step compiles it), `npm install` the tarball into an
 * install folder without network, add one manifest line, start the real server, use the plugin's
 * route and scheduled task, restart and find its data kept, then switch it off at run time and
 * through the manifest.
 *
 * The install folder stands in for an installed vidkeep: npm installs the tarball into its
 * node_modules, and vidkeep's own packages are linked there the way a checkout's workspaces link
 * them. The plugin's peer dependency on the kit is optional, so npm never tries to fetch the kit
 * (it is not on the registry): every vidkeep installation has it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, queryDatabase, signUp, until } from '../helpers/server-api.js';
import { removeScratch, scratchDir } from '../helpers/scratch.js';
import { REPO_ROOT, startServer, type ServerProcess } from '../helpers/server-process.js';

const run = promisify(execFile);
const TEMPLATE = join(REPO_ROOT, 'templates', 'plugin');
const PACKAGE = 'vidkeep-plugin-acme-guestbook';

/** npm with a plain environment: nothing inherited from an `npm test` that runs this file. */
const npm = (args: string[], cwd: string) =>
  run('npm', args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, npm_config_update_notifier: 'false' },
    timeout: 120_000,
  });

let scratch: string | undefined;
let install = '';
let server: ServerProcess | undefined;
const started = Date.now();

beforeAll(async () => {
  // 1. The documented copy step: the template copied to a folder of the author's own. Its
  //    build (esbuild) resolves from the vidkeep it sits in, as in `plugins-local/<name>`.
  scratch = await scratchDir('outsider');
  const author = join(scratch, 'acme-guestbook');
  await cp(TEMPLATE, author, {
    recursive: true,
    filter: (src) => !/[\\/](dist|node_modules)$/.test(src),
  });

  // 2. npm pack: runs prepack (the build) and writes the tarball.
  const packed = await npm(['pack', '--json', '--pack-destination', scratch], author);
  const [{ filename, files }] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  expect(files.map((f) => f.path)).toEqual(
    expect.arrayContaining(['package.json', 'dist/index.js', 'dist/migrations/20260101000000_initial.js']),
  );
  expect(files.some((f) => f.path.startsWith('src/') || f.path.startsWith('test/'))).toBe(false);

  // 3. npm install <tarball>, offline, into the install folder.
  install = await mkdtemp(join(tmpdir(), 'vidkeep-install-'));
  await writeFile(join(install, 'package.json'), JSON.stringify({ name: 'my-vidkeep', private: true }));
  await npm(['install', join(scratch, filename!), '--offline', '--no-audit', '--no-fund'], install);
  const manifestOfPackage = JSON.parse(await readFile(join(install, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(Object.keys(manifestOfPackage.dependencies)).toEqual([PACKAGE]);
  expect(existsSync(join(install, 'node_modules', PACKAGE, 'dist', 'index.js'))).toBe(true);

  // 4. vidkeep's own packages, linked as a checkout's workspaces link them.
  const scope = join(REPO_ROOT, 'node_modules', '@vidkeep');
  await mkdir(join(install, 'node_modules', '@vidkeep'));
  for (const name of await readdir(scope)) {
    await symlink(await realpath(join(scope, name)), join(install, 'node_modules', '@vidkeep', name), 'dir');
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await removeScratch(scratch);
  if (install) await rm(install, { recursive: true, force: true });
  console.log(`the outsider's path took ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

/** The repository's manifest plus one line for the plugin. */
async function writeManifest(enabled: boolean): Promise<void> {
  const base = JSON.parse(await readFile(join(REPO_ROOT, 'plugin-manifest.json'), 'utf8')) as {
    plugins: unknown[];
  };
  const line = { id: 'acme-guestbook', package: PACKAGE, enabled, options: { maxEntries: 100 } };
  await writeFile(
    join(install, 'plugin-manifest.json'),
    JSON.stringify({ version: 1, plugins: [...base.plugins, line] }, null, 2),
  );
}

const start = async () => {
  server = await startServer({
    CONFIG_DIR: join(install, 'config'),
    SOURCE_OUTPUT_DIR: join(install, 'data'),
    PLUGIN_MANIFEST: join(install, 'plugin-manifest.json'),
  });
  return server;
};

async function restart(): Promise<ServerProcess> {
  expect(await server!.stop()).toBe(0);
  return start();
}

interface PluginInfo {
  id: string;
  version: string | null;
  enabled: boolean;
  inManifest: boolean;
  toggleable: boolean;
  health: { name: string; ok: boolean; message: string | null }[];
}
interface Run {
  status: string;
  outcome: string | null;
}

describe("an outsider's plugin, installed with npm and one manifest line", () => {
  it('serves its route, runs its task, keeps its data across a restart, and can be switched off', async () => {
    await writeManifest(true);
    let s = await start();
    const token = await signUp(s, join(install, 'config'));
    const entries = `/api/acme-guestbook/entries`;

    const signed = await api<{ id: number; name: string }>(s, entries, token, {
      method: 'POST',
      body: { name: 'Ann', message: 'First!' },
    });
    expect(signed).toMatchObject({ id: 1, name: 'Ann' });

    const plugins = await api<{ plugins: PluginInfo[] }>(s, '/api/plugins', token);
    expect(plugins.plugins.find((p) => p.id === 'acme-guestbook')).toMatchObject({
      version: '1.0.0',
      enabled: true,
      inManifest: true,
      toggleable: true,
      health: [{ name: 'entries', ok: true, message: '1 of 100 entries' }],
    });

    // Its scheduled task is the scheduler's like any other, and runs in the real server.
    await api(s, '/api/schedules/acme-guestbook.tidy/run', token, { method: 'POST' });
    const finished = await until(async () => {
      const { runs } = await api<{ runs: Run[] }>(s, '/api/schedules/acme-guestbook.tidy/runs', token);
      return runs.find((r) => r.status !== 'running');
    }, 'the tidy task to finish');
    expect(finished).toMatchObject({ status: 'success', outcome: 'removed-0' });

    // Its route is in the API description, with an operationId.
    const doc = (await (await fetch(`${s.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths[entries]?.post?.operationId).toBe('postApiAcmeGuestbookEntries');

    // Restart: its migration is not applied again, its data is kept.
    s = await restart();
    const after = await api<{ entries: { name: string }[] }>(s, entries, token);
    expect(after.entries.map((e) => e.name)).toEqual(['Ann']);
    const recorded = await queryDatabase<{ name: string }>(
      join(install, 'config', 'vidkeep.db'),
      `select name from mikro_orm_migrations where name like 'acme-guestbook:%'`,
    );
    expect(recorded).toEqual([{ name: 'acme-guestbook:20260101000000_initial' }]);

    // Switched off at run time: its route answers 404, naming it.
    await api(s, '/api/plugins/acme-guestbook', token, { method: 'PATCH', body: { enabled: false } });
    const off = await fetch(`${s.url}${entries}`, { headers: { 'x-access-token': token } });
    expect(off.status).toBe(404);
    expect(((await off.json()) as { code: string }).code).toBe('CORE_PLUGIN_DISABLED');

    // Disabled in the manifest: not loaded at all, listed as such.
    await writeManifest(false);
    s = await restart();
    const gone = await fetch(`${s.url}${entries}`, { headers: { 'x-access-token': token } });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { code: string }).code).toBe('CORE_NOT_FOUND');
    const listed = await api<{ plugins: PluginInfo[] }>(s, '/api/plugins', token);
    expect(listed.plugins.find((p) => p.id === 'acme-guestbook')).toMatchObject({ enabled: false, inManifest: false });
  }, 180_000);
});
