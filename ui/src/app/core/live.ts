import { Injectable, inject, signal } from '@angular/core';
import type { LiveMessage, LiveMessageType } from '@vidkeep/contracts';
import { Observable, Subject, filter } from 'rxjs';
import { Auth } from './auth';
import { isOneOf, parseLiveMessage } from './live-message';

/** Emitted after every (re)connection once the server said `ready`. */
export interface LiveReady {
  instanceId: string;
  /** The server's instanceId changed: it restarted. */
  restarted: boolean;
  /** Not the first connection of this page: messages may have been missed, so refetch. */
  reconnected: boolean;
}

/**
 * The authenticated WebSocket (`/api/ws`): sends the session token as the first message,
 * reconnects with backoff after a drop, and reports `reconnected` (refetch!) and
 * `restarted` (the server's instanceId changed) so pages can reload their data.
 * Messages arrive typed by the contracts' `LiveMessageMap` through `on(...)`.
 */
@Injectable({ providedIn: 'root' })
export class Live {
  private readonly auth = inject(Auth);
  private readonly messages = new Subject<LiveMessage>();
  readonly ready = new Subject<LiveReady>();
  readonly connected = signal(false);
  private socket: WebSocket | null = null;
  private instanceId: string | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wanted = false;
  private everConnected = false;

  /** The messages of the given types, e.g. `on('jobProgress')` or `on('jobUpdated', 'videoActivityUpdated')`. */
  on<K extends Exclude<LiveMessageType, 'ready'>>(...types: K[]): Observable<LiveMessage<K>> {
    return this.messages.pipe(filter((m): m is LiveMessage<K> => isOneOf(m, types)));
  }

  start(): void {
    this.wanted = true;
    if (!this.socket) this.open();
  }

  stop(): void {
    this.wanted = false;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  /** One message as the server sent it: `ready` completes a connection, the rest go to `on(...)`. */
  protected receive(message: LiveMessage): void {
    if (message.type !== 'ready') {
      this.messages.next(message);
      return;
    }
    const id = message.instanceId;
    const restarted = this.instanceId !== null && this.instanceId !== id;
    this.instanceId = id;
    this.attempts = 0;
    this.connected.set(true);
    this.ready.next({ instanceId: id, restarted, reconnected: this.everConnected });
    this.everConnected = true;
  }

  private open(): void {
    const token = this.auth.token();
    if (!token) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    this.socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (ev) => {
      const message = parseLiveMessage(String(ev.data));
      if (message) this.receive(message);
    };
    ws.onclose = (ev) => {
      this.connected.set(false);
      if (this.socket === ws) this.socket = null;
      if (ev.code === 4401 || ev.code === 4410) {
        this.auth.expired();
        return;
      }
      if (!this.wanted) return;
      const delay = Math.min(10_000, 500 * 2 ** this.attempts++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }
}
