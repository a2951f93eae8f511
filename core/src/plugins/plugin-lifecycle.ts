/**
 * A plugin's life in the app: registered in its own Fastify scope, its onReady work run when the
 * app is ready, its shutdown steps (newest first) when it closes, then the shared resources.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { closeReadConnection } from '../db/read-connection.js';
import type { Orm } from '../db/orm.js';
import type { InProcessEventBus } from '../events/event-bus.js';
import { nameOnce } from '../http/plugin-names.js';
import type { WebSocketLiveHub } from '../live/live-hub.js';
import { BootErrorCodes, PluginBootError } from '../manifest/boot-error.js';
import type { LoadedPlugin } from '../manifest/load-manifest.js';
import { createPluginContext, gateRoutes, type ContextParts, type Hook } from './context.js';
import type { CorePluginStates } from './plugin-states.js';
import type { RouteRules } from './route-rules.js';

/** Registers every plugin, in manifest order; a failing `register()` names its plugin. */
export async function registerPlugins(
  app: FastifyInstance,
  plugins: LoadedPlugin[],
  parts: { contextParts: ContextParts; routeRules: RouteRules; states: CorePluginStates },
): Promise<void> {
  const { contextParts, routeRules, states } = parts;
  for (const plugin of plugins) {
    const def = plugin.definition;
    const registerPlugin = async (instance: FastifyInstance) => {
      routeRules.claim(instance, def.id);
      if (def.toggleable) gateRoutes(instance, def.id, states);
      try {
        await def.register(createPluginContext(plugin, instance, contextParts));
      } catch (err) {
        if (err instanceof PluginBootError) throw err;
        throw new PluginBootError(
          BootErrorCodes.registerFailed,
          def.id,
          `register() failed: ${(err as Error).message}`,
          {
            cause: err,
          },
        );
      }
    };
    await app.register(nameOnce(registerPlugin, `vidkeep-plugin:${def.id}`));
  }
}

/** Runs the plugins' ready hooks when the app is ready, and shuts everything down on close. */
export function installLifecycleHooks(
  app: FastifyInstance,
  parts: {
    readyHooks: Hook[];
    closeHooks: Hook[];
    liveHub: WebSocketLiveHub;
    events: InProcessEventBus;
    orm: Orm;
    logger: Logger;
  },
): void {
  const { readyHooks, closeHooks, liveHub, events, orm, logger } = parts;
  app.addHook('onReady', async () => {
    for (const hook of readyHooks) {
      try {
        await hook.fn();
      } catch (err) {
        throw new PluginBootError(
          BootErrorCodes.registerFailed,
          hook.pluginId,
          `onReady failed: ${(err as Error).message}`,
          { cause: err },
        );
      }
    }
  });
  app.addHook('onClose', async () => {
    liveHub.close();
    for (const hook of [...closeHooks].reverse()) {
      try {
        await hook.fn();
      } catch (err) {
        logger.error({ err, plugin: hook.pluginId }, 'Plugin shutdown step failed');
      }
    }
    await events.drain();
    await closeReadConnection(orm);
    await orm.close(true);
  });
}
