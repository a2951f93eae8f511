#!/usr/bin/env node
/**
 * `npm start`: rebuilds only what is older than its sources (see ensure-built.mjs; `npm ci` built
 * both already, so a first start serves at once), then starts the server in this same process.
 */
import { ensureBuilt } from './ensure-built.mjs';

await ensureBuilt();
await import('../dist/server.js');
