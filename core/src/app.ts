import { fileURLToPath } from 'node:url';
import { asFunction, asValue, Lifetime } from 'awilix';
import type { FastifyInstance } from 'fastify';
import { fastifyAwilixPlugin } from '@fastify/awilix';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import {
  CoreConfigSection,
  configServiceRef,
  eventBusRef,
  liveHubRef,
  pluginStatesRef,
  serverUrlProblem,
  type ManifestEntry,
  type PluginLogger,
} from '@vidkeep/contracts';
import { builtinMigrations } from '@vidkeep/migrations';
import type { Logger } from 'pino';
import { composeConfigSchema } from './config/config-schema.js';
import { FileConfigService } from './config/config-service.js';
import { nameRegisteredPlugins } from './http/plugin-names.js';
import { ServiceRegistry } from './di/container.js';
import { openDatabase, type MigrationEntry, type Orm } from './db/orm.js';
import { readEnvironment, type RuntimeEnvironment } from './env.js';
import { InProcessEventBus } from './events/event-bus.js';
import { installAuthHook, installRouteAuthDefaults } from './http/auth-hook.js';
import { coreRoutes } from './http/core-routes.js';
import { configSchemaRoute } from './http/config-schema-route.js';
import {
  installErrorHandling,
  installRequestLogging,
  sendMethodNotAllowed,
  sendNotFound,
} from './http/error-handler.js';
import { recordAllowedMethods } from './http/allowed-methods.js';
import './http/fastify-types.js';
import { installOpenApi } from './http/openapi.js';
import { installUi, isSpaNavigation } from './http/ui.js';
import { installValidators } from './http/validation.js';
import { installLiveRoute, WebSocketLiveHub } from './live/live-hub.js';
import { createLogger } from './logger.js';
import { loadPlugins, readManifest, type LoadedPlugin } from './manifest/load-manifest.js';
import { tablePrefixOf } from './manifest/plugin-ownership.js';
import type { HealthCheckResult, PluginDefinition } from './plugin-api/definition.js';
import { checkRequiredServices, type ContextParts, type Hook } from './plugins/context.js';
import { installLifecycleHooks, registerPlugins } from './plugins/plugin-lifecycle.js';
import { CorePluginStates } from './plugins/plugin-states.js';
import { RouteRules } from './plugins/route-rules.js';
import { pluginRoutes } from './http/plugin-routes.js';
import { installHardening } from './http/hardening.js';
import { createFastify, decorateClientAddress } from './http/fastify-server.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_MANIFEST_PATH = `${REPO_ROOT}plugin-manifest.json`;
export const DEFAULT_UI_DIR = `${REPO_ROOT}ui/dist/browser`;

export interface BuildAppOptions {
  /** Environment variables (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Base for relative paths such as the default `./config` (default `process.cwd()`). */
  cwd?: string;
  /** Manifest file (default `PLUGIN_MANIFEST` or the repository's `plugin-manifest.json`). */
  manifestPath?: string;
  /** Inline manifest instead of reading `manifestPath` (relative packages still resolve from it). */
  manifest?: unknown;
  /** Plugin definitions loaded in addition to the manifest (tests, embedding). */
  extraPlugins?: { definition: PluginDefinition; options?: Record<string, unknown> }[];
  /** Migration timeline (default: the repository's `migrations/`). */
  migrations?: MigrationEntry[];
  /** A logger to use instead of creating one from `LOG_LEVEL`. */
  logger?: Logger;
  /** Folder of the built web UI (default `ui/dist/browser`). */
  uiDir?: string;
}

export interface VidkeepRuntime {
  env: RuntimeEnvironment;
  config: FileConfigService;
  events: InProcessEventBus;
  services: ServiceRegistry;
  orm: Orm;
  plugins: { id: string; version: string }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    vidkeep: VidkeepRuntime;
  }
}

export type VidkeepApp = FastifyInstance;

