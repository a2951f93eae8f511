// Whether the built web UI (dist/browser) is older than any of its sources: file times only.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtimeOf, newestMtime } from '../../core/scripts/mtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * 'fresh' (nothing to do), 'uncompressed' (a current build from before the precompressed
 * copies: only those need writing) or 'stale' (build again).
 */
export function uiState() {
  const built = mtimeOf(join(root, 'dist/browser/index.html'));
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'public')),
    newestMtime(join(root, 'angular.json')),
    newestMtime(join(root, 'package.json')),
  );
  if (built <= sources) return 'stale';
  return readdirSync(join(root, 'dist/browser')).some((f) => f.endsWith('.br')) ? 'fresh' : 'uncompressed';
}
