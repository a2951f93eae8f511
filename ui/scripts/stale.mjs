// Whether the built web UI (dist/browser) is older than any of its sources: file times only.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtimeOf, newestMtime } from '../../core/scripts/mtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function uiIsStale() {
  const built = mtimeOf(join(root, 'dist/browser/index.html'));
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'public')),
    newestMtime(join(root, 'angular.json')),
    newestMtime(join(root, 'package.json')),
  );
  return built <= sources;
}
