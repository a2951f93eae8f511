import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_FIXTURE, ROUTE_MAP_DIR, routeMapFiles } from '../../core/scripts/route-map.js';
import { REPO_ROOT } from '../helpers/server-process.js';

describe('the route map of @vidkeep/contracts/routes', () => {
  it('is generated from the routes the app registers (run `npm run contracts:routes` after a route or config change)', async () => {
    const generated = await routeMapFiles();
    const onDisk = (await readdir(ROUTE_MAP_DIR)).map((name) => join(ROUTE_MAP_DIR, name)).sort();
    expect([...onDisk, CONFIG_SCHEMA_FIXTURE].sort()).toEqual([...generated.keys()].sort());
    for (const [path, text] of generated) expect(await readFile(path, 'utf8'), path).toBe(text);
    // Every route with a schema is there, under the plugin that registers it, named by the
    // contracts' own schemas where it uses them.
    const core = generated.get(join(ROUTE_MAP_DIR, 'core.ts'))!;
    expect(core).toContain(
      "'PATCH /api/plugins/:id': Route<'TogglePluginResponse', 'PluginIdParams', never, 'TogglePluginRequest'>;",
    );
    expect(generated.get(join(ROUTE_MAP_DIR, 'channels.ts'))).toContain(
      "'GET /api/channels/:channelId/settings': Route<'ChannelSettingsResponse', 'ChannelIdParams'>;",
    );
  }, 120_000);

  it("fails the UI's build when a response field the UI reads is renamed in the contracts", async () => {
    // A copy of the contracts in which `TogglePluginResponse.plugin` is called `pluginInfo`; the
    // UI is type-checked against it as `ng build` checks it (same tsconfig, same sources).
    const dir = await mkdtemp(join(tmpdir(), 'vidkeep-rename-'));
    try {
      await cp(join(REPO_ROOT, 'contracts', 'src'), join(dir, 'src'), { recursive: true });
      await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
      const schema = join(dir, 'src', 'schemas', 'plugins.ts');
      const text = await readFile(schema, 'utf8');
      const renamed = text.replace(
        'TogglePluginResponse = Type.Object({ plugin: PluginInfo })',
        'TogglePluginResponse = Type.Object({ pluginInfo: PluginInfo })',
      );
      expect(renamed).not.toBe(text);
      await writeFile(schema, renamed);
      const tsconfig = join(dir, 'tsconfig.json');
      await writeFile(
        tsconfig,
        JSON.stringify({
          extends: join(REPO_ROOT, 'ui', 'tsconfig.app.json'),
          compilerOptions: {
            noEmit: true,
            paths: {
              '@vidkeep/contracts': [join(dir, 'src', 'index.ts')],
              '@vidkeep/contracts/routes': [join(dir, 'src', 'routes', 'index.ts')],
              '@vidkeep/contracts/*': [join(dir, 'src', 'subpaths', '*.ts')],
            },
          },
        }),
      );
      const tsc = spawnSync(
        process.execPath,
        [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig],
        {
          cwd: join(REPO_ROOT, 'ui'),
          encoding: 'utf8',
        },
      );
      expect(tsc.status).not.toBe(0);
      expect(tsc.stdout).toMatch(/plugin-switches\.ts\(\d+,\d+\): error TS\d+: Property 'plugin' does not exist/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
