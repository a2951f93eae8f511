import type { EventBus, EventHandler, EventMap, EventName, PluginLogger } from '@vidkeep/contracts';

/**
 * In-process typed event bus. `publish` never throws and never waits: handlers run on the next
 * microtask, each isolated, so a failing subscriber is logged and cannot fail the publisher.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<string, Set<EventHandler<EventName>>>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: PluginLogger) {}

  publish<K extends EventName>(name: K, payload: EventMap[K]): void {
    const set = this.handlers.get(name);
    if (!set || set.size === 0) return;
    for (const handler of [...set]) {
      const run = Promise.resolve()
        .then(() => (handler as EventHandler<K>)(payload))
        .catch((err: unknown) => {
          this.logger.error({ err, event: name }, `Subscriber of "${name}" failed`);
        })
        .finally(() => this.pending.delete(run));
      this.pending.add(run);
    }
  }

  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as EventHandler<EventName>);
    return () => {
      set.delete(handler as EventHandler<EventName>);
    };
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
