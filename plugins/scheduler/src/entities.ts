import type { TaskRunStatus, TaskTrigger } from '@vidkeep/contracts';
import { defineEntity } from '@vidkeep/plugin-kit';

export interface SchedulerTaskRun {
  id: number;
  taskKey: string;
  triggerType: TaskTrigger;
  status: TaskRunStatus;
  outcome: string | null;
  message: string | null;
  details: Record<string, unknown> | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export const SchedulerTaskRunEntity = defineEntity<SchedulerTaskRun>({
  name: 'SchedulerTaskRun',
  tableName: 'scheduler_task_runs',
  indexes: [{ properties: ['taskKey', 'startedAt'] }, { properties: ['status'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    taskKey: { type: 'string', length: 100 },
    triggerType: { type: 'string', length: 16 },
    status: { type: 'string', length: 16 },
    outcome: { type: 'string', length: 100, nullable: true },
    message: { type: 'text', nullable: true },
    details: { type: 'json', nullable: true },
    startedAt: { type: 'datetime' },
    finishedAt: { type: 'datetime', nullable: true },
  },
});
