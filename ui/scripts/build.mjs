// Builds the Angular UI into ui/dist/browser, then writes `<file>.br` and `<file>.gz` beside each
// text file so that the server sends them precompressed (core/src/http/ui.ts). With --if-stale
// (used by `npm start`) it does nothing when the build is newer than every source file, so
// restarts stay fast (a build from before the compressed copies only gets those added).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDir } from './compress.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const browser = join(root, 'dist/browser');
const ifStale = process.argv.includes('--if-stale');

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = 0;
  for (const e of readdirSync(path)) m = Math.max(m, newest(join(path, e)));
  return m;
}

if (ifStale) {
  let built = 0;
  try {
    built = statSync(join(browser, 'index.html')).mtimeMs;
  } catch {
    /* never built */
  }
  const sources = Math.max(
    newest(join(root, 'src')),
    newest(join(root, 'public')),
    newest(join(root, 'angular.json')),
    newest(join(root, 'package.json')),
  );
  if (built > sources) {
    if (!readdirSync(browser).some((f) => f.endsWith('.br'))) compressDir(browser);
    process.exit(0);
  }
  console.log('Building the web UI (first start or changed sources, about 15 s)…');
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
