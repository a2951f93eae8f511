/** The `@vidkeep/contracts` types this folder uses (type-only: erased from the bundle). */
export type {
  ApiKeyItem,
  ApiKeyList,
  CookieChangeResponse,
  CookieStatus,
  CreateApiKeyResponse,
  FilenamePreview,
  GetConfigResponse,
  ScheduleEntry,
  ScheduleList,
  SessionItem,
  TaskRun,
  TaskRunList,
  TestSourceApiKeyResponse,
  ToolRollbackResponse,
  ToolUpdateResponse,
  ToolsResponse,
  ValidateArgsRefusal,
  ValidateArgsResponse,
  YtDlpCanaryReport,
} from '@vidkeep/contracts';

import type { ScheduleEntry, TaskRun } from '@vidkeep/contracts';

/** `PATCH /api/schedules/{key}` (contracts `ScheduleUpdated`, which has no exported type). */
export interface ScheduleUpdated {
  success: boolean;
  schedule: ScheduleEntry;
}

/** `POST /api/schedules/{key}/run` (contracts `TaskRunStarted`). */
export interface TaskRunStarted {
  success: boolean;
  message: string;
  run: TaskRun;
}
