import type { PluginLogger } from '@vidkeep/contracts';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus } from './event-bus.js';

interface LogCall {
  level: string;
  obj: unknown;
  msg?: string;
}

function recordingLogger(calls: LogCall[] = []): PluginLogger & { calls: LogCall[] } {
  const at =
    (level: string) =>
    (objOrMsg: unknown, msg?: string): void => {
      if (typeof objOrMsg === 'string') calls.push({ level, obj: undefined, msg: objOrMsg });
      else calls.push({ level, obj: objOrMsg, msg });
    };
  const logger = {
    calls,
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    child: () => logger,
  };
  return logger as PluginLogger & { calls: LogCall[] };
}

/** Lets every queued microtask and one macrotask turn run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const payload = { changedKeys: ['apiKeyRateLimit'] };

describe('InProcessEventBus', () => {
  it('publishing with no subscriber is fine', async () => {
    const log = recordingLogger();
    const bus = new InProcessEventBus(log);
    expect(() => bus.publish('core.config.updated', payload)).not.toThrow();
    await expect(bus.drain()).resolves.toBeUndefined();
    expect(log.calls.filter((c) => c.level === 'error')).toEqual([]);
  });

  it('every subscriber receives the payload', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    const a: unknown[] = [];
    const b: unknown[] = [];
    bus.subscribe('core.config.updated', (p) => {
      a.push(p);
    });
    bus.subscribe('core.config.updated', async (p) => {
      b.push(p);
    });
    bus.publish('core.config.updated', payload);
    await bus.drain();
    expect(a).toEqual([payload]);
    expect(b).toEqual([payload]);
  });

  it('handlers run after publish returns, never inside it', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    const order: string[] = [];
    bus.subscribe('core.config.updated', () => {
      order.push('handler');
    });
    bus.publish('core.config.updated', payload);
    order.push('after publish');
    await bus.drain();
    expect(order).toEqual(['after publish', 'handler']);
  });

  it('a subscriber only hears its own event', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    const heard: string[] = [];
    bus.subscribe('auth.apiKey.deleted', () => {
      heard.push('deleted');
    });
    bus.publish('auth.apiKey.created', { keyId: 1, name: 'k' });
    await bus.drain();
    expect(heard).toEqual([]);
  });

  it.each([
    [
      'throws synchronously',
      () => {
        throw new Error('sync boom');
      },
      'sync boom',
    ],
    [
      'rejects',
      async () => {
        await settle();
        throw new Error('async boom');
      },
      'async boom',
    ],
  ])('a subscriber that %s is logged; the publisher and the other subscribers carry on', async (_name, bad, text) => {
    const log = recordingLogger();
    const bus = new InProcessEventBus(log);
    const before: unknown[] = [];
    const after: unknown[] = [];
    bus.subscribe('core.config.updated', (p) => {
      before.push(p);
    });
    bus.subscribe('core.config.updated', bad);
    bus.subscribe('core.config.updated', (p) => {
      after.push(p);
    });

    expect(() => bus.publish('core.config.updated', payload)).not.toThrow();
    await expect(bus.drain()).resolves.toBeUndefined();
    expect(before).toEqual([payload]);
    expect(after).toEqual([payload]);

    const errors = log.calls.filter((c) => c.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain('core.config.updated');
    expect((errors[0]?.obj as { err: Error }).err.message).toBe(text);

    // The bus still works afterwards.
    bus.publish('core.config.updated', payload);
    await bus.drain();
    expect(after).toHaveLength(2);
  });

  it('unsubscribe stops delivery to that handler only, and is safe to call twice', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = bus.subscribe('core.config.updated', (p) => {
      a.push(p);
    });
    bus.subscribe('core.config.updated', (p) => {
      b.push(p);
    });
    bus.publish('core.config.updated', payload);
    await bus.drain();
    offA();
    offA();
    bus.publish('core.config.updated', payload);
    await bus.drain();
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(2);
  });

  it('the same function subscribed twice and removed once is gone', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    let calls = 0;
    const handler = () => {
      calls += 1;
    };
    const off1 = bus.subscribe('core.config.updated', handler);
    bus.subscribe('core.config.updated', handler);
    off1();
    bus.publish('core.config.updated', payload);
    await bus.drain();
    expect(calls).toBe(0);
  });

  it('drain() waits until slow handlers have finished', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    const gate = deferred();
    let finished = false;
    bus.subscribe('core.config.updated', async () => {
      await gate.promise;
      finished = true;
    });
    bus.publish('core.config.updated', payload);
    let drained = false;
    const draining = bus.drain().then(() => {
      drained = true;
    });
    await settle();
    await settle();
    expect(drained).toBe(false);
    gate.resolve();
    await draining;
    expect(finished).toBe(true);
  });

  it('drain() also waits for events published by handlers', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    const gate = deferred();
    let secondDone = false;
    bus.subscribe('auth.apiKey.created', (p) => {
      bus.publish('auth.apiKey.deleted', { keyId: p.keyId });
    });
    bus.subscribe('auth.apiKey.deleted', async () => {
      await gate.promise;
      secondDone = true;
    });
    bus.publish('auth.apiKey.created', { keyId: 7, name: 'k' });
    let drained = false;
    const draining = bus.drain().then(() => {
      drained = true;
    });
    await settle();
    await settle();
    expect(drained).toBe(false);
    gate.resolve();
    await draining;
    expect(secondDone).toBe(true);
  });

  it('drain() does not reject when handlers failed', async () => {
    const bus = new InProcessEventBus(recordingLogger());
    bus.subscribe('core.config.updated', () => Promise.reject(new Error('nope')));
    bus.publish('core.config.updated', payload);
    await expect(bus.drain()).resolves.toBeUndefined();
  });
});
