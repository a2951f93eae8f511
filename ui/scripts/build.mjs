// Builds the Angular UI into ui/dist/browser. With --if-stale (used by `npm start`) it does
// nothing when the build is newer than every source file, so restarts stay fast.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uiIsStale } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');

if (ifStale) {
  if (!uiIsStale()) process.exit(0);
  console.log('Building the web UI (first start or changed sources, about 20 s)…');
}
const r = spawnSync(process.execPath, [join(root, '..', 'node_modules/@angular/cli/bin/ng.js'), 'build'], {
  cwd: root,
  stdio: ifStale ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  env: { ...process.env, NG_CLI_ANALYTICS: 'false' },
});
process.exit(r.status ?? 1);
