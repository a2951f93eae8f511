import { signal } from '@angular/core';
import { TestBed } from '@angular/core/testing';
import type { LiveMessage } from '@vidkeep/contracts';
import { Auth } from './auth';
import { Live, type LiveReady } from './live';

/** Stands in for the browser's WebSocket: the spec plays the server. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.onclose?.({ code: 1000 });
  }
  serverSends(value: unknown): void {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
}

describe('Live', () => {
  let live: Live;
  let expired: ReturnType<typeof vi.fn>;
  const socket = () => FakeSocket.last!;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.last = null;
    expired = vi.fn();
    TestBed.configureTestingModule({ providers: [{ provide: Auth, useValue: { token: signal('tok'), expired } }] });
    live = TestBed.inject(Live);
  });

  afterEach(() => {
    live.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('authenticates first and hands out typed messages by type', () => {
    const updates: LiveMessage<'jobUpdated' | 'videoActivityUpdated'>[] = [];
    live.on('jobUpdated', 'videoActivityUpdated').subscribe((m) => updates.push(m));
    live.start();
    socket().onopen?.();
    expect(socket().sent).toEqual([JSON.stringify({ type: 'auth', token: 'tok' })]);
    socket().serverSends({ type: 'videoActivityUpdated', instanceId: 'i1', revision: 1 });
    socket().serverSends({
      type: 'jobProgress',
      jobId: 'j',
      sourceId: 's',
      state: 'queued',
      progress: null,
      diagnosis: null,
    });
    socket().serverSends('not json');
    socket().serverSends({ type: 'jobUpdated' });
    expect(updates).toEqual([{ type: 'videoActivityUpdated', instanceId: 'i1', revision: 1 }]);
  });

  it('reports connections, reconnections and restarts, reconnecting with backoff', async () => {
    const ready: LiveReady[] = [];
    live.ready.subscribe((r) => ready.push(r));
    live.start();
    socket().serverSends({ type: 'ready', instanceId: 'i1' });
    expect(live.connected()).toBe(true);
    const first = socket();
    first.onclose?.({ code: 1006 });
    expect(live.connected()).toBe(false);
    await vi.advanceTimersByTimeAsync(499);
    expect(socket()).toBe(first);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket()).not.toBe(first);
    socket().serverSends({ type: 'ready', instanceId: 'i1' });
    socket().serverSends({ type: 'ready', instanceId: 'i2' });
    expect(ready).toEqual([
      { instanceId: 'i1', restarted: false, reconnected: false },
      { instanceId: 'i1', restarted: false, reconnected: true },
      { instanceId: 'i2', restarted: true, reconnected: true },
    ]);
  });

  it('ends the session when the server says it is gone', async () => {
    live.start();
    const first = socket();
    first.onclose?.({ code: 4401 });
    expect(expired).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket()).toBe(first);
  });
});
