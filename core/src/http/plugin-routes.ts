import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  PluginIdParams,
  PluginList,
  TogglePluginRequest,
  TogglePluginResponse,
  type ManifestEntry,
  type PluginInfo,
} from '@vidkeep/contracts';
import type { LoadedPlugin } from '../manifest/load-manifest.js';
import type { HealthCheckResult } from '../plugin-api/definition.js';
import type { CorePluginStates } from '../plugins/plugin-states.js';

export interface PluginRoutesOptions {
  plugins: LoadedPlugin[];
  manifestEntries: ManifestEntry[];
  states: CorePluginStates;
  healthChecks: Map<string, () => HealthCheckResult | Promise<HealthCheckResult>>;
}

const HEALTH_TIMEOUT_MS = 2000;

/** `GET /api/plugins` and `PATCH /api/plugins/{id}`: what the manifest loads, and the run-time switch. */
export const pluginRoutes: FastifyPluginAsyncTypebox<PluginRoutesOptions> = async (app, opts) => {
  const { plugins, manifestEntries, states, healthChecks } = opts;
  const loaded = new Map(plugins.map((p) => [p.definition.id, p]));

  async function health(id: string): Promise<PluginInfo['health']> {
    if (!states.isActive(id)) return [];
    const checks = [...healthChecks].filter(([name]) => name.startsWith(`${id}.`));
    return Promise.all(
      checks.map(async ([name, check]) => {
        try {
          const r = await Promise.race([
            Promise.resolve(check()),
            new Promise<HealthCheckResult>((resolve) =>
              setTimeout(() => resolve({ ok: false, message: 'no answer within 2 s' }), HEALTH_TIMEOUT_MS).unref(),
            ),
          ]);
          return { name: name.slice(id.length + 1), ok: r.ok, message: r.message ?? null };
        } catch (err) {
          return { name: name.slice(id.length + 1), ok: false, message: (err as Error).message };
        }
      }),
    );
  }

  async function info(entry: ManifestEntry): Promise<PluginInfo> {
    const def = loaded.get(entry.id)?.definition;
    if (!def) {
      return {
        id: entry.id,
        version: null,
        description: null,
        package: entry.package,
        enabled: false,
        inManifest: false,
        toggleable: false,
        dependsOn: [],
        health: [],
      };
    }
    return {
      id: def.id,
      version: def.version,
      description: def.description ?? null,
      package: entry.package,
      enabled: states.isActive(def.id),
      inManifest: true,
      toggleable: def.toggleable === true,
      dependsOn: def.dependsOn ?? [],
      health: await health(def.id),
    };
  }

  /** Manifest entries in manifest order, then plugins loaded another way (tests). */
  const entries = (): ManifestEntry[] => [
    ...manifestEntries,
    ...plugins.filter((p) => !manifestEntries.some((e) => e.id === p.definition.id)).map((p) => p.entry),
  ];

  app.get(
    '/api/plugins',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Every plugin of the manifest: version, whether it is on, whether it can be switched, health',
        response: { 200: PluginList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ plugins: await Promise.all(entries().map(info)) }),
  );

  app.patch(
    '/api/plugins/:id',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Switch a toggleable plugin on or off without a restart (kept across restarts)',
        description:
          'While off, the plugin gets no calls: its routes answer 404, its event handlers and scheduled tasks do not run, its media-server provider (or other contribution) is gone; its settings stay in the config file. 409 for a plugin that cannot be switched at run time, or one that an enabled plugin depends on.',
        params: PluginIdParams,
        body: TogglePluginRequest,
        response: { 200: TogglePluginResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await states.set(request.params.id, request.body.enabled);
      const entry = entries().find((e) => e.id === request.params.id)!;
      return { plugin: await info(entry) };
    },
  );
};
