#!/usr/bin/env node
/**
 * Builds every workspace package (contracts, core, kit, libs/*, migrations, plugins/*) from TypeScript into
 * plain ES modules in its own `dist/`: one bundle per entry file of the package (its `exports`,
 * the server, worker files), with the code its entries share split into chunks beside them, so
 * each module of a package still exists once. Imports of other packages stay imports: every
 * plugin, third-party ones included, shares one instance of `@vidkeep/contracts`, the plugin API
 * and the npm dependencies. Takes under a second.
 *
 * Why bundles: Node 20 loads ES modules one file at a time through its loader; the ~350 files of
 * our packages and the ~370 of TypeBox cost about 0.2 s of every start (docs/performance.md).
 * Why not TypeScript at run time: running the sources through a loader (tsx) doubled start-up
 * time and added ~45 MiB of resident memory; `npm start` runs plain Node on `dist/` instead.
 * Tests, typecheck and `npm run dev` use the sources through the `source` export condition.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const packages = [
  'contracts',
  'core',
  'kit',
  'migrations',
  ...readdirSync(join(root, 'libs'))
    .filter((p) => existsSync(join(root, 'libs', p, 'package.json')))
    .map((p) => `libs/${p}`),
  ...readdirSync(join(root, 'plugins'))
    .filter((p) => existsSync(join(root, 'plugins', p, 'package.json')))
    .map((p) => `plugins/${p}`),
];

/** Every `.ts` file under `dir` that ends up in `dist/` (no tests, no declarations). */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'dist' || name === 'node_modules' || name === 'scripts') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * The files of a package that are loaded by path: its `exports` entries, the server's entry, and
 * worker files (`src/**\/jobs/*.ts`, started by path in a worker thread). Everything else is
 * reached through them.
 */
function entryPoints(dir, srcDir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = new Set();
  for (const target of Object.values(pkg.exports ?? {})) {
    if (typeof target === 'object' && typeof target.source === 'string') entries.add(join(dir, target.source));
  }
  const server = join(srcDir, 'server.ts');
  if (existsSync(server)) entries.add(server);
  for (const file of sources(srcDir)) if (/[\\/]jobs[\\/][^\\/]+\.ts$/.test(file)) entries.add(file);
  return [...entries];
}

