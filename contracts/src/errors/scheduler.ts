/** Errors of the scheduler plugin. Prefix `SCHEDULER_`. */
export const SchedulerErrorCodes = {
  taskNotFound: 'SCHEDULER_TASK_NOT_FOUND',
  invalidSchedule: 'SCHEDULER_INVALID_SCHEDULE',
  taskRunning: 'SCHEDULER_TASK_RUNNING',
  stopping: 'SCHEDULER_STOPPING',
  pluginSwitchedOff: 'SCHEDULER_PLUGIN_SWITCHED_OFF',
} as const;
