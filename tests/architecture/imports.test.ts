/**
 * The dependency rules of ARCHITECTURE.md, checked on the source text:
 * - contracts depends on typebox only;
 * - plugins (built-in ones too) reach the core only through `@vidkeep/plugin-kit`, the surface
 *   third-party plugins use, share declarations through `@vidkeep/contracts`, and never import
 *   another plugin;
 * - the core knows no plugin;
 * - libs (shared code of several plugins, `libs/*`) import only the kit, contracts and the libs
 *   they declare, never a plugin or the core; plugins may import the libs they declare.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  importsOf,
  inside,
  isRelative,
  packageName,
  productionFiles,
  readJson,
  resolveRelative,
  ROOT,
  sourceFiles,
  where,
  type ImportRef,
} from './sources.js';

const rootPackage = readJson(join(ROOT, 'package.json'));
const LIBS_DIR = join(ROOT, 'libs');
/** The lib folders (`libs/<name>`) and their package names (`@vidkeep/<name>`). */
const LIBS = readdirSync(LIBS_DIR).filter((name) => existsSync(join(LIBS_DIR, name, 'package.json')));
const LIB_PACKAGES = new Set(LIBS.map((name) => String(readJson(join(LIBS_DIR, name, 'package.json')).name)));
const KIT_ENTRIES = ['@vidkeep/plugin-kit', '@vidkeep/plugin-kit/migration', '@vidkeep/plugin-kit/worker'];
/** The per-plugin entries of contracts (`@vidkeep/contracts/notifications`, …). */
const CONTRACT_SUBPATHS = new Set(
  Object.keys(readJson(join(ROOT, 'contracts', 'package.json')).exports ?? {})
    .filter((key) => key !== '.')
    .map((key) => `@vidkeep/contracts/${key.slice(2)}`),
);
const RUNTIME_DEPS = new Set(Object.keys(rootPackage.dependencies ?? {}));
const DEV_DEPS = new Set(Object.keys(rootPackage.devDependencies ?? {}));

