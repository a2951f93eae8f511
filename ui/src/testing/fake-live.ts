import { Injectable, type Provider } from '@angular/core';
import type { LiveMessage } from '@vidkeep/contracts';
import { Live } from '../app/core/live';

/**
 * The live service without a WebSocket: a spec hands it the messages the server would send,
 * and they reach the page through the same typed streams (`on(...)`, `ready`).
 */
@Injectable()
export class FakeLive extends Live {
  override start(): void {
    // No socket in specs: messages come from send() and connect().
  }

  override stop(): void {
    // Nothing to close.
  }

  /** A message as the server sends it. */
  send(message: LiveMessage): void {
    this.receive(message);
  }

  /** The server's `ready`: the first one connects, later ones reconnect (a new id: it restarted). */
  connect(instanceId = 'instance-1'): void {
    this.receive({ type: 'ready', instanceId });
  }
}

/** Provides `Live` as a `FakeLive` (inject `FakeLive` to drive it). */
export function provideFakeLive(): Provider[] {
  return [FakeLive, { provide: Live, useExisting: FakeLive }];
}
