#!/usr/bin/env node
/**
 * Compiles src/ to plain ES modules in dist/, file by file (`npm start` runs plain Node, so a
 * plugin ships JavaScript). Runs before `npm pack`.
 * esbuild only transpiles: `npm run typecheck` checks the types.
 */
import { build } from 'esbuild';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const sources = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });

rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: sources(join(root, 'src')),
  outdir: join(root, 'dist'),
  outbase: join(root, 'src'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
