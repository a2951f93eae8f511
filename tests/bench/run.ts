import { readdirSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureCurrentYtDlp } from '../setup-ytdlp.mjs';

/**
 * `npm run bench [name...]`: runs every `tests/bench/*.bench.ts` (or the named ones) one after
 * another and prints their figures. Benchmarks print; they never pass or fail on timings.
 * BENCH_SECONDS sets the duration of each load run (default 10). yt-dlp is the current release of
 * tests/ytdlp-version.txt (installed once, as for the tests).
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
// The yt-dlp people run: the release pinned in tests/ytdlp-version.txt comes first on PATH for
// every suite and the servers they start (the download suite also measures Debian's build).
process.env.PATH = [ensureCurrentYtDlp(), process.env.PATH ?? ''].join(delimiter);
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(`${dir}${file}`).href)) as { default: () => Promise<void> };
  await mod.default();
}
