import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Each "start" is a fresh Node process (plain Node, no TypeScript loader, so nothing else is
 * compiled through the hook) that installs the cache, requires a package of a temporary
 * `node_modules` and settles.
 */
const run = promisify(execFile);
const HARNESS = `
import { createRequire } from 'node:module';
import { installCodeCache } from './code-cache.mjs';
const [dir, from] = process.argv.slice(2);
const cache = installCodeCache(dir);
const value = createRequire(from)('pkg');
const counts = { hits: cache.hits, misses: cache.misses };
console.log(JSON.stringify({ value, ...counts, ...cache.settle() }));
`;
const nodeCachesItself = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

let root: string;
let pkgFile: string;
let cacheDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vidkeep-code-cache-'));
  const source = await readFile(new URL('./code-cache.ts', import.meta.url), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', platform: 'node' });
  await writeFile(join(root, 'code-cache.mjs'), code);
  await writeFile(join(root, 'harness.mjs'), HARNESS);
  await mkdir(join(root, 'node_modules', 'pkg'), { recursive: true });
  pkgFile = join(root, 'node_modules', 'pkg', 'index.js');
  await writeFile(pkgFile, 'module.exports = [1].map((n) => n * 10)[0];\n');
  cacheDir = join(root, 'config', 'cache');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function start(): Promise<{ value: unknown; hits: number; misses: number; written: boolean; bytes: number }> {
  const { stdout } = await run(process.execPath, [join(root, 'harness.mjs'), cacheDir, join(root, 'x.js')], {
    cwd: root,
  });
  return JSON.parse(stdout) as never;
}

describe.skipIf(nodeCachesItself)('the code cache of the dependencies (Node 20)', () => {
  it('the first start writes what it compiled; the next start takes it from the file', async () => {
    expect(await start()).toMatchObject({ value: 10, hits: 0, misses: 1, written: true });
    expect((await stat(join(cacheDir, `cjs-${process.version}-${process.arch}.bin`))).size).toBeGreaterThan(0);
    expect(await start()).toMatchObject({ value: 10, hits: 1, misses: 0, written: false });
  });

  it('a dependency changed since, even to the same size, is compiled again and never run from the old code', async () => {
    await start();
    // Same length: V8 alone accepts cached data for any source of the same length.
    await writeFile(pkgFile, 'module.exports = [2].map((n) => n * 10)[0];\n');
    const later = new Date(Date.now() + 5_000);
    await utimes(pkgFile, later, later);
    expect(await start()).toMatchObject({ value: 20, hits: 0, misses: 1, written: true });
    expect(await start()).toMatchObject({ value: 20, hits: 1, misses: 0 });
  });

  it('a damaged cache file is ignored and replaced', async () => {
    await start();
    await writeFile(join(cacheDir, `cjs-${process.version}-${process.arch}.bin`), 'not a cache');
    expect(await start()).toMatchObject({ value: 10, hits: 0, misses: 1, written: true });
    expect(await start()).toMatchObject({ value: 10, hits: 1 });
  });
});
