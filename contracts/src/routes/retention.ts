// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { Route } from './route.js';

/** The routes of the retention plugin. */
export interface RetentionRoutes {
  'GET /api/auto-removal/status': Route<'AutoRemovalStatus'>;
  'POST /api/auto-removal/dry-run': Route<'AutoRemovalResult', never, never, 'AutoRemovalDryRunRequest'>;
  'POST /api/auto-removal/run': Route<'AutoRemovalResult'>;
}
