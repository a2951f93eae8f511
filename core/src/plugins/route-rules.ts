import type { FastifyInstance, RouteOptions } from 'fastify';
import { BootErrorCodes, PluginBootError } from '../manifest/boot-error.js';
import type { LoadedPlugin } from '../manifest/load-manifest.js';

/** The path a third-party plugin's routes live under: `/api/<id>` itself and everything below it. */
export const routePrefixOf = (pluginId: string) => `/api/${pluginId}`;

const within = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** One route as the router tells routes apart: parameters are anonymous, a trailing slash ignored. */
const routeKey = (method: string, url: string) =>
  `${method} ${(url.length > 1 ? url.replace(/\/+$/, '') : url).replace(/:[^/]+/g, ':')}`;

/** A route as registered, and the plugin that registered it (`core` for the core's own). */
export interface RegisteredRoute {
  route: RouteOptions;
  plugin: string;
}

const ROUTE_TABLES = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Every route added to the app, with its schema and owner, in the order they were added (the
 * route map of `@vidkeep/contracts/routes` is generated from it).
 */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return ROUTE_TABLES.get(app) ?? [];
}

/**
 * Who owns which route, checked as each route is added (before Fastify's own duplicate check,
 * so the message names both owners):
 * - a third-party plugin's routes are `/api/<id>` or below it (`CORE_PLUGIN_ROUTE_OUTSIDE_PREFIX`);
 * - nobody else adds a route there: not the core, not a built-in plugin, not another third-party
 *   plugin (`CORE_PLUGIN_ROUTE_COLLISION`, naming the third-party plugin and the other owner);
 * - the same method and path twice, whoever adds them, names both owners.
 * Built-in plugins keep the paths the specification gives them.
 */
export class RouteRules {
  readonly #instances = new WeakMap<object, string>();
  readonly #routes = new Map<string, string | null>();
  readonly #prefixes: Map<string, string>;

  constructor(plugins: LoadedPlugin[]) {
    this.#prefixes = new Map(
      plugins.filter((p) => p.thirdParty).map((p) => [p.definition.id, routePrefixOf(p.definition.id)]),
    );
  }

  /** Checks every route added to `app` or any context below it. Install before any route. */
  install(app: FastifyInstance): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the hook's `this` is the Fastify context
    const rules = this;
    const table: RegisteredRoute[] = [];
    ROUTE_TABLES.set(app, table);
    app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions) {
      const owner = rules.ownerOf(this);
      rules.check(owner, route);
      table.push({ route, plugin: owner ?? 'core' });
    });
  }

  /** Marks a plugin's encapsulated context: routes added in it (or below) are the plugin's. */
  claim(instance: FastifyInstance, pluginId: string): void {
    this.#instances.set(instance, pluginId);
  }

  /** The plugin whose context `instance` is (child contexts inherit from their parent), or null for the core. */
  ownerOf(instance: object): string | null {
    for (let i: object | null = instance; i !== null; i = Object.getPrototypeOf(i) as object | null) {
      const owner = this.#instances.get(i);
      if (owner !== undefined) return owner;
    }
    return null;
  }

  check(owner: string | null, route: RouteOptions): void {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const url = route.url;
    const what = `${methods.join(',')} ${url}`;
    const ownPrefix = owner === null ? undefined : this.#prefixes.get(owner);
    if (owner !== null && ownPrefix !== undefined && !within(url, ownPrefix)) {
      throw new PluginBootError(
        BootErrorCodes.routeOutsidePrefix,
        owner,
        `route ${what} is outside its prefix: a third-party plugin's routes are ${ownPrefix} or start with ${ownPrefix}/`,
      );
    }
    for (const [id, prefix] of this.#prefixes) {
      if (id !== owner && within(url, prefix)) {
        throw new PluginBootError(
          BootErrorCodes.routeCollision,
          id,
          `its route prefix ${prefix} is also used by ${describe(owner)} (${what}); a third-party plugin's id must not name an area of the API that is already taken`,
        );
      }
    }
    for (const method of methods) {
      const key = routeKey(method, url);
      const earlier = this.#routes.get(key);
      if (earlier !== undefined && (owner !== null || earlier !== null)) {
        const [blamed, other] = owner !== null ? [owner, earlier] : [earlier!, owner];
        throw new PluginBootError(
          BootErrorCodes.routeCollision,
          blamed,
          `route ${method} ${url} collides with the same route of ${describe(other)}`,
        );
      }
      this.#routes.set(key, owner);
    }
  }
}

const describe = (owner: string | null) => (owner === null ? 'the core' : `plugin "${owner}"`);
