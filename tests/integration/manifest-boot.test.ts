import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Type } from '@vidkeep/contracts';
import { BootErrorCodes, ManifestError, PluginBootError } from '@vidkeep/core';
import { definePlugin } from '@vidkeep/core/plugin-api';
import { buildTestApp, completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerLog } from '../fixtures/plugins/shared.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/plugins/', import.meta.url));
/** Relative `package` paths in the inline manifests resolve against this file's folder. */
const MANIFEST_PATH = join(FIXTURES, 'plugin-manifest.json');

interface Entry {
  id: string;
  package: string;
  enabled?: boolean;
  options?: Record<string, unknown>;
}

const fx = (id: string, extra: Partial<Entry> = {}): Entry => ({ id, package: `./${id}.ts`, ...extra });
const AUTH: Entry = { id: 'auth', package: '@vidkeep/plugin-auth' };

const h = new TestHarness();

beforeEach(() => {
  registerLog().length = 0;
});

afterEach(() => h.closeAll());

const tempDir = () => h.dir();

function boot(plugins: Entry[], env: Record<string, string> = {}): Promise<TestApp> {
  return h.boot({ env, manifest: { version: 1, plugins }, manifestPath: MANIFEST_PATH });
}

/** Boots and returns the rejection (fails the test if the app boots). */
async function bootFailure(manifest: unknown, options: { manifestPath?: string } = {}): Promise<Error> {
  try {
    await h.boot({ manifest, manifestPath: options.manifestPath ?? MANIFEST_PATH });
  } catch (err) {
    return err as Error;
  }
  throw new Error('the app booted, but a boot failure was expected');
}

async function expectPluginBootError(
  plugins: Entry[],
  code: string,
  pluginId: string,
  ...mentions: (string | RegExp)[]
) {
  const err = await bootFailure({ version: 1, plugins });
  expect(err).toBeInstanceOf(PluginBootError);
  const boot = err as PluginBootError;
  expect(boot.code).toBe(code);
  expect(boot.pluginId).toBe(pluginId);
  expect(boot.message).toContain(`Plugin "${pluginId}"`);
  // The plugin is named once, at the start, not repeated by nested errors.
  expect(boot.message.indexOf('Plugin "')).toBe(0);
  expect(boot.message.lastIndexOf('Plugin "')).toBe(0);
  for (const m of mentions) {
    if (typeof m === 'string') expect(boot.message).toContain(m);
    else expect(boot.message).toMatch(m);
  }
  return boot;
}

