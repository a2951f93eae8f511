// Builds the Angular UI into ui/dist/browser, then writes `<file>.br` and `<file>.gz` beside each
// text file so that the server sends them precompressed (core/src/http/ui.ts). With --if-stale
// (used by `npm start`) it does nothing when the build is newer than every source file, so
// restarts stay fast (a build from before the compressed copies only gets those added).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDir } from './compress.mjs';
import { uiState } from './stale.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const browser = join(root, 'dist/browser');
const ifStale = process.argv.includes('--if-stale');

if (ifStale) {
  const state = uiState();
  if (state === 'fresh') process.exit(0);
  if (state === 'uncompressed') {
    compressDir(browser);
    process.exit(0);
  }
  console.log('Building the web UI (first start or changed sources, about 20 s)…');
}
const r = spawnSync(process.execPath, [join(root, '..', 'node_modules/@angular/cli/bin/ng.js'), 'build'], {
  cwd: root,
  stdio: ifStale ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  env: { ...process.env, NG_CLI_ANALYTICS: 'false' },
});
if (r.status === 0) {
  const { plain, brotli } = compressDir(browser);
  if (!ifStale)
    console.log(`Compressed the UI: ${Math.round(plain / 1024)} KiB, ${Math.round(brotli / 1024)} KiB as brotli`);
}
process.exit(r.status ?? 1);
