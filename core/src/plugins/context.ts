import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error.js';
import {
  CoreErrorCodes,
  schedulerServiceRef,
  type AnyServiceRef,
  type SchedulerService,
  type EventBus,
  type PluginLogger,
  type PluginStates,
  type ServiceRef,
} from '@vidkeep/contracts';
import type { ConfigCheck, FileConfigService } from '../config/config-service.js';
import type { Orm } from '../db/orm.js';
import { pluginEm, pluginOrm } from '../db/plugin-orm.js';
import { MissingServiceError, ServiceConflictError, type ServiceRegistry } from '../di/container.js';
import type { RuntimeEnvironment } from '../env.js';
import type { InProcessEventBus } from '../events/event-bus.js';
import { BootErrorCodes, PluginBootError } from '../manifest/boot-error.js';
import type { LoadedPlugin } from '../manifest/load-manifest.js';
import type { HealthCheckResult, PluginConfig, PluginContext } from '../plugin-api/definition.js';

export interface Hook {
  pluginId: string;
  fn: () => unknown;
}

/** What every plugin context shares: the app's parts and the hook lists the core runs. */
export interface ContextParts {
  env: RuntimeEnvironment;
  config: FileConfigService;
  events: InProcessEventBus;
  states: PluginStates;
  orm: Orm;
  services: ServiceRegistry;
  logger: (pluginId: string) => PluginLogger;
  readyHooks: Hook[];
  closeHooks: Hook[];
  healthChecks: Map<string, () => HealthCheckResult | Promise<HealthCheckResult>>;
}

const ids = (refs: AnyServiceRef[] | undefined) => new Set((refs ?? []).map((r) => r.id));

/** A service problem of one plugin, as the boot error that names it. */
export function asBootError(pluginId: string, err: unknown): unknown {
  if (err instanceof MissingServiceError) {
    return new PluginBootError(
      BootErrorCodes.serviceMissing,
      pluginId,
      `needs service "${err.refId}", which no loaded plugin provides`,
      { cause: err },
    );
  }
  if (err instanceof ServiceConflictError) {
    return new PluginBootError(BootErrorCodes.serviceConflict, pluginId, err.message, { cause: err });
  }
  return err;
}

/** The event bus as one plugin sees it: its handlers do not run while the plugin is switched off. */
function pluginEvents(bus: EventBus, pluginId: string, states: PluginStates): EventBus {
  return {
    publish: (name, payload) => bus.publish(name, payload),
    subscribe: (name, handler) =>
      bus.subscribe(name, (payload) => (states.isActive(pluginId) ? handler(payload) : undefined)),
    drain: () => bus.drain(),
  };
}

/**
 * The scheduler as a third-party plugin sees it: a task key must start with the plugin's id
 * (`<id>.<task>`), since the scheduler finds a task's plugin from its key (to skip the tasks of a
 * switched-off plugin) and keys are unique across plugins.
 */
function ownTasksOnly(scheduler: SchedulerService, pluginId: string): SchedulerService {
  return new Proxy(scheduler, {
    get(target, property) {
      if (property !== 'register') {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (task: Parameters<SchedulerService['register']>[0]) => {
        if (!task.key.startsWith(`${pluginId}.`)) {
          throw new PluginBootError(
            BootErrorCodes.notOwned,
            pluginId,
            `scheduled task "${task.key}" must be named "${pluginId}.<task>"`,
          );
        }
        target.register(task);
      };
    },
  });
}

/** While a plugin is switched off, every route it added answers 404 naming it. */
export function gateRoutes(instance: FastifyInstance, pluginId: string, states: PluginStates): void {
  instance.addHook('onRequest', async () => {
    if (states.isActive(pluginId)) return;
    throw new HttpError(
      404,
      CoreErrorCodes.pluginDisabled,
      `The "${pluginId}" plugin is switched off; switch it on under Settings, Plugins (PATCH /api/plugins/${pluginId})`,
    );
  });
}

/**
 * The `ctx` one plugin's `register` receives. Services it uses must be declared: a ref outside
 * `consumes`/`optionalConsumes` fails at once (the core's own services, such as the config, the
 * event bus and the live hub, need no declaration).
 */
export function createPluginContext(
  plugin: LoadedPlugin,
  instance: FastifyInstance,
  parts: ContextParts,
): PluginContext {
  const def = plugin.definition;
  const { services, config } = parts;
  const declared = new Set([...ids(def.consumes), ...ids(def.optionalConsumes)]);
  const checkDeclared = (ref: AnyServiceRef) => {
    if (declared.has(ref.id)) return;
    if (!ref.multi && services.providerOf(ref as ServiceRef<unknown>) === 'core') return;
    throw new PluginBootError(
      BootErrorCodes.serviceUndeclared,
      def.id,
      `uses service "${ref.id}" without declaring it in consumes or optionalConsumes`,
    );
  };
  const guard = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      throw asBootError(def.id, err);
    }
  };
  /** Services as this plugin may use them: a third-party plugin's task keys carry its id. */
  const own = <T>(ref: ServiceRef<T>, service: T): T =>
    plugin.thirdParty && ref.id === schedulerServiceRef.id && service !== undefined
      ? (ownTasksOnly(service as SchedulerService, def.id) as T)
      : service;
  const pluginConfig: PluginConfig = {
    get: () => config.get(),
    read: (key) => config.get()[key],
    update: async (patch) => {
      await config.update(patch);
    },
    overriddenKeys: () => config.overriddenKeys(),
    setOverride: (key, value) => config.setOverride(key, value),
    check: (key, rule) =>
      guard(() => {
        if (!(key in (def.config?.properties ?? {}))) {
          throw new Error(`adds a config check to "${key}", which is not one of its own config keys`);
        }
        config.addCheck(key, rule as ConfigCheck);
      }),
  };
  return {
    id: def.id,
    options: plugin.options,
    logger: parts.logger(def.id),
    env: parts.env,
    config: pluginConfig,
    events: pluginEvents(parts.events, def.id, parts.states),
    orm: pluginOrm(parts.orm),
    em: () => pluginEm(parts.orm),
    provide: (ref, value) => guard(() => services.provide(ref, value, def.id)),
    contribute: (ref, key, provider) => guard(() => services.contribute(ref, key, provider, def.id)),
    resolve: (ref) => {
      checkDeclared(ref);
      return own(
        ref,
        guard(() => services.resolve(ref, def.id)),
      );
    },
    tryResolve: (ref) => {
      checkDeclared(ref);
      return own(ref, services.tryResolve(ref));
    },
    resolveAll: (ref) => {
      checkDeclared(ref);
      return services.resolveAll(ref);
    },
    routes: (routes) => {
      instance.register(routes);
    },
    onReady: (fn) => parts.readyHooks.push({ pluginId: def.id, fn }),
    onClose: (fn) => parts.closeHooks.push({ pluginId: def.id, fn }),
    healthCheck: (name, fn) => parts.healthChecks.set(`${def.id}.${name}`, fn),
  };
}

/** After every plugin registered: each required single-provider service has a provider. */
export function checkRequiredServices(plugins: LoadedPlugin[], services: ServiceRegistry): void {
  for (const { definition: def } of plugins) {
    for (const ref of def.consumes ?? []) {
      if (ref.multi || services.providerOf(ref as ServiceRef<unknown>) !== undefined) continue;
      throw asBootError(def.id, new MissingServiceError(ref.id, def.id));
    }
  }
}
