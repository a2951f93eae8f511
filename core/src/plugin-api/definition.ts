import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  AnyServiceRef,
  AppConfig,
  CoreConfigSection,
  EventBus,
  MultiServiceRef,
  PluginLogger,
  ProviderSet,
  ServiceRef,
  Static,
  TObject,
} from '@vidkeep/contracts';
import type { RuntimeEnvironment } from '../env.js';
import type { EntityDefinition } from './entities.js';
import type { Orm, PluginEntityManager } from './orm.js';

export const PLUGIN_BRAND = Symbol.for('vidkeep.plugin');

export interface HealthCheckResult {
  ok: boolean;
  message?: string;
}

/**
 * A plugin's typed view of `config.json`: its own section (the `config` schema of its definition)
 * plus the core's keys. Keys of other plugins are read by name with `read`; a plugin writes only
 * its own keys.
 */
export interface PluginConfig<Section extends object = Record<string, unknown>> {
  /** The effective configuration (file plus runtime overrides), typed as this plugin's section. */
  get(): Readonly<CoreConfigSection & Section>;
  /** One key of the whole configuration, e.g. another plugin's setting this plugin follows. */
  read<K extends keyof AppConfig>(key: K): AppConfig[K];
  /** Validates, persists atomically and publishes `core.config.updated`. */
  update(patch: Partial<CoreConfigSection & Section>): Promise<void>;
  /** Keys whose effective value is forced at run time (never written to the file). */
  overriddenKeys(): string[];
  /** Forces one of this plugin's keys while the process runs; never written to the file. */
  setOverride<K extends keyof Section & string>(key: K, value: Section[K]): void;
  /**
   * Adds a rule to one of this plugin's keys that the schema cannot express (a tool's dry run, the
   * yt-dlp option rules): a client save (`PATCH /api/config`) that changes the key to a value its
   * schema accepts must pass it, else nothing is saved and the client gets 400 with the rule's
   * message on the key. `rule` returns (or resolves to) null when the value is fine.
   */
  check<K extends keyof Section & string>(
    key: K,
    rule: (value: Section[K]) => string | null | Promise<string | null>,
  ): void;
}

/** What `register(ctx)` receives. Everything a plugin touches comes through here. */
export interface PluginContext<
  Options = Record<string, unknown>,
  ConfigSection extends object = Record<string, unknown>,
> {
  readonly id: string;
  /** Manifest options, validated against the plugin's `options` schema with defaults applied. */
  readonly options: Options;
  readonly logger: PluginLogger;
  readonly env: Readonly<RuntimeEnvironment>;
  readonly config: PluginConfig<ConfigSection>;
  readonly events: EventBus;
  readonly orm: Orm;
  /** A fresh entity manager (identity map) for one unit of work. */
  em(): PluginEntityManager;
  /** Binds a service into the app's DI container under its ref (one provider per ref). */
  provide<T>(ref: ServiceRef<T>, value: T): void;
  /**
   * Adds this plugin's implementation to an extension point under `key` (unique within the ref,
   * e.g. a media-server kind). A second contribution with the same key fails the boot.
   */
  contribute<T>(ref: MultiServiceRef<T>, key: string, provider: T): void;
  /**
   * A declared service (`consumes` or `optionalConsumes`). A required one nobody provides fails
   * the boot naming this plugin; resolving an undeclared ref fails the boot as well.
   */
  resolve<T>(ref: ServiceRef<T>): T;
  /** A declared optional service, or undefined when no loaded plugin provides it. */
  tryResolve<T>(ref: ServiceRef<T>): T | undefined;
  /**
   * The live set of every contribution to an extension point from plugins that are loaded and
   * enabled; it changes when a contributor is switched on or off at run time.
   */
  resolveAll<T>(ref: MultiServiceRef<T>): ProviderSet<T>;
  /** Adds routes inside this plugin's encapsulated Fastify context. */
  routes(routes: FastifyPluginAsyncTypebox): void;
  /** Runs after every plugin registered, before the server listens (in dependency order). */
  onReady(fn: () => Promise<void> | void): void;
  /** Runs on shutdown (in reverse dependency order). */
  onClose(fn: () => Promise<void> | void): void;
  /** Contributes a named check to `GET /api/health`. */
  healthCheck(name: string, fn: () => HealthCheckResult | Promise<HealthCheckResult>): void;
}

export interface PluginDefinition<O extends TObject = TObject, C extends TObject = TObject> {
  /** kebab-case id; must equal the manifest entry's id. */
  id: string;
  /** The plugin's own semver version. */
  version: string;
  /** semver range of the plugin API (`PLUGIN_API_VERSION`) this plugin works with, e.g. `^1.0.0`. */
  core: string;
  description?: string;
  /** Plugins that must be loaded and enabled; they register first. */
  dependsOn?: string[];
  /** Plugins that register first when present; absence is fine. */
  optionalDependsOn?: string[];
  /**
   * Services this plugin needs. Every one must have a provider once all plugins registered, or
   * the boot fails naming this plugin and the service. Extension points (multi-provider refs)
   * may be listed too: having no contributor is fine for them.
   */
  consumes?: AnyServiceRef[];
  /** Services this plugin uses when some plugin provides them. */
  optionalConsumes?: AnyServiceRef[];
  /**
   * Whether operators may switch this plugin off and on at run time (`PATCH /api/plugins/{id}`).
   * While off, its routes answer 404, its event handlers and scheduled tasks do not run and its
   * contributions leave the extension points. Do no remote I/O in `onReady` then: it runs once at
   * start whether the plugin is on or off.
   */
  toggleable?: boolean;
  /** TypeBox schema of the manifest `options`. */
  options?: O;
  /** This plugin's keys in `config.json` (merged into the one config schema). */
  config?: C;
  /**
   * The plugin's tables (`defineEntity`; a 1.x plugin's `EntitySchema` until 2.0.0); a third-party
   * plugin's table names start with its id.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- entities of any row type
  entities?: (EntityDefinition<any> | EntitySchema<any>)[];
  /**
   * The plugin's own migrations (built-in plugins use the top-level timeline instead):
   * `{ name, class }`, or `{ name, load }` to import the class only when it has to run. They run
   * after the built-in timeline, in name order, in one transaction per plugin, recorded as
   * `<id>:<name>`; a third-party plugin's may touch only tables named after its id.
   */
  migrations?: (MigrationObject | { name: string; load(): Promise<MigrationObject['class']> })[];
  register(ctx: PluginContext<Static<O>, Static<C>>): void | Promise<void>;
}

export type BrandedPluginDefinition = PluginDefinition & { readonly [PLUGIN_BRAND]: true };

/**
 * Declares a plugin. Default-export the result from the package entry:
 *
 *   export default definePlugin({ id: 'acme-hello', version: '1.0.0', core: '^1.0.0',
 *     register(ctx) { ctx.routes(async (app) => { app.get('/api/acme-hello', async () => ({ hi: true })) }) } });
 */
export function definePlugin<O extends TObject = TObject, C extends TObject = TObject>(
  definition: PluginDefinition<O, C>,
): PluginDefinition<O, C> {
  return Object.freeze({ ...definition, [PLUGIN_BRAND]: true }) as PluginDefinition<O, C>;
}

export function isPluginDefinition(value: unknown): value is BrandedPluginDefinition {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PLUGIN_BRAND] === true;
}
