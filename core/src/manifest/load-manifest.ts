import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PluginIdentity, PluginManifest, type ManifestEntry } from '@vidkeep/contracts';
import { type EntitySchema, UnderscoreNamingStrategy } from '@mikro-orm/core';
import semver from 'semver';
import { check, type ValidationIssue } from '../validation/schema-validator.js';
import { PLUGIN_API_VERSION } from '../version.js';
import { isPluginDefinition, type PluginDefinition } from '../plugin-api/definition.js';
import { BootErrorCodes, ManifestError, PluginBootError } from './boot-error.js';

export interface LoadedPlugin {
  definition: PluginDefinition;
  options: Record<string, unknown>;
  entry: ManifestEntry;
  /**
   * Not the project's own: a plugin whose package is outside the `@vidkeep/` npm scope (an npm
   * package of another name, a module file, or a folder whose package.json names no `@vidkeep/`
   * package). Its routes, tables, config keys, migrations and task keys must carry its id (see
   * `thirdPartyProblem`, `core/src/plugins/route-rules.ts`). Built-in plugins and plugins given
   * in code (`extraPlugins`: tests and embedding) are trusted.
   */
  thirdParty: boolean;
}

/** The `@vidkeep/` npm scope is the project's: only its own packages are named there. */
export const isProjectPackage = (name: string | undefined) => name !== undefined && name.startsWith('@vidkeep/');

/** `acme-notes` -> `acme_notes`: the prefix of a plugin's tables. */
export const tablePrefixOf = (pluginId: string) => pluginId.replace(/-/g, '_');
/** `acme-notes` -> `acmeNotes`: the prefix of a plugin's config keys. */
export const configPrefixOf = (pluginId: string) =>
  pluginId.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Whether `name` is `prefix` itself or `prefix` followed by a separator (`_`) or a capital. */
export function ownsName(name: string, prefix: string, separator: RegExp): boolean {
  return name === prefix || (name.startsWith(prefix) && separator.test(name.charAt(prefix.length)));
}

const MIGRATION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/**
 * What a third-party plugin declares that is not its own: a table without its id prefix, a config
 * key without its camel-case id prefix, or migrations without usable, distinct names. Checked
 * before the database opens, so nothing is written.
 */
function thirdPartyProblem(def: PluginDefinition): string | null {
  const tablePrefix = tablePrefixOf(def.id);
  for (const entity of def.entities ?? []) {
    const meta = (entity as EntitySchema).meta; // an EntityDefinition is an EntitySchema inside the core
    const table = meta.tableName ?? meta.collection ?? new UnderscoreNamingStrategy().classToTableName(meta.className);
    if (!ownsName(table, tablePrefix, /_/)) {
      return `entity "${meta.className}" is stored in table "${table}", but a plugin's tables must be named "${tablePrefix}" or "${tablePrefix}_<name>" (set tableName)`;
    }
  }
  const configPrefix = configPrefixOf(def.id);
  for (const key of Object.keys(def.config?.properties ?? {})) {
    if (!ownsName(key, configPrefix, /[A-Z0-9]/)) {
      return `config key "${key}" must start with "${configPrefix}" (e.g. "${configPrefix}Enabled"), so it cannot clash with the core's or another plugin's keys`;
    }
  }
  const names = new Set<string>();
  for (const migration of def.migrations ?? []) {
    const name = (migration as { name?: unknown }).name;
    if (typeof name !== 'string' || !MIGRATION_NAME.test(name)) {
      return `migration name ${JSON.stringify(name)} is not usable: use letters, digits, "_", "-" and ".", e.g. "20261201000000_initial"`;
    }
    if (names.has(name)) return `migration "${name}" is listed twice`;
    names.add(name);
  }
  return null;
}

export interface ManifestSource {
  /** Path of the manifest file; relative plugin paths resolve against its folder. */
  path: string;
  /** Inline manifest (tests); when absent the file at `path` is read. */
  manifest?: unknown;
}

