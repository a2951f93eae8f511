// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** The routes of the retention plugin. */
export interface RetentionRoutes {
  'GET /api/auto-removal/status': {
    response: Static<typeof C.AutoRemovalStatus>;
  };
  'POST /api/auto-removal/dry-run': {
    body: Static<typeof C.AutoRemovalDryRunRequest>;
    response: Static<typeof C.AutoRemovalResult>;
  };
  'POST /api/auto-removal/run': {
    response: Static<typeof C.AutoRemovalResult>;
  };
}