/**
 * Package imports stay imports (each package is one module instance that every plugin shares),
 * except TypeBox: it is ~370 small ES modules that only `@vidkeep/contracts` imports, so it goes
 * into the contracts bundle (one file instead of 370 at every start).
 *
 * A package that is CommonJS only (MikroORM, Fastify, Ajv, ...) is loaded with `require` instead
 * of `import` (`isCommonJsOnly` below): the same file and the same module instance either way, but
 * Node 20's `import` of a CommonJS file first runs its export lexer over the file and every file
 * it re-exports (all ~140 of `@mikro-orm/core`), which cost ~0.25 s of every start.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === 'typebox' || args.path.startsWith('typebox/')) return undefined;
      // A dynamic `import()` stays one: it is off the start's path (Swagger, Bree, the migrator),
      // and esbuild's split chunk for a required package would export only its `default`.
      if (
        args.namespace === CJS_NAMESPACE ||
        args.kind === 'dynamic-import' ||
        isBuiltin(args.path) ||
        !isCommonJsOnly(args.path, args.resolveDir)
      ) {
        return { path: args.path, external: true };
      }
      return { path: args.path, namespace: CJS_NAMESPACE };
    });
    b.onLoad({ filter: /.*/, namespace: CJS_NAMESPACE }, (args) => ({
      contents: `module.exports = ${CJS_REQUIRE}(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const CJS_NAMESPACE = 'cjs-require';
/** Bound at the top of every output file (the build's `banner`), resolving from that file. */
const CJS_REQUIRE = '__vidkeepRequire';
const CJS_BANNER = `import{createRequire as __vidkeepCreateRequire}from"node:module";const ${CJS_REQUIRE}=__vidkeepCreateRequire(import.meta.url);`;

const commonJsOnly = new Map();
/**
 * Whether `import` and `require` of `specifier` reach one CommonJS module: the package is not
 * `"type": "module"` and either names no ES module build (`import`, `module`, `.mjs`) or its
 * `import` entry is only a wrapper that re-exports its `require` entry (MikroORM's `index.mjs`).
 * A package with a real ES module build keeps its `import`: requiring it would load a second copy.
 */
function isCommonJsOnly(specifier, fromDir) {
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const pkgDir = join(dir, 'node_modules', name);
    if (existsSync(join(pkgDir, 'package.json'))) {
      if (!commonJsOnly.has(pkgDir)) commonJsOnly.set(pkgDir, classify(pkgDir));
      return commonJsOnly.get(pkgDir);
    }
    if (dirname(dir) === dir) return false;
  }
}

/**
 * Packages that ship both builds but that a dependency already loads with `require`: importing
 * their ES build would load a second copy beside it. `@fastify/awilix` requires awilix.
 */
const LOADED_WITH_REQUIRE = new Set(['awilix']);

function classify(pkgDir) {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  if (LOADED_WITH_REQUIRE.has(pkg.name)) return true;
  if (pkg.type === 'module' || /\.mjs$/.test(pkg.main ?? '')) return false;
  if (!/"(import|module)"\s*:|\.mjs"/.test(JSON.stringify(pkg.exports ?? null))) return true;
  const root = pkg.exports?.['.'];
  const esm = root?.import?.default ?? root?.import;
  if (typeof esm !== 'string' || typeof root?.require !== 'string') return false;
  const wrapper = readFileSync(join(pkgDir, esm), 'utf8').match(/^import (\w+) from "([^"]+)";/);
  return wrapper !== null && join(pkgDir, wrapper[2]) === join(pkgDir, root.require);
}

/**
 * One character outside ASCII makes V8 keep a module's whole source as a two-byte string (twice
 * the memory). esbuild escapes strings, but not regular expression literals: write `\u00B7`.
 */
function asciiOnly(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => /[\u0080-\uFFFF]/.test(l));
  if (at < 0) return;
  const ch = lines[at].match(/[\u0080-\uFFFF]/)[0];
  const code = `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  console.error(
    `${relative(root, file)}:${at + 1}: the character "${ch}" is not ASCII; write it as ${code} in the source`,
  );
  process.exit(1);
}

const started = performance.now();
let files = 0;
await Promise.all(
  packages.map(async (pkg) => {
    const dir = join(root, pkg);
    const srcDir = existsSync(join(dir, 'src')) ? join(dir, 'src') : dir;
    const entries = entryPoints(dir, srcDir);
    files += entries.length;
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const result = await build({
      entryPoints: entries,
      outdir: join(dir, 'dist'),
      outbase: srcDir,
      bundle: true,
      splitting: true,
      chunkNames: '[name]-[hash]',
      plugins: [externalPackages],
      format: 'esm',
      banner: { js: CJS_BANNER },
      platform: 'node',
      target: 'node20',
      // Maps without the sources' text (2 of their 3 MB): stack traces need only the mappings
      // (core/src/source-stacks.ts reads a map when an error's stack passes through its bundle).
      sourcemap: true,
      sourcesContent: false,
      // Without comments and indentation: V8 keeps every loaded module's source text for the
      // process's life (our JSDoc was a third of it). Names are kept; the maps point at the sources.
      minifyWhitespace: true,
      minifySyntax: true,
      metafile: true,
      logLevel: 'warning',
    });
    for (const out of Object.keys(result.metafile.outputs)) if (out.endsWith('.js')) asciiOnly(join(root, out));
  }),
);
// `npm start` rebuilds only when a source is newer than this file (core/scripts/start.mjs).
writeFileSync(join(root, 'core/dist/.built'), `${new Date().toISOString()}\n`);
if (!process.argv.includes('--quiet')) {
  console.log(
    `built ${files} entry files of ${packages.length} packages into */dist in ${Math.round(performance.now() - started)} ms (${packages.map((p) => relative(root, join(root, p))).join(', ')})`,
  );
}