function describe(issues: ValidationIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path || '(root)'} ${i.message}`)
    .join('; ');
}

export async function readManifest(source: ManifestSource): Promise<PluginManifest> {
  let raw = source.manifest;
  if (raw === undefined) {
    let text: string;
    try {
      text = await readFile(source.path, 'utf8');
    } catch (err) {
      throw new ManifestError(source.path, `cannot be read (${(err as Error).message})`);
    }
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new ManifestError(source.path, `is not valid JSON (${(err as Error).message})`);
    }
  }
  const result = check<PluginManifest>(PluginManifest, raw, { applyDefaults: true });
  if (!result.ok) throw new ManifestError(source.path, describe(result.issues));
  return result.value;
}

/** The target of an `exports` entry for `import` (string, condition object or fallback array). */
function importTarget(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (Array.isArray(exports)) return exports.map(importTarget).find((t) => t !== undefined);
  if (typeof exports !== 'object' || exports === null) return undefined;
  const map = exports as Record<string, unknown>;
  if ('.' in map) return importTarget(map['.']);
  for (const [condition, target] of Object.entries(map)) {
    if (['import', 'node', 'default'].includes(condition)) {
      const found = importTarget(target);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Finds an installed package's entry from the manifest's folder. `require.resolve` does that, but
 * refuses packages whose `exports` only have an `import` condition (ESM-only packages), so those
 * are resolved from their package.json here.
 */
function resolvePackage(base: string, specifier: string): string {
  try {
    return createRequire(resolve(base, 'package.json')).resolve(specifier);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw err;
    for (let dir = base; ; dir = dirname(dir)) {
      const pkgDir = join(dir, 'node_modules', specifier);
      if (existsSync(join(pkgDir, 'package.json'))) {
        const target = importTarget(
          (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports?: unknown }).exports,
        );
        if (target === undefined) throw err;
        return resolve(pkgDir, target);
      }
      if (dirname(dir) === dir) throw err;
    }
  }
}

/** The `name` in a folder's package.json, if it has one. */
function folderPackageName(path: string): string | undefined {
  const manifest = join(path, 'package.json');
  if (!existsSync(path) || !statSync(path).isDirectory() || !existsSync(manifest)) return undefined;
  const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * A path entry: a module file, or a package folder (`./plugins-local/acme`) whose package.json
 * names its entry (`exports`, else `main`, else `index.js`), as `npm install` would resolve it.
 */
function resolvePath(path: string): string {
  if (!existsSync(path) || !statSync(path).isDirectory()) return path;
  const manifest = join(path, 'package.json');
  if (!existsSync(manifest)) return join(path, 'index.js');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: unknown };
  const target = importTarget(pkg.exports) ?? (typeof pkg.main === 'string' ? pkg.main : 'index.js');
  return resolve(path, target);
}

async function importPlugin(
  entry: ManifestEntry,
  manifestPath: string,
): Promise<{ definition: PluginDefinition; packageName: string | undefined }> {
  const base = dirname(manifestPath);
  const isPath = entry.package.startsWith('.') || isAbsolute(entry.package);
  const packageName = isPath ? folderPackageName(resolve(base, entry.package)) : entry.package;
  let url: string;
  try {
    url = isPath
      ? pathToFileURL(resolvePath(resolve(base, entry.package))).href
      : pathToFileURL(resolvePackage(base, entry.package)).href;
  } catch {
    throw new PluginBootError(
      BootErrorCodes.unknown,
      entry.id,
      `package "${entry.package}" cannot be found (is it installed, or is the path right?)`,
    );
  }
  let mod: { default?: unknown };
  try {
    mod = (await import(url)) as { default?: unknown };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const given = resolve(base, entry.package);
    const target = fileURLToPath(url);
    const message = String((err as Error).message);
    if (isPath && (code === 'ERR_MODULE_NOT_FOUND' || code === 'ENOENT') && message.includes(given)) {
      throw new PluginBootError(
        BootErrorCodes.unknown,
        entry.id,
        target !== given && message.includes(target) && existsSync(given)
          ? `folder "${entry.package}" names ${relative(given, target)} as its entry, which does not exist (is the plugin built? run npm run build in its folder)`
          : `file "${entry.package}" does not exist`,
      );
    }
    throw new PluginBootError(
      BootErrorCodes.loadFailed,
      entry.id,
      `loading "${entry.package}" failed: ${(err as Error).message}`,
      { cause: err },
    );
  }
  if (!isPluginDefinition(mod.default)) {
    throw new PluginBootError(
      BootErrorCodes.notAPlugin,
      entry.id,
      `"${entry.package}" does not default-export a definePlugin(...) definition`,
    );
  }
  return { definition: mod.default, packageName };
}

function checkDefinition(entry: ManifestEntry, def: PluginDefinition, thirdParty: boolean): Record<string, unknown> {
  const identity = {
    id: def.id,
    version: def.version,
    core: def.core,
    dependsOn: def.dependsOn ?? [],
    optionalDependsOn: def.optionalDependsOn ?? [],
  };
  const identityCheck = check(PluginIdentity, identity);
  if (!identityCheck.ok) {
    throw new PluginBootError(
      BootErrorCodes.notAPlugin,
      entry.id,
      `invalid definition: ${describe(identityCheck.issues)}`,
    );
  }
  if (def.id !== entry.id) {
    throw new PluginBootError(
      BootErrorCodes.idMismatch,
      entry.id,
      `package "${entry.package}" is the plugin "${def.id}", not "${entry.id}"`,
    );
  }
  if (semver.validRange(def.core) === null) {
    throw new PluginBootError(BootErrorCodes.coreMismatch, def.id, `core range "${def.core}" is not a semver range`);
  }
  if (!semver.satisfies(PLUGIN_API_VERSION, def.core, { includePrerelease: true })) {
    throw new PluginBootError(
      BootErrorCodes.coreMismatch,
      def.id,
      `version ${def.version} requires core ${def.core}, but this vidkeep's plugin API is ${PLUGIN_API_VERSION}; install a version of the plugin made for ${PLUGIN_API_VERSION}, or set "enabled": false in its manifest entry to start without it`,
    );
  }
  const foreign = thirdParty ? thirdPartyProblem(def) : null;
  if (foreign) throw new PluginBootError(BootErrorCodes.notOwned, def.id, foreign);
  const given = entry.options ?? {};
  if (!def.options) {
    if (Object.keys(given).length > 0) {
      throw new PluginBootError(BootErrorCodes.optionsInvalid, def.id, 'takes no options, but the manifest gives some');
    }
    return {};
  }
  const options = check<Record<string, unknown>>(def.options, given, { applyDefaults: true, prefix: 'options' });
  if (!options.ok) {
    throw new PluginBootError(BootErrorCodes.optionsInvalid, def.id, `invalid options: ${describe(options.issues)}`);
  }
  return options.value;
}

