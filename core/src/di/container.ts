import { asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import type { Contribution, MultiServiceRef, ProviderSet, ServiceRef } from '@vidkeep/contracts';

export class MissingServiceError extends Error {
  constructor(
    readonly refId: string,
    consumer: string,
  ) {
    super(`Plugin "${consumer}": needs service "${refId}", which no loaded plugin provides`);
    this.name = 'MissingServiceError';
  }
}

export class ServiceConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceConflictError';
  }
}

/** A multi-provider ref's contributions, filtered live by whether their plugin is active. */
class LiveProviderSet<T> implements ProviderSet<T> {
  readonly contributions: Contribution<T>[] = [];

  constructor(private readonly isActive: (plugin: string) => boolean) {}

  entries(): Contribution<T>[] {
    return this.contributions.filter((c) => this.isActive(c.plugin));
  }
  all(): T[] {
    return this.entries().map((c) => c.provider);
  }
  get(key: string): T | undefined {
    return this.entries().find((c) => c.key === key)?.provider;
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
  keys(): string[] {
    return this.entries().map((c) => c.key);
  }
  get size(): number {
    return this.entries().length;
  }
}

/**
 * Typed access to the per-app awilix container. Every app gets a fresh strict container (never
 * @fastify/awilix's module-global one), so tests can boot many apps in one process.
 * Single-provider refs live in the container; multi-provider refs (extension points) keep their
 * contributions here and are handed out as live `ProviderSet`s.
 */
export class ServiceRegistry {
  readonly container: AwilixContainer;
  private readonly providers = new Map<string, string>();
  private readonly multi = new Map<string, LiveProviderSet<unknown>>();
  private readonly inactive = new Set<string>();

  constructor() {
    this.container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  }

  provide<T>(ref: ServiceRef<T>, value: T, provider: string): void {
    const existing = this.providers.get(ref.id);
    if (existing !== undefined) {
      throw new ServiceConflictError(`service "${ref.id}" is already provided by "${existing}"`);
    }
    this.providers.set(ref.id, provider);
    this.container.register(ref.id, asValue(value));
  }

  /** The plugin that provides a single-provider ref, if any. */
  providerOf(ref: ServiceRef<unknown>): string | undefined {
    return this.providers.get(ref.id);
  }

  resolve<T>(ref: ServiceRef<T>, consumer = 'core'): T {
    if (!this.providers.has(ref.id)) throw new MissingServiceError(ref.id, consumer);
    return this.container.resolve<T>(ref.id);
  }

  tryResolve<T>(ref: ServiceRef<T>): T | undefined {
    return this.providers.has(ref.id) ? this.container.resolve<T>(ref.id) : undefined;
  }

  contribute<T>(ref: MultiServiceRef<T>, key: string, provider: T, plugin: string): void {
    const set = this.setOf(ref);
    const clash = set.contributions.find((c) => c.key === key);
    if (clash) {
      throw new ServiceConflictError(`"${ref.id}" already has a provider "${key}" (contributed by "${clash.plugin}")`);
    }
    set.contributions.push(Object.freeze({ key, plugin, provider }));
  }

  /** The plugins that contributed to an extension point, active or not (for the service graph). */
  contributorsOf(ref: MultiServiceRef<unknown>): string[] {
    return [...new Set(this.setOf(ref).contributions.map((c) => c.plugin))];
  }

  resolveAll<T>(ref: MultiServiceRef<T>): ProviderSet<T> {
    return this.setOf(ref);
  }

  /**
   * Marks a plugin's contributions inactive (or active again) without a restart: every
   * `ProviderSet` stops (or starts) listing them at once.
   */
  setPluginActive(plugin: string, active: boolean): void {
    if (active) this.inactive.delete(plugin);
    else this.inactive.add(plugin);
  }

  private setOf<T>(ref: MultiServiceRef<T>): LiveProviderSet<T> {
    let set = this.multi.get(ref.id);
    if (!set) {
      set = new LiveProviderSet((plugin) => !this.inactive.has(plugin));
      this.multi.set(ref.id, set);
    }
    return set as LiveProviderSet<T>;
  }
}
