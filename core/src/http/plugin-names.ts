import type { FastifyInstance } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Names registered plugin functions before Fastify looks for a name.
 *
 * For a function that fastify-plugin did not name, Fastify searches `require.cache` for a module
 * exporting it (about 1,100 modules, twice per registration) and then falls back to the
 * function's own name. Our route groups are functions of ES module bundles, never a CommonJS
 * module's export, so the search always fell through: ~40 ms of every start for ~60
 * registrations. Setting the name Fastify would have found skips it. Children of `app` inherit
 * `register`, so installing this on the root covers every encapsulated context.
 */
export function nameRegisteredPlugins(app: FastifyInstance): void {
  const register = app.register;
  app.register = function (this: FastifyInstance, plugin: unknown, opts?: unknown) {
    if (typeof plugin === 'function') nameOnce(plugin, plugin.name);
    return (register as (this: FastifyInstance, plugin: unknown, opts?: unknown) => unknown).call(this, plugin, opts);
  } as FastifyInstance['register'];
}

/** Gives `plugin` a display name unless it has one (fastify-plugin's `name` wins). */
export function nameOnce<T extends object>(plugin: T, name: string): T {
  const named = plugin as T & { [DISPLAY_NAME]?: string };
  if (name && named[DISPLAY_NAME] === undefined) named[DISPLAY_NAME] = name;
  return plugin;
}
