/**
 * A typed handle to a service in the DI container. The owning plugin provides it, consumers
 * declare it (`consumes` / `optionalConsumes`) and resolve it; a required ref nobody provides
 * fails the boot, naming the consuming plugin and the service.
 */
export interface ServiceRef<T> {
  readonly id: string;
  readonly multi: false;
  /** Phantom field carrying the service type; never set at run time. */
  readonly __type?: T;
}

/**
 * A typed handle to an extension point: several plugins contribute an implementation each, under
 * a key of their own (`ctx.contribute(ref, key, impl)`), and consumers see every contribution of
 * the plugins that are loaded and enabled (`ctx.resolveAll(ref)`). Media-server kinds and
 * watch-status providers are contributed this way.
 */
export interface MultiServiceRef<T> {
  readonly id: string;
  readonly multi: true;
  readonly __type?: T;
}

export type AnyServiceRef = ServiceRef<unknown> | MultiServiceRef<unknown>;

export const serviceRef = <T>(id: string): ServiceRef<T> => Object.freeze({ id, multi: false as const });

export const multiServiceRef = <T>(id: string): MultiServiceRef<T> => Object.freeze({ id, multi: true as const });

/** One implementation contributed to a multi-provider ref. */
export interface Contribution<T> {
  /** The contributor's key, unique within the ref (a media-server kind such as `plex`). */
  readonly key: string;
  /** The contributing plugin's id. */
  readonly plugin: string;
  readonly provider: T;
}

/**
 * The live view of a multi-provider ref. It always reflects the contributors that are loaded and
 * enabled now, so hold on to the set and ask it each time instead of copying its contents.
 */
export interface ProviderSet<T> {
  /** Providers in contribution order (the plugins' boot order). */
  all(): T[];
  get(key: string): T | undefined;
  has(key: string): boolean;
  keys(): string[];
  entries(): Contribution<T>[];
  readonly size: number;
}
