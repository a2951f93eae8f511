// Builds the Angular UI into ui/dist/browser, then writes `<file>.br` and `<file>.gz` beside each
// text file so that the server sends them precompressed (core/src/http/ui.ts). With --if-stale
// (used by `npm start`) it does nothing when the build is newer than every source file, so
// restarts stay fast (a build from before the compressed copies only gets those added); when it
// does build, it says what it is doing and how long it has been at it, since a first start on a
// small machine waits half a minute for this.
import { spawn } from 'node:child_process';
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
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
/** While `npm start` waits: a line every 10 s (or one line kept up to date on a terminal). */
function heartbeat() {
  console.log('Building the web UI (first start or changed sources; about 30 s on 2 cores)…');
  const tty = process.stdout.isTTY;
  const timer = setInterval(
    () => {
      if (tty) process.stdout.write(`\r  compiling the Angular app… ${seconds()} s`);
      else console.log(`  still compiling the Angular app (${seconds()} s)`);
    },
    tty ? 1000 : 10_000,
  );
  return () => {
    clearInterval(timer);
    if (tty) process.stdout.write('\n');
  };
}

const stopHeartbeat = ifStale ? heartbeat() : () => {};
const child = spawn(process.execPath, [join(root, '..', 'node_modules/@angular/cli/bin/ng.js'), 'build'], {
  cwd: root,
  stdio: ifStale ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  env: { ...process.env, NG_CLI_ANALYTICS: 'false' },
});
const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
stopHeartbeat();
if (status === 0) {
  if (ifStale) console.log(`  compressing the UI for the browser (${seconds()} s)…`);
  const { plain, brotli } = compressDir(browser);
  const sizes = `${Math.round(plain / 1024)} KiB, ${Math.round(brotli / 1024)} KiB as brotli`;
  console.log(
    ifStale ? `Built the web UI in ${seconds()} s (${sizes}); later starts skip this.` : `Compressed the UI: ${sizes}`,
  );
} else if (ifStale) {
  console.error(`The web UI build failed after ${seconds()} s (exit code ${status}); the messages above say why.`);
}
process.exit(status);
