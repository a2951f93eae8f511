// File-time helpers shared by the build scripts and `npm start`'s staleness check.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['dist', 'node_modules', '.angular']);

/** Newest modification time (ms) of a file, or of any file under a folder; 0 when missing. */
export function newestMtime(path, accept = () => true) {
  let s;
  try {
    s = statSync(path);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return accept(path) ? s.mtimeMs : 0;
  let m = 0;
  for (const e of readdirSync(path)) if (!SKIP.has(e)) m = Math.max(m, newestMtime(join(path, e), accept));
  return m;
}

/** Modification time of a file (ms), 0 when it does not exist. */
export function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
