import type { TaskDefinition, TaskScheduleOverride } from '@vidkeep/contracts';
import { normalizeCron, scheduleProblem } from './cron.js';

/** The schedule a task runs on once the user's override is applied. */
export interface EffectiveSchedule {
  cron: string;
  enabled: boolean;
  /** Whether `cron` comes from the override rather than the task's default. */
  overridden: boolean;
}

/** A change of one task's schedule: `cron: null` restores the default. */
export interface ScheduleChange {
  cron?: string | null;
  enabled?: boolean;
}

export type Overrides = Readonly<Record<string, TaskScheduleOverride>>;

/**
 * A task's schedule after its override. An override cron that is no longer usable (edited by hand
 * in config.json) is ignored rather than stopping the task.
 */
export function effectiveSchedule(
  task: Pick<TaskDefinition, 'defaultSchedule' | 'enabledByDefault' | 'configuredSchedule'>,
  override: TaskScheduleOverride | undefined,
): EffectiveSchedule {
  const usable = override?.cron && !scheduleProblem(override.cron) ? override.cron : null;
  const configured = task.configuredSchedule?.();
  const base =
    configured && !scheduleProblem(configured.cron)
      ? configured
      : { cron: task.defaultSchedule, enabled: configured?.enabled ?? task.enabledByDefault ?? true };
  return {
    cron: usable ?? base.cron,
    enabled: override?.enabled ?? base.enabled,
    overridden: Boolean(usable),
  };
}

/**
 * Every override after a change to one task. The cron must already be valid; an override left
 * with nothing in it is removed so config.json keeps only real changes.
 */
export function withChange(all: Overrides, key: string, change: ScheduleChange): Record<string, TaskScheduleOverride> {
  const out = { ...all };
  const next: TaskScheduleOverride = { ...(out[key] ?? {}) };
  if (change.cron === null) delete next.cron;
  else if (change.cron !== undefined) next.cron = normalizeCron(change.cron);
  if (change.enabled !== undefined) next.enabled = change.enabled;
  if (Object.keys(next).length === 0) delete out[key];
  else out[key] = next;
  return out;
}
