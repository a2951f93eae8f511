import { asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import type { ServiceRef } from '@vidkeep/contracts';

export class MissingServiceError extends Error {
  constructor(refId: string, consumer: string) {
    super(`Plugin "${consumer}": needs service "${refId}", which no loaded plugin provides`);
    this.name = 'MissingServiceError';
  }
}

/**
 * Typed access to the per-app awilix container. Every app gets a fresh strict container (never
 * @fastify/awilix's module-global one), so tests can boot many apps in one process.
 */
export class ServiceRegistry {
  readonly container: AwilixContainer;
  private readonly providers = new Map<string, string>();

  constructor() {
    this.container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
  }

  provide<T>(ref: ServiceRef<T>, value: T, provider: string): void {
    const existing = this.providers.get(ref.id);
    if (existing !== undefined) {
      throw new Error(`Plugin "${provider}": service "${ref.id}" is already provided by "${existing}"`);
    }
    this.providers.set(ref.id, provider);
    this.container.register(ref.id, asValue(value));
  }

  resolve<T>(ref: ServiceRef<T>, consumer = 'core'): T {
    if (!this.providers.has(ref.id)) throw new MissingServiceError(ref.id, consumer);
    return this.container.resolve<T>(ref.id);
  }

  tryResolve<T>(ref: ServiceRef<T>): T | undefined {
    return this.providers.has(ref.id) ? this.container.resolve<T>(ref.id) : undefined;
  }
}
