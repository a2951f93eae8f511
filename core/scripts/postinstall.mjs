#!/usr/bin/env node
/**
 * After `npm ci` / `npm install`: builds the server and the web UI (the UI takes about 30 s on 2
 * cores, with its progress printed), so the first `npm start` serves at once instead of building
 * then. Skipped when the build tools are not installed (an install without devDependencies) or
 * with VIDKEEP_SKIP_BUILD=1; `npm start` builds what is missing then.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const tools = ['esbuild', '@angular/cli/package.json'];
const missing = tools.filter((t) => {
  try {
    require.resolve(t);
    return false;
  } catch {
    return true;
  }
});
if (process.env.VIDKEEP_SKIP_BUILD === '1') console.log('vidkeep: VIDKEEP_SKIP_BUILD=1, not building now');
else if (missing.length) console.log(`vidkeep: ${missing.join(', ')} not installed; npm start builds what it needs`);
else {
  const { ensureBuilt } = await import('./ensure-built.mjs');
  await ensureBuilt();
}
