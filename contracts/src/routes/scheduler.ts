// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { DefaultsOptional, Route } from './route.js';

/** The routes of the scheduler plugin. */
export interface SchedulerRoutes {
  'GET /api/schedules': Route<'ScheduleList'>;
  'GET /api/schedules/:key/runs': Route<
    'TaskRunList',
    'TaskKeyParams',
    DefaultsOptional<'TaskRunListQuery', 'page' | 'pageSize'>
  >;
  'PATCH /api/schedules/:key': Route<'ScheduleUpdated', 'TaskKeyParams', never, 'UpdateScheduleBody'>;
  'POST /api/schedules/:key/run': Route<'TaskRunStarted', 'TaskKeyParams'>;
}