/** The plugin rule for one import; returns the problem or null. */
function pluginImportProblem(
  ref: ImportRef,
  pluginDir: string,
  options: { testCode: boolean; deps: Set<string> },
): string | null {
  const s = ref.specifier;
  if (isRelative(s)) {
    const target = resolveRelative(ref.file, s);
    return inside(target, pluginDir) ? null : 'a relative import leaving the plugin folder';
  }
  if (s.startsWith('node:')) return builtinModules.includes(s.slice(5)) ? null : 'an unknown node: module';
  if (builtinModules.includes(packageName(s))) return 'a Node builtin without the node: prefix';
  // The root entry, or a plugin's own shapes (`@vidkeep/contracts/<plugin id>`, issue 32).
  if (s === '@vidkeep/contracts' || CONTRACT_SUBPATHS.has(s)) return null;
  // One plugin surface: the built-in plugins use the kit third-party plugins use (issue 32).
  if (s.startsWith('@vidkeep/core/plugin-api')) return `${s}: plugins reach the core only through @vidkeep/plugin-kit`;
  if (KIT_ENTRIES.includes(s)) return null;
  if (LIB_PACKAGES.has(s)) return options.deps.has(s) ? null : `${s}, a lib its package.json does not declare`;
  if (s === '@vidkeep/plugin-kit/testing')
    return options.testCode ? null : '@vidkeep/plugin-kit/testing outside test code';
  if (s === '@vidkeep/core/testing') return options.testCode ? null : '@vidkeep/core/testing outside test code';
  if (s.startsWith('@vidkeep/')) return 'a @vidkeep package other than the kit, contracts and the libs';
  if (packageName(s) === '@sinclair/typebox') return '@sinclair/typebox (TypeBox comes through @vidkeep/contracts)';
  if (/(^|\/)core\/src(\/|$)/.test(s) || /(^|\/)plugins\//.test(s)) return 'a path into the core or another plugin';
  if (!options.deps.has(packageName(s))) return `"${packageName(s)}", which is not a declared dependency`;
  return null;
}

describe('contracts/src', () => {
  const dir = join(ROOT, 'contracts', 'src');
  const files = sourceFiles(dir);

  it('exists and has sources', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it("imports only 'typebox' and its own files (its tests may use vitest)", () => {
    const problems: string[] = [];
    for (const file of files) {
      const isTest = file.endsWith('.test.ts');
      for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
        const s = ref.specifier;
        if (isRelative(s)) {
          if (!inside(resolveRelative(file, s), dir)) problems.push(`${where(ref)}: leaves contracts/src`);
        } else if (s !== 'typebox' && !s.startsWith('typebox/') && !(isTest && s === 'vitest')) {
          problems.push(`${where(ref)}: contracts may depend on typebox only`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('plugins/*/src', () => {
  const pluginsDir = join(ROOT, 'plugins');
  const plugins = readdirSync(pluginsDir).filter((name) => existsSync(join(pluginsDir, name, 'src', 'index.ts')));

  it('finds the built-in plugins', () => {
    expect(plugins).toEqual(expect.arrayContaining(['auth', 'downloader', 'scheduler']));
  });

  it.each(plugins)(
    '%s imports only the kit, contracts, its libs, node: builtins, its declared packages and its own files',
    (plugin) => {
      const pluginDir = join(pluginsDir, plugin);
      const own = readJson(join(pluginDir, 'package.json'));
      const production = productionFiles(join(pluginDir, 'src', 'index.ts'));
      const problems: string[] = [];
      for (const file of sourceFiles(join(pluginDir, 'src'))) {
        // Code not reachable from the entry (tests and their helpers) may also use the test harness
        // and the dev dependencies.
        const testCode = !production.has(file);
        // Production code imports only what the plugin's own package.json declares, so the
        // package installs on its own; tests may also use the repository's libraries and tools.
        const deps = new Set([
          ...Object.keys(own.dependencies ?? {}),
          ...Object.keys(own.peerDependencies ?? {}),
          ...(testCode ? [...RUNTIME_DEPS, ...DEV_DEPS, ...Object.keys(own.devDependencies ?? {})] : []),
        ]);
        for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
          const problem = pluginImportProblem(ref, pluginDir, { testCode, deps });
          if (problem) problems.push(`${where(ref)}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('libs/*/src', () => {
  it('finds the libs', () => {
    expect(LIBS).toEqual(expect.arrayContaining(['media-browser', 'media-server-common', 'read-models']));
  });

  it.each(LIBS)('%s imports only the kit, contracts, the libs it declares, node: builtins and its own files', (lib) => {
    const libDir = join(LIBS_DIR, lib);
    const own = readJson(join(libDir, 'package.json'));
    const declared = new Set([...Object.keys(own.dependencies ?? {}), ...Object.keys(own.peerDependencies ?? {})]);
    const problems: string[] = [];
    for (const file of sourceFiles(join(libDir, 'src'))) {
      const isTest = file.endsWith('.test.ts');
      for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
        const s = ref.specifier;
        let problem: string | null = null;
        if (isRelative(s))
          problem = inside(resolveRelative(file, s), libDir) ? null : 'a relative import leaving the lib';
        else if (s.startsWith('node:'))
          problem = builtinModules.includes(s.slice(5)) ? null : 'an unknown node: module';
        else if (s === '@vidkeep/contracts' || KIT_ENTRIES.includes(s))
          problem = declared.has(packageName(s)) ? null : `${s} not declared`;
        else if (LIB_PACKAGES.has(s))
          problem = declared.has(s) ? null : `${s}, a lib its package.json does not declare`;
        // Its tests may use the core's test harness (a real SQLite file, a booted app), as plugin tests do.
        else if (isTest && (s === 'vitest' || s === '@vidkeep/core/testing')) problem = null;
        else problem = `${s}: a lib imports only the kit, contracts and other libs (never a plugin or the core)`;
        if (problem) problems.push(`${where(ref)}: ${problem}`);
      }
    }
    expect(sourceFiles(join(libDir, 'src')).length).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });
});

describe('kit/src', () => {
  const dir = join(ROOT, 'kit', 'src');
  const ALLOWED = new Set([
    '@vidkeep/contracts',
    '@vidkeep/core/plugin-api',
    '@vidkeep/core/plugin-api/migration',
    '@vidkeep/core/plugin-api/worker',
  ]);

  it("re-exports only the core's plugin API and the contracts (the test harness from its testing entry only)", () => {
    const problems: string[] = [];
    for (const file of sourceFiles(dir).filter((f) => !f.endsWith('.test.ts'))) {
      for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
        const s = ref.specifier;
        if (ALLOWED.has(s) || (s.startsWith('node:') && builtinModules.includes(s.slice(5)))) continue;
        // The deprecated re-exports of one plugin's own shapes (kit 1.x only).
        if (CONTRACT_SUBPATHS.has(s) && file.endsWith('deprecated.ts')) continue;
        if (s === '@vidkeep/core/testing' && file.endsWith('testing.ts')) continue;
        if (isRelative(s) && inside(resolveRelative(file, s), dir)) continue;
        problems.push(`${where(ref)}: the kit re-exports the public surface only`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('templates/plugin', () => {
  const dir = join(ROOT, 'templates', 'plugin');
  const KIT = ['@vidkeep/plugin-kit', '@vidkeep/plugin-kit/migration', '@vidkeep/plugin-kit/worker'];

  it('imports only the kit, node: builtins and its own files, as a plugin outside the repository must', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(dir)) {
      const isTest = !file.includes(`${join(dir, 'src')}/`);
      for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
        const s = ref.specifier;
        if (KIT.includes(s) || (s.startsWith('node:') && builtinModules.includes(s.slice(5)))) continue;
        if (isRelative(s) && inside(resolveRelative(file, s), dir)) continue;
        // Its test, config and build script use the tools of the vidkeep it sits in.
        if (isTest && ['@vidkeep/plugin-kit/testing', 'vitest', 'vitest/config', 'esbuild'].includes(s)) continue;
        problems.push(`${where(ref)}: a third-party plugin imports only @vidkeep/plugin-kit`);
      }
    }
    expect(sourceFiles(join(dir, 'src')).length).toBeGreaterThan(2);
    expect(problems).toEqual([]);
  });
});

/**
 * Issue 18: the notifications plugin is first-party but written as an outsider would write it,
 * against the kit alone; this is what keeps the kit complete enough for a real plugin. Its own
 * HTTP shapes, config keys and error codes are the one exception (issue 32): they are its own, so
 * they are not the kit's, and it takes them from its contracts subpath `@vidkeep/contracts/<id>`.
 */
export const KIT_ONLY_PLUGINS = ['notifications'];

/** The rule for a kit-only plugin's import; returns the problem or null. */
export function kitOnlyProblem(ref: ImportRef, pluginDir: string, testCode: boolean): string | null {
  const s = ref.specifier;
  if (s === `@vidkeep/contracts/${basename(pluginDir)}`) return null;
  if (isRelative(s))
    return inside(resolveRelative(ref.file, s), pluginDir) ? null : 'a relative import leaving the plugin';
  if (s.startsWith('node:')) return builtinModules.includes(s.slice(5)) ? null : 'an unknown node: module';
  if (['@vidkeep/plugin-kit', '@vidkeep/plugin-kit/migration', '@vidkeep/plugin-kit/worker'].includes(s)) return null;
  if (testCode && ['@vidkeep/plugin-kit/testing', 'vitest'].includes(s)) return null;
  if (s.startsWith('@vidkeep/')) return `${s}: a kit-only plugin imports nothing of vidkeep but @vidkeep/plugin-kit`;
  if (/(^|\/)(core|contracts|plugins)\//.test(s)) return 'a path into vidkeep';
  return null;
}

describe.each(KIT_ONLY_PLUGINS)('plugins/%s (kit only)', (plugin) => {
  const pluginDir = join(ROOT, 'plugins', plugin);
  const own = readJson(join(pluginDir, 'package.json'));

  it("imports only @vidkeep/plugin-kit (its tests also the kit's testing entry), node: builtins and its own files", () => {
    const production = productionFiles(join(pluginDir, 'src', 'index.ts'));
    const problems: string[] = [];
    const files = sourceFiles(join(pluginDir, 'src'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
        const problem = kitOnlyProblem(ref, pluginDir, !production.has(file));
        if (problem) problems.push(`${where(ref)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares only the kit (and contracts, for its own shapes) as a peer, like a plugin from outside', () => {
    expect(Object.keys(own.peerDependencies ?? {}).sort()).toEqual(['@vidkeep/contracts', '@vidkeep/plugin-kit']);
    expect(Object.keys(own.dependencies ?? {}).filter((d) => d.startsWith('@vidkeep/'))).toEqual([]);
  });

  it.each([
    ["import { Type } from '@vidkeep/contracts';"],
    ["import { definePlugin } from '@vidkeep/core/plugin-api';"],
    ["import x from '@vidkeep/core';"],
    ["import x from '@vidkeep/plugin-downloader';"],
    ["const x = await import('@vidkeep/plugin-channels');"],
    ["import x from '../../downloader/src/index.js';"],
    ["import { DownloaderErrorCodes } from '@vidkeep/contracts/downloader';"],
  ])('the rule rejects %s', (source) => {
    const file = join(pluginDir, 'src', 'x.ts');
    expect(
      importsOf(source, file)
        .map((ref) => kitOnlyProblem(ref, pluginDir, false))
        .filter(Boolean),
    ).toHaveLength(1);
  });
});

describe('core/src', () => {
  const dir = join(ROOT, 'core', 'src');
  const pluginsDir = join(ROOT, 'plugins');

  it('never imports a plugin', () => {
    const files = sourceFiles(dir);
    expect(files.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const file of files) {
      for (const ref of importsOf(readFileSync(file, 'utf8'), file)) {
        const s = ref.specifier;
        if (s.startsWith('@vidkeep/plugin-')) problems.push(`${where(ref)}: the core knows no plugin`);
        else if (isRelative(s) && inside(resolveRelative(file, s), pluginsDir))
          problems.push(`${where(ref)}: reaches into plugins/`);
        else if (/(^|\/)plugins\//.test(s) && !isRelative(s)) problems.push(`${where(ref)}: reaches into plugins/`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the checker itself', () => {
  const pluginDir = join(ROOT, 'plugins', 'example');
  const file = join(pluginDir, 'src', 'routes', 'x.ts');
  const check = (source: string, testCode = false) =>
    importsOf(source, file)
      .map((ref) => pluginImportProblem(ref, pluginDir, { testCode, deps: new Set(['fastify', 'vitest']) }))
      .filter(Boolean);

  it('sees every form of import', () => {
    const source = [
      "import a from 'a';",
      "import type { B } from 'b';",
      "import * as c from 'c';",
      "import 'd';",
      "export { e } from 'e';",
      "export * from 'f';",
      "const g = await import('g');",
      "const h = require('h');",
      "import {\n  i,\n  j,\n} from 'ij';",
      "// import nope from 'commented-out';",
      "/* import nope2 from 'block-commented'; */",
    ].join('\n');
    expect(
      importsOf(source)
        .map((r) => r.specifier)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'ij']);
  });

  it('accepts what plugins may import', () => {
    expect(
      check(
        [
          "import { Type } from '@vidkeep/contracts';",
          "import { definePlugin } from '@vidkeep/plugin-kit';",
          "import { runTask } from '@vidkeep/plugin-kit/worker';",
          "import { readFile } from 'node:fs/promises';",
          "import type { FastifyRequest } from 'fastify';",
          "import { helper } from '../services/helper.js';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it.each([
    ["import x from '@vidkeep/plugin-auth';"],
    ["import x from '@vidkeep/core';"],
    ["import { definePlugin } from '@vidkeep/core/plugin-api';"],
    ["import { runTask } from '@vidkeep/core/plugin-api/worker';"],
    ["import x from '@vidkeep/core/testing';"],
    ["import x from '@vidkeep/migrations';"],
    ["import { Type } from '@sinclair/typebox';"],
    ["import x from '../../../auth/src/index.js';"],
    ["import x from '../../../../core/src/app.js';"],
    ["import { readFile } from 'fs';"],
    ["import x from 'left-pad';"],
    ["const x = await import('@vidkeep/plugin-downloader');"],
  ])('rejects %s', (source) => {
    expect(check(source)).toHaveLength(1);
  });

  it('lets test code use the test harness and dev dependencies, nothing more', () => {
    expect(check("import { buildTestApp } from '@vidkeep/core/testing';\nimport { it } from 'vitest';", true)).toEqual(
      [],
    );
    expect(check("import x from '@vidkeep/plugin-auth';", true)).toHaveLength(1);
  });
});
