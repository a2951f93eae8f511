/**
 * The service's entry (`npm start` imports it; `node core/dist/server.js` runs it).
 *
 * Two things must be in place before any other module loads: stack traces that name the
 * TypeScript sources (source-stacks.ts) and the dependencies' code cache (code-cache.ts). Static
 * imports are all evaluated before the importing module's own code, so the service itself is
 * imported dynamically, after both.
 */
import './source-stacks.js';
import { installCodeCache } from './code-cache.js';
import { configDirOf } from './env.js';

const codeCache = installCodeCache(`${configDirOf()}/cache`);
const { main } = await import('./main.js');
await main(codeCache);
