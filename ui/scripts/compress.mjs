// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside each text file of
// a built UI, so that the server sends them precompressed (core/src/http/ui.ts serves them with
// @fastify/static's `preCompressed`). Used by build.mjs after the Angular build; also runnable on
// its own: `node ui/scripts/compress.mjs [dir]` (default ui/dist/browser).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|ico|webmanifest|map)$/;

/**
 * Compresses every compressible file under `dir`; a copy that saves less than a tenth is not
 * written (not worth a second file per request). Returns the plain and brotli byte totals.
 */
export function compressDir(dir) {
  let plain = 0;
  let brotli = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = join(dir, String(entry));
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    for (const [ext, body] of [
      ['br', br],
      ['gz', gz],
    ]) {
      if (body.length < data.length * 0.9) writeFileSync(`${file}.${ext}`, body);
      else rmSync(`${file}.${ext}`, { force: true });
    }
    plain += data.length;
    brotli += Math.min(br.length, data.length);
  }
  return { plain, brotli };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist/browser'));
  const { plain, brotli } = compressDir(dir);
  console.log(`Compressed ${dir}: ${Math.round(plain / 1024)} KiB, ${Math.round(brotli / 1024)} KiB as brotli`);
}
