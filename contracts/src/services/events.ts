import type { EventMap, EventName } from '../events/index.js';
import { serviceRef } from './ref.js';

export type EventHandler<K extends EventName> = (payload: EventMap[K]) => void | Promise<void>;

/**
 * In-process typed event bus. Handlers run asynchronously after `publish` returns; a handler
 * that throws is logged and never fails the publisher or the other handlers.
 */
export interface EventBus {
  publish<K extends EventName>(name: K, payload: EventMap[K]): void;
  /** Returns an unsubscribe function. */
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  /** Resolves once every handler started so far has settled (tests and shutdown use it). */
  drain(): Promise<void>;
}

export const eventBusRef = serviceRef<EventBus>('core.events');
