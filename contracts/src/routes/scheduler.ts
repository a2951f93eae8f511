// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { DefaultsOptional } from './defaults.js';

/** The routes of the scheduler plugin. */
export interface SchedulerRoutes {
  'GET /api/schedules': {
    response: Static<typeof C.ScheduleList>;
  };
  'GET /api/schedules/:key/runs': {
    params: Static<typeof C.TaskKeyParams>;
    query: DefaultsOptional<Static<typeof C.TaskRunListQuery>, 'page' | 'pageSize'>;
    response: Static<typeof C.TaskRunList>;
  };
  'PATCH /api/schedules/:key': {
    params: Static<typeof C.TaskKeyParams>;
    body: Static<typeof C.UpdateScheduleBody>;
    response: Static<typeof C.ScheduleUpdated>;
  };
  'POST /api/schedules/:key/run': {
    params: Static<typeof C.TaskKeyParams>;
    response: Static<typeof C.TaskRunStarted>;
  };
}
