/**
 * A typed handle to a service in the DI container. The owning plugin provides it, consumers
 * resolve it; a consumer that resolves a ref nobody provides fails the boot, naming the plugin.
 */
export interface ServiceRef<T> {
  readonly id: string;
  /** Phantom field carrying the service type; never set at run time. */
  readonly __type?: T;
}

export const serviceRef = <T>(id: string): ServiceRef<T> => Object.freeze({ id });
