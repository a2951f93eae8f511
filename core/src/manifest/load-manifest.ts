/**
 * The plugin manifest: reading and checking it, then loading every enabled plugin (imported,
 * checked against its entry and the core, ordered by dependency).
 */
import { readFile } from 'node:fs/promises';
import { PluginIdentity, PluginManifest, type ManifestEntry } from '@vidkeep/contracts';
import semver from 'semver';
import { check, type ValidationIssue } from '../validation/schema-validator.js';
import { PLUGIN_API_VERSION } from '../version.js';
import type { PluginDefinition } from '../plugin-api/definition.js';
import { BootErrorCodes, ManifestError, PluginBootError } from './boot-error.js';
import { importPlugin } from './plugin-import.js';
import { orderPlugins } from './plugin-order.js';
import { isProjectPackage, thirdPartyProblem } from './plugin-ownership.js';

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
