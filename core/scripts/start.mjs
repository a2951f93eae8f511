#!/usr/bin/env node
/**
 * `npm start`: rebuilds only what is older than its sources, then starts the server in this same
 * process. Staleness is a comparison of file times (a few milliseconds): the server's JavaScript
 * against `core/dist/.built` (written by build.mjs), the web UI against `ui/dist/browser/index.html`.
 * A fresh clone builds both once (the UI takes about 30 s on 2 cores; progress is printed).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtimeOf, newestMtime } from './mtime.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const isSource = (p) => p.endsWith('.ts') || p.endsWith('package.json');

function serverSourcesTime() {
  let m = 0;
  for (const dir of ['contracts', 'core', 'kit', 'migrations']) m = Math.max(m, newestMtime(join(root, dir), isSource));
  for (const tier of ['libs', 'plugins'])
    for (const p of readdirSync(join(root, tier))) m = Math.max(m, newestMtime(join(root, tier, p), isSource));
  return m;
}

function run(script, args) {
  const r = spawnSync(process.execPath, [join(root, script), ...args], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (serverSourcesTime() > mtimeOf(join(root, 'core/dist/.built'))) run('core/scripts/build.mjs', ['--quiet']);
if ((await import('../../ui/scripts/stale.mjs')).uiState() !== 'fresh') run('ui/scripts/build.mjs', ['--if-stale']);
await import('../dist/server.js');