describe('boot fails fast, naming the plugin', () => {
  it('a relative package path that does not exist', async () => {
    await expectPluginBootError(
      [fx('fx-does-not-exist')],
      BootErrorCodes.unknown,
      'fx-does-not-exist',
      './fx-does-not-exist.ts',
    );
  });

  it('an npm package that is not installed', async () => {
    await expectPluginBootError(
      [{ id: 'acme-nope', package: '@acme/vidkeep-plugin-nope' }],
      BootErrorCodes.unknown,
      'acme-nope',
      '@acme/vidkeep-plugin-nope',
    );
  });

  it('a module whose default export is not a definePlugin() definition', async () => {
    await expectPluginBootError([fx('fx-not-a-plugin')], BootErrorCodes.notAPlugin, 'fx-not-a-plugin', 'definePlugin');
  });

  it('a module without a default export', async () => {
    await expectPluginBootError([fx('fx-no-default')], BootErrorCodes.notAPlugin, 'fx-no-default', 'definePlugin');
  });

  it('a definition with an invalid version', async () => {
    await expectPluginBootError([fx('fx-bad-version')], BootErrorCodes.notAPlugin, 'fx-bad-version', 'version');
  });

  it('a module that throws while it is imported', async () => {
    await expectPluginBootError(
      [{ id: 'fx-import-throws', package: './broken-throws-at-import.ts' }],
      BootErrorCodes.loadFailed,
      'fx-import-throws',
      'cannot import me',
    );
  });

  it('a module that does not compile', async () => {
    await expectPluginBootError(
      [{ id: 'fx-syntax', package: './broken-syntax.ts' }],
      BootErrorCodes.loadFailed,
      'fx-syntax',
      './broken-syntax.ts',
    );
  });

  it('a manifest id that differs from the id in code', async () => {
    await expectPluginBootError(
      [{ id: 'fx-hello', package: './fx-greeter.ts' }],
      BootErrorCodes.idMismatch,
      'fx-hello',
      '"fx-greeter"',
    );
  });

  it('the same id twice in the manifest', async () => {
    await expectPluginBootError(
      [fx('fx-greeter'), fx('fx-greeter')],
      BootErrorCodes.duplicate,
      'fx-greeter',
      'more than once',
    );
  });

  it('the same id twice even when one entry is disabled', async () => {
    await expectPluginBootError(
      [fx('fx-greeter', { enabled: false }), fx('fx-greeter')],
      BootErrorCodes.duplicate,
      'fx-greeter',
    );
  });

  it.each([
    ['a wrong type', { greeting: 42 }, 'greeting'],
    ['a value out of range', { repeat: 9 }, 'repeat'],
    ['a value breaking a constraint', { greeting: '' }, 'greeting'],
  ])('options with %s, naming the option', async (_name, options, option) => {
    await expectPluginBootError([fx('fx-greeter', { options })], BootErrorCodes.optionsInvalid, 'fx-greeter', option);
  });

  it('an option the plugin does not know, naming it', async () => {
    await expectPluginBootError(
      [fx('fx-greeter', { options: { colour: 'red' } })],
      BootErrorCodes.optionsInvalid,
      'fx-greeter',
      'colour',
    );
  });

  it('options for a plugin that takes none', async () => {
    await expectPluginBootError(
      [fx('fx-no-options', { options: { anything: true } })],
      BootErrorCodes.optionsInvalid,
      'fx-no-options',
    );
  });

  it('a dependency that is not in the manifest', async () => {
    await expectPluginBootError(
      [fx('fx-consumer')],
      BootErrorCodes.dependencyMissing,
      'fx-consumer',
      '"fx-greeter"',
      'not in the manifest',
    );
  });

  it('a dependency that is disabled', async () => {
    await expectPluginBootError(
      [fx('fx-greeter', { enabled: false }), fx('fx-consumer')],
      BootErrorCodes.dependencyMissing,
      'fx-consumer',
      '"fx-greeter"',
      'disabled',
    );
  });

  it('a dependency cycle, showing the cycle', async () => {
    await expectPluginBootError(
      [fx('fx-cycle-a'), fx('fx-cycle-b'), fx('fx-cycle-c')],
      BootErrorCodes.dependencyCycle,
      'fx-cycle-a',
      'fx-cycle-a -> fx-cycle-b -> fx-cycle-c -> fx-cycle-a',
    );
  });

  it('a cycle found from the middle names where it was found', async () => {
    await expectPluginBootError(
      [fx('fx-cycle-b'), fx('fx-cycle-c'), fx('fx-cycle-a')],
      BootErrorCodes.dependencyCycle,
      'fx-cycle-b',
      'fx-cycle-b -> fx-cycle-c -> fx-cycle-a -> fx-cycle-b',
    );
  });

  it('a plugin that depends on itself', async () => {
    await expectPluginBootError(
      [fx('fx-self-dependent')],
      BootErrorCodes.dependencyCycle,
      'fx-self-dependent',
      'fx-self-dependent -> fx-self-dependent',
    );
  });

  it('a core range this core does not satisfy', async () => {
    await expectPluginBootError([fx('fx-core-two')], BootErrorCodes.coreMismatch, 'fx-core-two', '^2.0.0', '1.0.0');
  });

  it('a core range that is not a semver range', async () => {
    await expectPluginBootError([fx('fx-bad-range')], BootErrorCodes.coreMismatch, 'fx-bad-range', 'the latest one');
  });

  it('register() throwing', async () => {
    await expectPluginBootError(
      [fx('fx-throws')],
      BootErrorCodes.registerFailed,
      'fx-throws',
      'the flux capacitor is missing',
    );
  });

  it('an onReady step throwing', async () => {
    await expectPluginBootError(
      [fx('fx-throws-on-ready')],
      BootErrorCodes.registerFailed,
      'fx-throws-on-ready',
      'warm-up failed',
    );
  });

  it('resolving a service nobody provides', async () => {
    await expectPluginBootError(
      [fx('fx-needs-nobody')],
      BootErrorCodes.serviceMissing,
      'fx-needs-nobody',
      'fx-nobody.service',
    );
  });

  it('the failing plugin is named even when good plugins come first', async () => {
    await expectPluginBootError([AUTH, fx('fx-greeter'), fx('fx-throws')], BootErrorCodes.registerFailed, 'fx-throws');
  });

  it('a failed boot leaves the directory usable for the next boot', async () => {
    const dir = await tempDir();
    const manifest = (plugins: Entry[]) => ({ dir, manifest: { version: 1, plugins }, manifestPath: MANIFEST_PATH });
    await expect(buildTestApp(manifest([AUTH, fx('fx-throws')]))).rejects.toBeInstanceOf(PluginBootError);
    const t = await h.boot(manifest([AUTH]));
    expect((await t.app.inject({ url: '/setup/status' })).statusCode).toBe(200);
  });
});

