import { Type, type Static } from '../typebox.js';
import { CRON_MAX_LENGTH } from '../cron.js';
import { DateTime, Nullable, pagedList, pageQueryFields, pathParams } from './common.js';

export const TASK_TRIGGERS = ['scheduled', 'manual', 'startup'] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];
export const TASK_RUN_STATUSES = ['running', 'success', 'error', 'skipped', 'interrupted'] as const;
export type TaskRunStatus = (typeof TASK_RUN_STATUSES)[number];

export const TaskTriggerSchema = Type.Enum(TASK_TRIGGERS);
export const TaskRunStatusSchema = Type.Enum(TASK_RUN_STATUSES);

export const TaskRun = Type.Object({
  id: Type.Integer(),
  taskKey: Type.String(),
  triggerType: TaskTriggerSchema,
  status: TaskRunStatusSchema,
  outcome: Nullable(Type.String()),
  message: Nullable(Type.String()),
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
  startedAt: DateTime,
  finishedAt: Nullable(DateTime),
});
export type TaskRun = Static<typeof TaskRun>;

export const ScheduleEntry = Type.Object({
  key: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  /** The owning plugin's id. */
  plugin: Type.String(),
  kind: Type.Union([Type.Literal('worker'), Type.Literal('main-thread')]),
  schedule: Type.String({ description: 'Effective five-field cron (server local time)' }),
  defaultSchedule: Type.String(),
  enabled: Type.Boolean(),
  allowOverlap: Type.Boolean(),
  running: Type.Boolean(),
  nextRunAt: Nullable(DateTime, { description: 'Null while disabled' }),
  lastRun: Nullable(TaskRun),
});
export type ScheduleEntry = Static<typeof ScheduleEntry>;

export const ScheduleList = Type.Object({
  schedules: Type.Array(ScheduleEntry),
  timezone: Type.String({ description: 'The server time zone cron schedules are read in' }),
});
export type ScheduleList = Static<typeof ScheduleList>;

export const TaskKeyParams = pathParams({ key: Type.String({ pattern: '^[a-z0-9-]+\\.[a-z0-9-]+$', maxLength: 100 }) });

export const UpdateScheduleBody = Type.Object(
  {
    cron: Type.Optional(
      Nullable(Type.String({ maxLength: CRON_MAX_LENGTH }), {
        description: 'Five-field cron in server local time; null restores the default',
      }),
    ),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateScheduleBody = Static<typeof UpdateScheduleBody>;

export const ScheduleUpdated = Type.Object({ success: Type.Boolean(), schedule: ScheduleEntry });

export const TaskRunStarted = Type.Object({ success: Type.Boolean(), message: Type.String(), run: TaskRun });

export const TaskRunListQuery = Type.Object(
  { ...pageQueryFields(), status: Type.Optional(TaskRunStatusSchema) },
  { additionalProperties: false },
);
export type TaskRunListQuery = Static<typeof TaskRunListQuery>;

export const TaskRunList = pagedList('runs', TaskRun);
export type TaskRunList = Static<typeof TaskRunList>;
