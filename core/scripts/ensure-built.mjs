/**
 * Builds what is older than its sources: the server's JavaScript against `core/dist/.built`
 * (written by build.mjs), the web UI against `ui/dist/browser/index.html`. Staleness is a
 * comparison of file times (a few milliseconds). Used by `npm start` and by `npm ci`'s postinstall.
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

export async function ensureBuilt() {
  if (serverSourcesTime() > mtimeOf(join(root, 'core/dist/.built'))) run('core/scripts/build.mjs', ['--quiet']);
  if ((await import('../../ui/scripts/stale.mjs')).uiState() !== 'fresh') run('ui/scripts/build.mjs', ['--if-stale']);
}