describe('an invalid manifest is a ManifestError', () => {
  it.each([
    ['an unknown version', { version: 2, plugins: [] }],
    ['no plugin list', { version: 1 }],
    ['a plugin list that is not a list', { version: 1, plugins: { auth: true } }],
    ['an id that is not kebab-case', { version: 1, plugins: [{ id: 'Not Kebab', package: './x.ts' }] }],
    ['an entry without a package', { version: 1, plugins: [{ id: 'fx-greeter' }] }],
    ['an unknown entry key', { version: 1, plugins: [{ ...fx('fx-greeter'), enable: true }] }],
    ['an unknown top-level key', { version: 1, plugins: [], extra: 1 }],
    ['enabled as a string', { version: 1, plugins: [{ ...fx('fx-greeter'), enabled: 'yes' }] }],
    ['not an object', ['auth']],
  ])('%s', async (_name, manifest) => {
    const err = await bootFailure(manifest);
    expect(err).toBeInstanceOf(ManifestError);
    expect((err as ManifestError).code).toBe(BootErrorCodes.manifestInvalid);
    expect(err.message).toContain(MANIFEST_PATH);
  });

  it('a manifest file that is not JSON', async () => {
    const dir = await tempDir();
    const path = join(dir, 'plugin-manifest.json');
    await writeFile(path, '{ "version": 1, "plugins": [ ');
    const err = await bootFailure(undefined, { manifestPath: path });
    expect(err).toBeInstanceOf(ManifestError);
    expect(err.message).toContain(path);
  });

  it('a manifest file that does not exist', async () => {
    const path = join(FIXTURES, 'no-such-manifest.json');
    const err = await bootFailure(undefined, { manifestPath: path });
    expect(err).toBeInstanceOf(ManifestError);
    expect(err.message).toContain(path);
  });
});

