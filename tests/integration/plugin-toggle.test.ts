import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PluginInfo } from '@vidkeep/contracts';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { switchableCalls } from '../fixtures/plugins/shared.js';

/** Switching plugins off and on at run time (`/api/plugins`), persisted across restarts. */
const MANIFEST_PATH = join(fileURLToPath(new URL('../fixtures/plugins/', import.meta.url)), 'plugin-manifest.json');
const manifest = {
  version: 1,
  plugins: [
    { id: 'scheduler', package: '@vidkeep/plugin-scheduler', enabled: true },
    { id: 'auth', package: '@vidkeep/plugin-auth', enabled: true },
    { id: 'fx-kind-hub', package: './fx-kind-hub.ts', enabled: true },
    { id: 'fx-switchable', package: './fx-switchable.ts', enabled: true },
    { id: 'fx-needs-switchable', package: './fx-needs-switchable.ts', enabled: true },
    { id: 'fx-kind-beta', package: './fx-kind-beta.ts', enabled: false },
  ],
};

const h = new TestHarness();
afterEach(() => h.closeAll());
beforeEach(() => Object.assign(switchableCalls(), { events: 0, task: 0 }));

async function boot(dir?: string): Promise<{ t: TestApp; headers: Record<string, string> }> {
  const t = await h.boot({ manifest, manifestPath: MANIFEST_PATH, ...(dir ? { dir } : {}) });
  const token = dir
    ? (
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'admin', password: 'correct-horse-battery' },
        })
      ).json<{ token: string }>().token
    : await completeSetup(t);
  return { t, headers: { 'x-access-token': token } };
}

const inject = (
  t: TestApp,
  headers: Record<string, string>,
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('switching plugins at run time', () => {
  it('lists every manifest plugin, and switches a toggleable one off and on without a restart', async () => {
    const { t, headers } = await boot();
    const list = (await inject(t, headers, 'GET', '/api/plugins')).json<{ plugins: PluginInfo[] }>().plugins;
    expect(list.map((p) => p.id)).toEqual([
      'scheduler',
      'auth',
      'fx-kind-hub',
      'fx-switchable',
      'fx-needs-switchable',
      'fx-kind-beta',
    ]);
    expect(list.find((p) => p.id === 'fx-switchable')).toEqual({
      id: 'fx-switchable',
      version: '1.2.0',
      description: 'Fixture: a plugin that can be switched off and on',
      package: './fx-switchable.ts',
      enabled: true,
      inManifest: true,
      toggleable: true,
      dependsOn: [],
      health: [{ name: 'ping', ok: true, message: 'fine' }],
    });
    expect(list.find((p) => p.id === 'fx-kind-beta')).toMatchObject({
      enabled: false,
      inManifest: false,
      version: null,
    });
    expect(list.find((p) => p.id === 'auth')).toMatchObject({ enabled: true, toggleable: false });

    // An enabled plugin depends on it: refused, naming the dependent.
    const refused = await inject(t, headers, 'PATCH', '/api/plugins/fx-switchable', { enabled: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CORE_PLUGIN_REQUIRED',
      error: expect.stringContaining('fx-needs-switchable'),
    });
    expect((await inject(t, headers, 'PATCH', '/api/plugins/fx-needs-switchable', { enabled: false })).statusCode).toBe(
      200,
    );

    const off = await inject(t, headers, 'PATCH', '/api/plugins/fx-switchable', { enabled: false });
    expect(off.json()).toMatchObject({ plugin: { id: 'fx-switchable', enabled: false, health: [] } });

    // No calls of any kind while off (earlier config changes were heard while it was on).
    await t.app.vidkeep.events.drain();
    switchableCalls().events = 0;
    const ping = await t.app.inject({ url: '/api/fx-switchable/ping' });
    expect(ping.statusCode).toBe(404);
    expect(ping.json()).toMatchObject({
      code: 'CORE_PLUGIN_DISABLED',
      error: expect.stringContaining('"fx-switchable"'),
    });
    expect((await t.app.inject({ url: '/api/fx-kind-hub/kinds' })).json().keys).toEqual([]);
    await inject(t, headers, 'PATCH', '/api/config', { schedulerShutdownWaitSeconds: 11 });
    await t.app.vidkeep.events.drain();
    expect(switchableCalls().events).toBe(0);
    const run = await inject(t, headers, 'POST', '/api/schedules/fx-switchable.tick/run');
    expect(run.statusCode).toBe(409);
    expect(run.json().code).toBe('SCHEDULER_PLUGIN_SWITCHED_OFF');

    // On again: everything comes back at once.
    expect(
      (await inject(t, headers, 'PATCH', '/api/plugins/fx-switchable', { enabled: true })).json().plugin.enabled,
    ).toBe(true);
    expect((await t.app.inject({ url: '/api/fx-switchable/ping' })).json()).toEqual({ pong: true });
    expect((await t.app.inject({ url: '/api/fx-kind-hub/kinds' })).json().keys).toEqual(['switch']);
    await t.app.vidkeep.events.drain();
    switchableCalls().events = 0;
    await inject(t, headers, 'PATCH', '/api/config', { schedulerShutdownWaitSeconds: 12 });
    await t.app.vidkeep.events.drain();
    expect(switchableCalls().events).toBe(1);
    expect((await inject(t, headers, 'POST', '/api/schedules/fx-switchable.tick/run')).statusCode).toBe(202);
  });

  it('keeps a plugin off across a restart, keeps its settings, and refuses what cannot be switched', async () => {
    const first = await boot();
    await inject(first.t, first.headers, 'PATCH', '/api/plugins/fx-needs-switchable', { enabled: false });
    await inject(first.t, first.headers, 'PATCH', '/api/plugins/fx-switchable', { enabled: false });
    await h.stop(first.t);

    const { t, headers } = await boot(first.t.dir);
    expect((await t.app.inject({ url: '/api/fx-switchable/ping' })).statusCode).toBe(404);
    const list = (await inject(t, headers, 'GET', '/api/plugins')).json<{ plugins: PluginInfo[] }>().plugins;
    expect(list.filter((p) => !p.enabled).map((p) => p.id)).toEqual([
      'fx-switchable',
      'fx-needs-switchable',
      'fx-kind-beta',
    ]);
    expect((await inject(t, headers, 'PATCH', '/api/config', { pluginsDisabled: [] })).statusCode).toBe(400);

    const auth = await inject(t, headers, 'PATCH', '/api/plugins/auth', { enabled: false });
    expect(auth.statusCode).toBe(409);
    expect(auth.json().code).toBe('CORE_PLUGIN_NOT_TOGGLEABLE');
    expect((await inject(t, headers, 'PATCH', '/api/plugins/fx-kind-beta', { enabled: true })).statusCode).toBe(404);
    expect((await inject(t, headers, 'PATCH', '/api/plugins/nope', { enabled: true })).json().code).toBe(
      'CORE_PLUGIN_NOT_FOUND',
    );
    expect((await inject(t, headers, 'PATCH', '/api/plugins/fx-switchable', { enabled: 'yes' })).statusCode).toBe(400);
  });
});
