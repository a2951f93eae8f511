// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';

/** A contracts schema named by its export name resolves to its type; any other type stays as it is. */
export type Resolve<T> = T extends keyof typeof C ? Static<(typeof C)[T]> : T;

/** `T` (resolved) with the keys `K` optional: the fields of a query or body the server fills from their defaults. */
export type DefaultsOptional<T, K extends PropertyKey> = Omit<Resolve<T>, K & keyof Resolve<T>> &
  Partial<Pick<Resolve<T>, K & keyof Resolve<T>>>;

type Slot<K extends string, T> = [T] extends [never] ? unknown : { [P in K]: Resolve<T> };

/**
 * A route: its success `response` and, where it takes them, its `params`, `query` and `body`
 * (`never`: not taken). Each is a contracts export name or a type.
 */
export type Route<Response, Params = never, Query = never, Body = never> = Slot<'params', Params> &
  Slot<'query', Query> &
  Slot<'body', Body> & { response: Resolve<Response> };
