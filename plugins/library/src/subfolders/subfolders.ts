import { readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConflictError,
  DownloaderErrorCodes,
  InvalidInputError,
  NotFoundError,
  RESERVED_SUBFOLDER,
  subfolderProblem,
  type ProviderSet,
  type SubfolderCreated,
  type SubfolderDeleted,
  type SubfolderEntry,
  type SubfolderUser,
} from '@vidkeep/contracts';

export interface SubfolderRegistryDeps {
  outputDir: string;
  /** The registry table (`library_subfolders`). */
  registry: {
    names(): Promise<string[]>;
    register(names: string[]): Promise<void>;
    unregister(name: string): Promise<number>;
  };
  /** Every plugin's use of subfolders (channels, playlists, media-server mappings), live. */
  users: ProviderSet<SubfolderUser>;
  /** The global `defaultSubfolder` (empty: the root). */
  defaultSubfolder: () => string;
}

/**
 * The subfolder registry (spec 2.9, reference 1.12): the names known from the registry, the
 * plugins that use subfolders, the default setting and the `__<name>` folders on disk, each with
 * what uses it. A subfolder in use, the default one, or one whose folder holds files cannot be
 * deleted (409, the reasons in words); deleting removes the name and its empty folder.
 */
export class SubfolderRegistry {
  constructor(private readonly deps: SubfolderRegistryDeps) {}

  async list(): Promise<SubfolderEntry[]> {
    const { deps } = this;
    const users = deps.users.entries();
    const [registered, usages, onDisk] = await Promise.all([
      deps.registry.names(),
      Promise.all(users.map((u) => u.provider.usage().catch(() => new Map<string, number>()))),
      this.foldersOnDisk(),
    ]);
    const def = deps.defaultSubfolder();
    const names = new Set<string>([...registered, ...onDisk]);
    for (const usage of usages) for (const [name, n] of usage) if (n > 0) names.add(name);
    if (def) names.add(def);
    const registeredSet = new Set(registered);
    const entries = await Promise.all(
      [...names]
        .filter((n) => n && n !== RESERVED_SUBFOLDER)
        .sort((a, b) => a.localeCompare(b))
        .map(async (name): Promise<SubfolderEntry> => {
          const hasFiles = await this.hasFiles(name);
          const usage: SubfolderEntry['usage'] & Record<string, number | boolean> = {
            isDefault: name === def,
            hasFiles,
          };
          const list: SubfolderEntry['users'] = [];
          users.forEach((u, i) => {
            const count = usages[i]!.get(name) ?? 0;
            const { field, kind } = u.provider;
            if (field !== 'isDefault' && field !== 'hasFiles') {
              // Two contributors to one field add up (counts) or either one sets it (flags).
              const prev = usage[field];
              usage[field] =
                kind === 'flag' ? prev === true || count > 0 : (typeof prev === 'number' ? prev : 0) + count;
            }
            if (count > 0) list.push({ key: u.key, count, text: u.provider.describe(count) });
          });
          const reasons = [
            ...list.map((u) => `used by ${u.text}`),
            ...(usage.isDefault ? ['it is the default subfolder for new downloads (Settings: defaultSubfolder)'] : []),
            ...(hasFiles ? [`its folder __${name} holds files`] : []),
          ];
          return {
            name,
            displayName: `__${name}`,
            registered: registeredSet.has(name),
            usage,
            users: list,
            deletable: reasons.length === 0,
            reasons,
          };
        }),
    );
    return entries;
  }

  /** Registers a name (`created: false` when it is registered already, in any case). */
  async create(input: string): Promise<SubfolderCreated> {
    const name = input.trim();
    const problem = subfolderProblem(name);
    if (problem || name === '') {
      const message = problem ?? 'subfolder must not be empty';
      throw new InvalidInputError(DownloaderErrorCodes.subfolderInvalid, message, {
        details: [{ path: 'name', message }],
      });
    }
    const existing = (await this.deps.registry.names()).find((n) => n.toLowerCase() === name.toLowerCase());
    if (existing) return { name: existing, created: false };
    await this.deps.registry.register([name]);
    return { name, created: true };
  }

  async delete(name: string): Promise<SubfolderDeleted> {
    const entry = (await this.list()).find((e) => e.name === name);
    if (!entry) {
      throw new NotFoundError(
        DownloaderErrorCodes.subfolderNotFound,
        `There is no subfolder ${name}: it is not registered, used, configured or on disk`,
      );
    }
    if (!entry.deletable) {
      throw new ConflictError(
        DownloaderErrorCodes.subfolderInUse,
        `The subfolder ${name} cannot be deleted: ${entry.reasons.join('; ')}`,
        { details: entry.reasons.map((message) => ({ path: 'name', message })) },
      );
    }
    await this.deps.registry.unregister(name);
    const folderRemoved = await removeEmptyTree(join(this.deps.outputDir, `__${name}`));
    return { deleted: true, folderRemoved };
  }

  /** `__<name>` folders directly in the output directory (valid names only). */
  private async foldersOnDisk(): Promise<string[]> {
    const entries = await readdir(this.deps.outputDir, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isDirectory() && e.name.startsWith('__') && e.name !== RESERVED_SUBFOLDER)
      .map((e) => e.name.slice(2))
      .filter((n) => n !== '' && subfolderProblem(n) === null);
  }

  /** Whether `__<name>` holds any file (or link) at any depth; stops at the first one. */
  private async hasFiles(name: string): Promise<boolean> {
    const walk = async (dir: string): Promise<boolean> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      if (entries.some((e) => !e.isDirectory())) return true;
      for (const e of entries) if (await walk(join(dir, e.name))) return true;
      return false;
    };
    return walk(join(this.deps.outputDir, `__${name}`));
  }
}

/**
 * Removes a folder made only of empty folders, deepest first. `rmdir` never removes anything
 * that holds a file, so a download that writes there meanwhile keeps its folder.
 */
async function removeEmptyTree(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (entries === null) return false;
  for (const e of entries) if (e.isDirectory()) await removeEmptyTree(join(dir, e.name));
  return rmdir(dir).then(
    () => true,
    () => false,
  );
}