/** Orders plugins so every dependency registers first; manifest order breaks ties. */
function orderPlugins(plugins: LoadedPlugin[], disabled: Set<string>): LoadedPlugin[] {
  const byId = new Map(plugins.map((p) => [p.definition.id, p]));
  for (const p of plugins) {
    for (const dep of p.definition.dependsOn ?? []) {
      if (!byId.has(dep)) {
        throw new PluginBootError(
          BootErrorCodes.dependencyMissing,
          p.definition.id,
          disabled.has(dep)
            ? `depends on "${dep}", which is disabled in the manifest`
            : `depends on "${dep}", which is not in the manifest`,
        );
      }
    }
  }
  const ordered: LoadedPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: LoadedPlugin, path: string[]) => {
    const id = p.definition.id;
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(id)), id];
      throw new PluginBootError(BootErrorCodes.dependencyCycle, id, `circular dependency: ${cycle.join(' -> ')}`);
    }
    state.set(id, 'visiting');
    const deps = [...(p.definition.dependsOn ?? []), ...(p.definition.optionalDependsOn ?? [])];
    for (const dep of deps) {
      const target = byId.get(dep);
      if (target) visit(target, [...path, id]);
    }
    state.set(id, 'done');
    ordered.push(p);
  };
  for (const p of plugins) visit(p, []);
  return ordered;
}

/**
 * Reads the manifest, imports every enabled plugin and checks it. Fails fast with a
 * `PluginBootError` naming the plugin on: unknown package, not a plugin, id mismatch, duplicate
 * id, invalid options, missing or circular dependency, incompatible core range.
 */
export async function loadPlugins(
  source: ManifestSource,
  extra: { definition: PluginDefinition; options?: Record<string, unknown> }[] = [],
): Promise<LoadedPlugin[]> {
  const manifest = await readManifest(source);
  const seen = new Set<string>();
  const disabled = new Set<string>();
  const loaded: LoadedPlugin[] = [];
  for (const entry of manifest.plugins) {
    if (seen.has(entry.id)) {
      throw new PluginBootError(BootErrorCodes.duplicate, entry.id, 'appears more than once in the manifest');
    }
    seen.add(entry.id);
    if (!entry.enabled) {
      disabled.add(entry.id);
      continue;
    }
    const { definition, packageName } = await importPlugin(entry, source.path);
    const thirdParty = !isProjectPackage(packageName);
    loaded.push({ definition, options: checkDefinition(entry, definition, thirdParty), entry, thirdParty });
  }
  for (const { definition, options = {} } of extra) {
    const entry: ManifestEntry = { id: definition.id, package: '(inline)', enabled: true, options };
    if (seen.has(definition.id)) {
      throw new PluginBootError(BootErrorCodes.duplicate, definition.id, 'is loaded twice');
    }
    seen.add(definition.id);
    loaded.push({ definition, options: checkDefinition(entry, definition, false), entry, thirdParty: false });
  }
  return orderPlugins(loaded, disabled);
}