/**
 * Builds the whole application and returns it ready (every plugin registered, migrations
 * applied, onReady work done). It never listens: `server.ts` does, tests use `app.inject()`.
 * Boot problems throw: `PluginBootError` (naming the plugin), `ManifestError`,
 * `EnvironmentError` or `ConfigFileError`.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<VidkeepApp> {
  const processEnv = options.env ?? process.env;
  const env = readEnvironment(processEnv, options.cwd);
  const logger = options.logger ?? createLogger(env);
  const manifestPath = options.manifestPath ?? processEnv.PLUGIN_MANIFEST ?? DEFAULT_MANIFEST_PATH;
  const manifest = await readManifest({ path: manifestPath, manifest: options.manifest });
  const plugins = await loadPlugins({ path: manifestPath, manifest }, options.extraPlugins);

  const coreLog = logger.child({ plugin: 'core' }) as unknown as PluginLogger;
  const events = new InProcessEventBus(coreLog);
  const { schema } = composeConfigSchema(
    plugins.flatMap((p) => (p.definition.config ? [{ owner: p.definition.id, schema: p.definition.config }] : [])),
  );
  const config = new FileConfigService(env, schema, coreLog, events);
  // A media-server address that is not one broke every later call with a 500 (issue 31).
  config.addCheck('mediaserverUrl', (value) => serverUrlProblem(String(value)));
  await config.load();
  if (env.mediaserverUrl) config.setOverride('mediaserverUrl', env.mediaserverUrl);

  const orm = await openDatabase({
    file: env.paths.databaseFile,
    entities: plugins.flatMap((p) => p.definition.entities ?? []),
    migrations: options.migrations ?? builtinMigrations,
    // A plugin's own migrations run after the built-in timeline and are recorded per plugin; a
    // third-party plugin's may touch only its own tables.
    pluginMigrations: plugins
      .filter((p) => (p.definition.migrations ?? []).length > 0)
      .map((p) => ({
        pluginId: p.definition.id,
        migrations: p.definition.migrations!,
        ...(p.thirdParty ? { tablePrefix: tablePrefixOf(p.definition.id) } : {}),
      })),
    logger: coreLog,
  });

  try {
    return await assemble({
      env,
      logger,
      plugins,
      manifestEntries: manifest.plugins,
      events,
      config,
      orm,
      uiDir: options.uiDir ?? DEFAULT_UI_DIR,
    });
  } catch (err) {
    await orm.close(true).catch(() => undefined);
    throw err;
  }
}

async function assemble(parts: {
  env: RuntimeEnvironment;
  logger: Logger;
  plugins: LoadedPlugin[];
  manifestEntries: ManifestEntry[];
  events: InProcessEventBus;
  config: FileConfigService;
  orm: Orm;
  uiDir: string;
}): Promise<VidkeepApp> {
  const { env, logger, plugins, events, config, orm } = parts;
  const services = new ServiceRegistry();
  services.provide(configServiceRef, config, 'core');
  services.provide(eventBusRef, events, 'core');
  const liveHub = new WebSocketLiveHub(logger.child({ component: 'live' }));
  services.provide(liveHubRef, liveHub, 'core');
  services.container.register({
    orm: asValue(orm),
    // One identity map per request, created only when a handler asks for it.
    em: asFunction(() => orm.em.fork(), { lifetime: Lifetime.SCOPED }),
  });

  const schemaOwner = {};
  const app = createFastify(env, logger, schemaOwner);
  nameRegisteredPlugins(app);
  const allowedMethods = recordAllowedMethods(app);
  // Before any route: every route is checked against its owner's place in the URL space.
  const routeRules = new RouteRules(plugins);
  routeRules.install(app);

  app.decorate('vidkeep', {
    env,
    config,
    events,
    services,
    orm,
    plugins: plugins.map((p) => ({ id: p.definition.id, version: p.definition.version })),
  });
  decorateClientAddress(app, env);

  await app.register(fastifyAwilixPlugin, {
    container: services.container,
    disposeOnClose: false,
    disposeOnResponse: false,
    asyncInit: false,
    asyncDispose: false,
    eagerInject: false,
    strictBooleanEnforced: true,
  });
  installValidators(app, schemaOwner);
  installErrorHandling(app);
  installRequestLogging(app);
  installRouteAuthDefaults(app, services);
  installOpenApi(app);
  // Draft-spec names: RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (spec 8).
  await app.register(rateLimit, { global: false, enableDraftSpec: true });
  await installHardening(app, config);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  installAuthHook(app, services);
  installLiveRoute(app, liveHub, services, events);

  const readyHooks: Hook[] = [];
  const closeHooks: Hook[] = [];
  const healthChecks = new Map<string, () => HealthCheckResult | Promise<HealthCheckResult>>();
  healthChecks.set('database', async () => {
    await orm.em.fork().getConnection().execute('select 1');
    return { ok: true };
  });

  const states = new CorePluginStates(plugins, {
    config,
    services,
    events,
    logger: logger.child({ plugin: 'core' }) as unknown as PluginLogger,
  });
  services.provide(pluginStatesRef, states, 'core');

  const contextParts: ContextParts = {
    env,
    config,
    events,
    states,
    orm,
    services,
    logger: (id) => logger.child({ plugin: id }) as unknown as PluginLogger,
    readyHooks,
    closeHooks,
    healthChecks,
  };
  await registerPlugins(app, plugins, { contextParts, routeRules, states });
  checkRequiredServices(plugins, services);

  await app.register(coreRoutes, { env, config, healthChecks, startedAt: Date.now() });
  await app.register(configSchemaRoute, {
    sections: [
      { id: 'core', schema: CoreConfigSection },
      ...plugins.flatMap((p) => (p.definition.config ? [{ id: p.definition.id, schema: p.definition.config }] : [])),
    ],
    isActive: (id) => states.isActive(id),
  });
  await app.register(pluginRoutes, {
    plugins,
    manifestEntries: parts.manifestEntries,
    states,
    healthChecks,
  });
  const sendIndex = await installUi(app, parts.uiDir);
  app.setNotFoundHandler((request, reply) => {
    if (sendIndex && isSpaNavigation(request.method, request.url, request.headers.accept)) return sendIndex(reply);
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0 && !allowed.includes(request.method)) return sendMethodNotAllowed(request, reply, allowed);
    return sendNotFound(request, reply);
  });

  installLifecycleHooks(app, { readyHooks, closeHooks, liveHub, events, orm, logger });

  try {
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
