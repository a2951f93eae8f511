import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_VERSION,
  CoreErrorCodes,
  ErrorEnvelope,
  GetConfigResponse,
  HealthResponse,
  type GetConfigResponse as GetConfigResponseType,
} from '@vidkeep/contracts';
import { ConfigValidationError } from '../config/config-errors.js';
import type { FileConfigService } from '../config/config-service.js';
import type { RuntimeEnvironment } from '../env.js';
import type { HealthCheckResult } from '../plugin-api/definition.js';
import { CORE_VERSION } from '../version.js';
import { HttpError } from './http-error.js';

export interface CoreRoutesOptions {
  env: RuntimeEnvironment;
  config: FileConfigService;
  healthChecks: Map<string, () => HealthCheckResult | Promise<HealthCheckResult>>;
  startedAt: number;
}

export function configView(env: RuntimeEnvironment, config: FileConfigService): GetConfigResponseType {
  const { values, configuredSecrets } = config.publicView();
  return {
    ...values,
    isPlatformManaged: {
      useTmpForDownloads: env.platformManaged,
      ytdlpUpdates: env.platformManaged,
      sourceOutputDirectory: env.dataPathSet,
      mediaserverUrl: env.mediaserverUrl !== null,
      authEnabled: env.authEnabled,
    },
    deploymentEnvironment: { platform: env.platform },
    sourceOutputDirectory: env.displayedOutputDir,
    configuredSecrets,
    readOnlyKeys: config.overriddenKeys(),
  };
}

const HEALTH_CHECK_TIMEOUT_MS = 2000;

export const coreRoutes: FastifyPluginAsyncTypebox<CoreRoutesOptions> = async (app, opts) => {
  const { env, config } = opts;

  app.get(
    '/getconfig',
    {
      schema: {
        tags: ['config'],
        summary: 'Current configuration without any secret, plus platform-managed flags',
        response: { 200: GetConfigResponse, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async () => configView(env, config),
  );

  app.patch(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Change configuration keys',
        description:
          'Send only the keys to change. Unknown keys, service-managed keys (credentials, instance id) and invalid values are rejected with 400 and nothing is saved. Keys forced by the environment (see `readOnlyKeys`) may only be sent with their current value. Secrets are write-only.',
        body: config.writableSchema(),
        response: { 200: GetConfigResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      try {
        await config.save(request.body as Record<string, unknown>);
      } catch (err) {
        if (err instanceof ConfigValidationError) {
          throw new HttpError(
            400,
            CoreErrorCodes.validationFailed,
            `body/${err.details[0]?.path} ${err.details[0]?.message}`,
            {
              details: err.details.map((d) => ({ path: `body/${d.path}`, message: d.message })),
            },
          );
        }
        throw err;
      }
      return configView(env, config);
    },
  );

  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and component checks',
        response: { 200: HealthResponse },
      },
    },
    async () => {
      const checks: Record<string, HealthCheckResult> = {};
      for (const [name, check] of opts.healthChecks) {
        try {
          checks[name] = await Promise.race([
            Promise.resolve(check()),
            new Promise<HealthCheckResult>((resolve) =>
              setTimeout(() => resolve({ ok: false, message: 'check timed out' }), HEALTH_CHECK_TIMEOUT_MS).unref(),
            ),
          ]);
        } catch (err) {
          checks[name] = { ok: false, message: (err as Error).message };
        }
      }
      return {
        status: Object.values(checks).every((c) => c.ok) ? ('ok' as const) : ('degraded' as const),
        version: CORE_VERSION,
        apiVersion: API_VERSION,
        uptimeSeconds: Math.round((Date.now() - opts.startedAt) / 1000),
        checks,
      };
    },
  );
};
