/**
 * Finding a manifest entry's module (an installed package, a module file or a package folder)
 * and importing its plugin definition.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ManifestEntry } from '@vidkeep/contracts';
import { isPluginDefinition, type PluginDefinition } from '../plugin-api/definition.js';
import { BootErrorCodes, PluginBootError } from './boot-error.js';

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
export async function importPlugin(
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
