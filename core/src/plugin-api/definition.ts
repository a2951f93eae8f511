import type { EntityManager, EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ConfigService, EventBus, PluginLogger, ServiceRef, Static, TObject } from '@vidkeep/contracts';
import type { Orm } from '../db/orm.js';
import type { RuntimeEnvironment } from '../env.js';

export const PLUGIN_BRAND = Symbol.for('vidkeep.plugin');

export interface HealthCheckResult {
  ok: boolean;
  message?: string;
}

/** Configuration access for a plugin: the shared `ConfigService` plus runtime overrides. */
export interface PluginConfig extends ConfigService {
  /** Forces a key's effective value while the process runs; never written to the file. */
  setOverride(key: string, value: unknown): void;
}

/** What `register(ctx)` receives. Everything a plugin touches comes through here. */
export interface PluginContext<Options = Record<string, unknown>> {
  readonly id: string;
  /** Manifest options, validated against the plugin's `options` schema with defaults applied. */
  readonly options: Options;
  readonly logger: PluginLogger;
  readonly env: Readonly<RuntimeEnvironment>;
  readonly config: PluginConfig;
  readonly events: EventBus;
  readonly orm: Orm;
  /** A fresh MikroORM entity manager (identity map) for one unit of work. */
  em(): EntityManager;
  /** Binds a service into the app's DI container under its ref. */
  provide<T>(ref: ServiceRef<T>, value: T): void;
  /** Resolves a service; a missing provider fails the boot, naming this plugin. */
  resolve<T>(ref: ServiceRef<T>): T;
  /** Resolves a service if some loaded plugin provides it. */
  tryResolve<T>(ref: ServiceRef<T>): T | undefined;
  /** Adds routes inside this plugin's encapsulated Fastify context. */
  routes(routes: FastifyPluginAsyncTypebox): void;
  /** Runs after every plugin registered, before the server listens (in dependency order). */
  onReady(fn: () => Promise<void> | void): void;
  /** Runs on shutdown (in reverse dependency order). */
  onClose(fn: () => Promise<void> | void): void;
  /** Contributes a named check to `GET /api/health`. */
  healthCheck(name: string, fn: () => HealthCheckResult | Promise<HealthCheckResult>): void;
}

export interface PluginDefinition<O extends TObject = TObject> {
  /** kebab-case id; must equal the manifest entry's id. */
  id: string;
  /** The plugin's own semver version. */
  version: string;
  /** semver range of the core plugin API this plugin works with, e.g. `^1.0.0`. */
  core: string;
  description?: string;
  /** Plugins that must be loaded and enabled; they register first. */
  dependsOn?: string[];
  /** Plugins that register first when present; absence is fine. */
  optionalDependsOn?: string[];
  /** TypeBox schema of the manifest `options`. */
  options?: O;
  /** This plugin's keys in `config.json` (merged into the one config schema). */
  config?: TObject;
  /** MikroORM entity schemas; tables are prefixed with the plugin id. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities?: EntitySchema<any>[];
  /** Migrations shipped with a third-party plugin (built-in plugins use the top-level timeline). */
  migrations?: MigrationObject[];
  register(ctx: PluginContext<Static<O>>): void | Promise<void>;
}

export type BrandedPluginDefinition = PluginDefinition & { readonly [PLUGIN_BRAND]: true };

/**
 * Declares a plugin. Default-export the result from the package entry:
 *
 *   export default definePlugin({ id: 'acme-hello', version: '1.0.0', core: '^1.0.0',
 *     register(ctx) { ctx.routes(async (app) => { app.get('/api/acme-hello', async () => ({ hi: true })) }) } });
 */
export function definePlugin<O extends TObject = TObject>(definition: PluginDefinition<O>): PluginDefinition<O> {
  return Object.freeze({ ...definition, [PLUGIN_BRAND]: true }) as PluginDefinition<O>;
}

export function isPluginDefinition(value: unknown): value is BrandedPluginDefinition {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PLUGIN_BRAND] === true;
}
