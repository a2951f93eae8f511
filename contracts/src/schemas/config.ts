import { Type, type Static } from '../typebox.js';
import { Nullable } from './common.js';
import { YtDlpCanaryReport } from './downloader/tools.js';

export const PlatformManagedFlags = Type.Object({
  useTmpForDownloads: Type.Boolean(),
  ytdlpUpdates: Type.Boolean(),
  sourceOutputDirectory: Type.Boolean(),
  mediaserverUrl: Type.Boolean(),
  authEnabled: Type.Boolean(),
});
export type PlatformManagedFlags = Static<typeof PlatformManagedFlags>;

/**
 * `GET /getconfig`: every config key except secrets, plus the platform-managed flags. Secrets are
 * never returned; `configuredSecrets` lists which secret keys currently hold a value.
 */
export const GetConfigResponse = Type.Object(
  {
    isPlatformManaged: PlatformManagedFlags,
    deploymentEnvironment: Type.Object({ platform: Nullable(Type.String()) }),
    sourceOutputDirectory: Type.String({ description: 'Where videos are written' }),
    configuredSecrets: Type.Array(Type.String()),
    readOnlyKeys: Type.Array(Type.String(), {
      description: 'Keys whose value is forced by the environment and cannot be saved',
    }),
  },
  { additionalProperties: true },
);
export type GetConfigResponse = Static<typeof GetConfigResponse>;

export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  apiVersion: Type.String(),
  uptimeSeconds: Type.Number(),
  checks: Type.Record(Type.String(), Type.Object({ ok: Type.Boolean(), message: Type.Optional(Type.String()) })),
});
export type HealthResponse = Static<typeof HealthResponse>;

export const ManagedForbiddenResponse = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  error: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
});

export const ToolUpdateResponse = Type.Object({
  success: Type.Boolean(),
  reason: Type.Union(
    [Type.Literal('updated'), Type.Literal('up-to-date'), Type.Literal('skipped'), Type.Literal('error')],
    {
      description:
        '`error` includes a new yt-dlp that failed its checks (`canary`): it was not taken into use and `currentVersion` stays in use',
    },
  ),
  message: Type.String(),
  currentVersion: Nullable(Type.String()),
  newVersion: Type.Optional(Type.String()),
  method: Type.Optional(
    Type.Union([Type.Literal('private'), Type.Literal('self')], {
      description: '`private`: pip installed the newest yt-dlp into a new folder; `self`: `yt-dlp -U`',
    }),
  ),
  canary: Type.Optional(YtDlpCanaryReport),
});
export type ToolUpdateResponse = Static<typeof ToolUpdateResponse>;

export const ToolRollbackResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  version: Nullable(Type.String({ description: 'The yt-dlp in use from now on' })),
  rollbackVersion: Nullable(Type.String({ description: 'The one set aside, which a second rollback returns to' })),
});
export type ToolRollbackResponse = Static<typeof ToolRollbackResponse>;
