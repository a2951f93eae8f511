/**
 * The `@vidkeep/contracts` types this folder names (type-only: erased from the bundle). What a
 * route answers comes typed from `settings-api.ts`; these are the shapes of its parts.
 */
export type {
  ApiKeyItem,
  CookieChangeResponse,
  CookieStatus,
  ScheduleEntry,
  SessionItem,
  TaskRun,
  TestSourceApiKeyResponse,
  ToolRollbackResponse,
  ToolUpdateResponse,
  ToolsResponse,
  YtDlpCanaryReport,
} from '@vidkeep/contracts';