describe('plugins that load', () => {
  it('register in dependency order, whatever the manifest order', async () => {
    const t = await boot([fx('fx-order-c'), fx('fx-order-b'), fx('fx-order-a')]);
    expect(registerLog()).toEqual(['fx-order-a', 'fx-order-b', 'fx-order-c']);
    expect(t.app.vidkeep.plugins.map((p) => p.id)).toEqual(['fx-order-a', 'fx-order-b', 'fx-order-c']);
  });

  it('keep the manifest order between plugins that do not depend on each other', async () => {
    await boot([fx('fx-greeter'), fx('fx-order-a')]);
    expect(registerLog()).toEqual(['fx-greeter', 'fx-order-a']);
    registerLog().length = 0;
    await boot([fx('fx-order-a'), fx('fx-greeter')]);
    expect(registerLog()).toEqual(['fx-order-a', 'fx-greeter']);
  });

  it('a consumer listed before its dependency still gets the service', async () => {
    const t = await boot([fx('fx-consumer'), fx('fx-greeter')]);
    expect(registerLog()).toEqual(['fx-greeter', 'fx-consumer']);
    const res = await t.app.inject({ url: '/api/fx-consumer/state' });
    expect(res.statusCode).toBe(200);
    expect(res.json().greeting).toBe('hello, consumer');
  });

  it('get their option defaults', async () => {
    const t = await boot([fx('fx-greeter')]);
    const res = await t.app.inject({ url: '/api/fx-greeter/hello' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'hello, world' });
  });

  it('get the options the manifest gives, defaults filling the rest', async () => {
    const t = await boot([fx('fx-greeter', { options: { greeting: 'ahoy' } })]);
    expect((await t.app.inject({ url: '/api/fx-greeter/hello' })).json()).toEqual({ message: 'ahoy, world' });
    const t2 = await boot([fx('fx-greeter', { options: { greeting: 'hi', repeat: 2 } })]);
    expect((await t2.app.inject({ url: '/api/fx-greeter/hello' })).json()).toEqual({ message: 'hi, world hi, world' });
  });

  it('load from an absolute path too', async () => {
    const t = await boot([{ id: 'fx-greeter', package: join(FIXTURES, 'fx-greeter.ts') }]);
    expect((await t.app.inject({ url: '/api/fx-greeter/hello' })).statusCode).toBe(200);
  });

  it('a disabled plugin is not loaded: its routes answer 404 and its config keys are absent', async () => {
    const t = await boot([AUTH, fx('fx-greeter', { enabled: false, options: { greeting: 42 } })], {
      AUTH_ENABLED: 'false',
    });
    expect(registerLog()).toEqual([]);
    expect(t.app.vidkeep.plugins.map((p) => p.id)).toEqual(['auth']);
    const res = await t.app.inject({ url: '/api/fx-greeter/hello' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CORE_NOT_FOUND', error: expect.any(String) });
    const config = (await t.app.inject({ url: '/getconfig' })).json();
    expect(config).not.toHaveProperty('fxGreeterStyle');
  });

  it('a third-party plugin adds a route, a config section, a service and an event subscription', async () => {
    const t = await boot([AUTH, fx('fx-greeter'), fx('fx-consumer')], { AUTH_ENABLED: 'false' });

    // Route.
    expect((await t.app.inject({ url: '/api/fx-greeter/hello' })).json()).toEqual({ message: 'hello, world' });

    // Config section: defaults written to config.json, shown by /getconfig, saved by PATCH.
    const file = JSON.parse(await readFile(join(t.configDir, 'config.json'), 'utf8'));
    expect(file.fxGreeterStyle).toBe('plain');
    expect((await t.app.inject({ url: '/getconfig' })).json().fxGreeterStyle).toBe('plain');
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/config', payload: { fxGreeterStyle: 'shouty' } });
    expect(bad.statusCode).toBe(400);
    const good = await t.app.inject({ method: 'PATCH', url: '/api/config', payload: { fxGreeterStyle: 'loud' } });
    expect(good.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/fx-greeter/hello' })).json()).toEqual({ message: 'HELLO, WORLD' });

    // Service provided by one plugin, resolved by another.
    const state = await t.app.inject({ url: '/api/fx-consumer/state' });
    expect(state.json().greeting).toBe('HELLO, CONSUMER');

    // Events: the consumer heard the greeter's event and the core's config event.
    expect((await t.app.inject({ method: 'POST', url: '/api/fx-greeter/announce' })).statusCode).toBe(200);
    await t.app.vidkeep.events.drain();
    const after = (await t.app.inject({ url: '/api/fx-consumer/state' })).json();
    expect(after.heard).toEqual(['HELLO, EVERYONE']);
    expect(after.configChanges).toEqual([['fxGreeterStyle']]);
  });

  it("a third-party route without an auth mode gets the core's default: a session is required", async () => {
    const t = await boot([AUTH, fx('fx-greeter')]);
    const token = await completeSetup(t);
    expect((await t.app.inject({ url: '/api/fx-greeter/private' })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/fx-greeter/private', headers: { 'x-access-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('without an auth plugin, protected routes fail closed with 503 and public ones still answer', async () => {
    const t = await boot([fx('fx-greeter')]);
    const res = await t.app.inject({ url: '/api/fx-greeter/private' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('CORE_AUTH_UNAVAILABLE');
    expect((await t.app.inject({ url: '/api/fx-greeter/hello' })).statusCode).toBe(200);
  });

  it('third-party routes appear in the OpenAPI document', async () => {
    const t = await boot([fx('fx-greeter')]);
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/fx-greeter/hello', '/api/fx-greeter/announce']),
    );
  });

  it.each([
    ['ESM-only exports (import condition)', { '.': { import: './dist/index.js' } }],
    ['nested conditions', { '.': { node: { import: './dist/index.js' } }, './package.json': './package.json' }],
    ['a plain exports string', './dist/index.js'],
  ])('an npm package installed next to the manifest loads: %s', async (_name, exportsField) => {
    // A third-party plugin as npm would install it (built JavaScript, brand set the way
    // definePlugin sets it, since a package outside this repository cannot import the core).
    const root = await tempDir();
    const pkgDir = join(root, 'node_modules', '@acme', 'vidkeep-plugin-hello');
    await mkdir(join(pkgDir, 'dist'), { recursive: true });
    await writeFile(
      join(pkgDir, 'package.json'),
      JSON.stringify({ name: '@acme/vidkeep-plugin-hello', version: '2.0.0', type: 'module', exports: exportsField }),
    );
    await writeFile(
      join(pkgDir, 'dist', 'index.js'),
      `export default Object.freeze({ id: 'acme-hello', version: '2.0.0', core: '^1.0.0', [Symbol.for('vidkeep.plugin')]: true,
        register(ctx) { ctx.routes(async (app) => { app.get('/api/acme-hello', { config: { auth: 'public' } }, async () => ({ hi: true })); }); } });`,
    );
    const t = await h.boot({
      manifest: { version: 1, plugins: [{ id: 'acme-hello', package: '@acme/vidkeep-plugin-hello' }] },
      manifestPath: join(root, 'plugin-manifest.json'),
    });
    expect(t.app.vidkeep.plugins).toEqual([{ id: 'acme-hello', version: '2.0.0' }]);
    expect((await t.app.inject({ url: '/api/acme-hello' })).json()).toEqual({ hi: true });
  });

  it('extraPlugins are loaded next to the manifest', async () => {
    const inline = definePlugin({
      id: 'fx-inline',
      version: '0.1.0',
      core: '^1.0.0',
      options: Type.Object({ answer: Type.Integer({ default: 42 }) }),
      register(ctx) {
        ctx.routes(async (app) => {
          app.get('/api/fx-inline', { config: { auth: 'public' } }, async () => ({ answer: ctx.options.answer }));
        });
      },
    });
    const t = await h.boot({
      manifest: { version: 1, plugins: [fx('fx-greeter')] },
      manifestPath: MANIFEST_PATH,
      extraPlugins: [{ definition: inline }],
    });
    expect((await t.app.inject({ url: '/api/fx-inline' })).json()).toEqual({ answer: 42 });
  });
});

describe('services between plugins', () => {
  const kinds = async (t: TestApp) => (await t.app.inject({ url: '/api/fx-kind-hub/kinds' })).json();

  it('two plugins contribute to one extension point and a third sees both, in boot order', async () => {
    const t = await boot([fx('fx-kind-hub'), fx('fx-kind-beta'), fx('fx-kind-alpha')]);
    expect(await kinds(t)).toEqual({
      keys: ['beta', 'alpha'],
      described: ['beta from fx-kind-beta', 'alpha from fx-kind-alpha'],
      contributors: ['fx-kind-beta', 'fx-kind-alpha'],
    });
  });

  it('a contributor disabled in the manifest contributes nothing; the others still do', async () => {
    const t = await boot([fx('fx-kind-hub'), fx('fx-kind-alpha'), fx('fx-kind-beta', { enabled: false })]);
    expect(await kinds(t)).toEqual({
      keys: ['alpha'],
      described: ['alpha from fx-kind-alpha'],
      contributors: ['fx-kind-alpha'],
    });
  });

  it('an extension point without any contributor is empty, not a boot failure', async () => {
    const t = await boot([fx('fx-kind-hub')]);
    expect(await kinds(t)).toEqual({ keys: [], described: [], contributors: [] });
  });

  it('two contributions under one key fail the boot, naming both plugins and the key', async () => {
    await expectPluginBootError(
      [fx('fx-kind-alpha'), fx('fx-kind-alpha-again')],
      BootErrorCodes.serviceConflict,
      'fx-kind-alpha-again',
      '"fx-kinds.providers"',
      '"alpha"',
      '"fx-kind-alpha"',
    );
  });

  it('a required service nobody provides fails the boot even when it is only resolved per request', async () => {
    await expectPluginBootError(
      [fx('fx-lazy-consumer')],
      BootErrorCodes.serviceMissing,
      'fx-lazy-consumer',
      '"fx-greeter.greeter"',
    );
  });

  it('a declared required service resolves per request; an optional one may be absent', async () => {
    const t = await boot([fx('fx-lazy-consumer'), fx('fx-greeter')]);
    const res = await t.app.inject({ url: '/api/fx-lazy-consumer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ greeting: 'hello, lazy', nobody: false });
  });

  it('resolving a service the plugin did not declare fails the boot, naming plugin and service', async () => {
    await expectPluginBootError(
      [fx('fx-greeter'), fx('fx-undeclared')],
      BootErrorCodes.serviceUndeclared,
      'fx-undeclared',
      '"fx-greeter.greeter"',
      'consumes',
    );
  });
});
