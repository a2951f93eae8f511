import { Type, type Static } from '../typebox.js';
import { CRON_MAX_LENGTH } from '../cron.js';
import { presented } from './presentation.js';
import { SCHEDULER_PRESENTATION } from './presentation/scheduler.js';

/** A user's change to one task's schedule; absent fields keep the task's defaults. */
export const TaskScheduleOverride = Type.Object(
  {
    cron: Type.Optional(
      Type.String({ format: 'cron', maxLength: CRON_MAX_LENGTH, description: 'Five-field cron in server local time' }),
    ),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TaskScheduleOverride = Static<typeof TaskScheduleOverride>;

/** Config keys owned by the scheduler plugin. */
export const SchedulerConfigSection = presented(
  Type.Object({
    schedules: Type.Record(
      Type.String({ pattern: '^[a-z0-9-]+\\.[a-z0-9-]+$', maxLength: 100 }),
      TaskScheduleOverride,
      {
        default: {},
        description: 'Per-task schedule changes, keyed by task key (see GET /api/schedules)',
      },
    ),
    schedulerShutdownWaitSeconds: Type.Integer({
      minimum: 0,
      maximum: 600,
      default: 10,
      description: 'How long shutdown waits for running tasks before marking them interrupted',
    }),
  }),
  SCHEDULER_PRESENTATION,
);

export type SchedulerConfigSection = Static<typeof SchedulerConfigSection>;
