/**
 * A V8 code cache for the npm dependencies, kept in `CONFIG_DIR/cache/`.
 *
 * About 1,100 CommonJS files of our dependencies (MikroORM, knex, lodash, Fastify, Ajv, ...) are
 * compiled at every start: ~0.25 s of compiling on a 2-core machine, plus compiling each function
 * the start runs. V8 can serialize what it compiled and take it back instead of compiling again.
 * Node 22 does that itself (`module.enableCompileCache`), which is used where it exists. Node 20
 * has no such switch, so here the CommonJS loader's compile step goes through `vm.Script` with
 * `cachedData`: the same wrapper function Node compiles, run with the same arguments.
 *
 * - A cached entry is used only for the file it was made from (path, size and modification time);
 *   V8 itself refuses data from another V8 version or other flags. A refused or missing entry
 *   compiles as usual.
 * - The file is written once the service has started and something was missing (the first start,
 *   or after an upgrade), from the scripts compiled so far, so it holds the functions the start
 *   ran. It is written atomically; a damaged file is ignored.
 * - Only the file's index is kept in memory: each entry is read into one reused buffer when its
 *   module is compiled (V8 reads the data during the compile only), so the ~4 MB of cached data
 *   are not held by a Buffer that only a later full garbage collection would free.
 * - Only files under `node_modules` are affected: our own bundles are ES modules.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join, sep } from 'node:path';
import vm from 'node:vm';

interface Entry {
  mtimeMs: number;
  size: number;
  offset: number;
  length: number;
}

interface CompilingModule {
  exports: unknown;
  require(id: string): unknown;
  paths: string[];
}

interface LoaderInternals {
  prototype: { _compile(this: CompilingModule, content: string, filename: string, format?: string): unknown };
  wrap(content: string): string;
  _resolveFilename(request: string, parent: CompilingModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: CompilingModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
  enableCompileCache?: (dir: string) => unknown;
}

const loader = Module as unknown as LoaderInternals;
const NODE_MODULES = `${sep}node_modules${sep}`;

export interface CodeCache {
  /** Compiled with an entry from the file / without one. */
  readonly hits: number;
  readonly misses: number;
  /** Writes the file if anything was missing, then lets go of what it kept for that. */
  settle(): { written: boolean; bytes: number };
}

/** Installs the cache stored in `dir`; null on Node versions that cache by themselves. */
export function installCodeCache(dir: string): CodeCache | null {
  if (typeof loader.enableCompileCache === 'function') {
    try {
      loader.enableCompileCache(dir);
    } catch {
      // A cache is an optimisation: without one the service starts as usual.
    }
    return null;
  }
  const file = join(dir, `cjs-${process.version}-${process.arch}.bin`);
  let stored = openStore(file);
  const fresh = new Map<string, { script: vm.Script; mtimeMs: number; size: number }>();
  const reused = new Map<string, Entry>();
  let settled = false;
  let hits = 0;
  let misses = 0;

  const original = loader.prototype._compile;
  loader.prototype._compile = function compileWithCache(content, filename, format) {
    if (format === 'module' || !filename.includes(NODE_MODULES)) return original.call(this, content, filename, format);
    let mtimeMs: number;
    let size: number;
    try {
      ({ mtimeMs, size } = statSync(filename));
    } catch {
      return original.call(this, content, filename, format);
    }
    const entry = stored?.entries[filename];
    const usable = stored !== null && entry !== undefined && entry.mtimeMs === mtimeMs && entry.size === size;
    let script: vm.Script;
    try {
      script = new vm.Script(loader.wrap(content), {
        filename,
        cachedData: usable ? stored!.read(entry) : undefined,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      // Not a script (an ES module in a .js file, a hashbang line): Node's own path handles it.
      return original.call(this, content, filename, format);
    }
    if (usable && !script.cachedDataRejected) {
      hits++;
      if (!settled) reused.set(filename, entry);
    } else {
      misses++;
      if (!settled) fresh.set(filename, { script, mtimeMs, size });
    }
    const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, dirname(filename));
  };

  return {
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    settle() {
      if (settled) return { written: false, bytes: 0 };
      settled = true;
      let result = { written: false, bytes: 0 };
      if (fresh.size > 0) {
        try {
          result = { written: true, bytes: writeStore(file, stored, reused, fresh) };
        } catch {
          // Read-only or full disk: the next start compiles as this one did.
        }
      }
      fresh.clear();
      reused.clear();
      stored?.close();
      stored = null;
      return result;
    },
  };
}

/** The `require` a CommonJS module receives (as Node's loader builds it). */
function requireFor(mod: CompilingModule) {
  const require = (id: string) => mod.require(id);
  const resolve = (request: string, options?: unknown) => loader._resolveFilename(request, mod, false, options);
  resolve.paths = (request: string) => loader._resolveLookupPaths(request, mod);
  return Object.assign(require, {
    resolve,
    main: process.mainModule,
    extensions: loader._extensions,
    cache: loader._cache,
  });
}

interface Store {
  entries: Record<string, Entry>;
  /** The entry's data, in a buffer that the next call reuses. */
  read(entry: Entry): Buffer;
  /** A copy of the entry's data. */
  copy(entry: Entry): Buffer;
  close(): void;
}

/** The file: a 4-byte index length, the JSON index (entries by path), then the cached data. */
function openStore(file: string): Store | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const length = Buffer.alloc(4);
    if (readSync(fd, length, 0, 4, 0) !== 4) throw new Error('short');
    const indexLength = length.readUInt32LE(0);
    if (indexLength > fstatSync(fd).size - 4) throw new Error('not a cache file');
    const index = Buffer.alloc(indexLength);
    if (readSync(fd, index, 0, index.length, 4) !== index.length) throw new Error('short');
    const entries = JSON.parse(index.toString('utf8')) as Record<string, Entry>;
    const dataStart = 4 + index.length;
    let scratch = Buffer.alloc(0);
    const fill = (entry: Entry, into: Buffer) => {
      const got = readSync(fd, into, 0, entry.length, dataStart + entry.offset);
      // A short read (a truncated file) gives V8 data it refuses: the module compiles as usual.
      return into.subarray(0, got);
    };
    return {
      entries,
      read(entry) {
        if (scratch.length < entry.length) scratch = Buffer.alloc(Math.max(entry.length, 2 * scratch.length));
        return fill(entry, scratch);
      },
      copy: (entry) => fill(entry, Buffer.alloc(entry.length)),
      close: () => closeSync(fd),
    };
  } catch {
    closeSync(fd);
    return null;
  }
}

function writeStore(
  file: string,
  stored: Store | null,
  reused: Map<string, Entry>,
  fresh: Map<string, { script: vm.Script; mtimeMs: number; size: number }>,
): number {
  const entries: Record<string, Entry> = {};
  const chunks: Buffer[] = [];
  let offset = 0;
  const add = (path: string, mtimeMs: number, size: number, data: Buffer) => {
    entries[path] = { mtimeMs, size, offset, length: data.length };
    chunks.push(data);
    offset += data.length;
  };
  for (const [path, e] of reused) add(path, e.mtimeMs, e.size, stored!.copy(e));
  for (const [path, f] of fresh) add(path, f.mtimeMs, f.size, f.script.createCachedData());
  const header = Buffer.from(JSON.stringify(entries));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  const blob = Buffer.concat([length, header, ...chunks]);
  writeFileSync(temp, blob);
  renameSync(temp, file);
  return blob.length;
}
