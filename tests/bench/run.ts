import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm run bench [name...]`: runs every `tests/bench/*.bench.ts` (or the named ones) one after
 * another and prints their figures. Benchmarks print; they never pass or fail on timings.
 * BENCH_SECONDS sets the duration of each load run (default 10).
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
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
