import { Injectable, inject, signal } from '@angular/core';
import { Subject } from 'rxjs';
import { Auth } from './auth';

export interface LiveMessage {
  type: string;
  [key: string]: unknown;
}

/**
 * The authenticated WebSocket (`/api/ws`): sends the session token as the first message,
 * reconnects with backoff after a drop, and reports `reconnected` (refetch!) and
 * `restarted` (the server's instanceId changed) so pages can reload their data.
 */
@Injectable({ providedIn: 'root' })
export class Live {
  private readonly auth = inject(Auth);
  readonly messages = new Subject<LiveMessage>();
  /** Emits after every (re)connection once the server said `ready`. */
  readonly ready = new Subject<{ instanceId: string; restarted: boolean; reconnected: boolean }>();
  readonly connected = signal(false);
  private socket: WebSocket | null = null;
  private instanceId: string | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wanted = false;
  private everConnected = false;

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

  private open(): void {
    const token = this.auth.token();
    if (!token) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    this.socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (ev) => {
      let msg: LiveMessage;
      try {
        msg = JSON.parse(String(ev.data)) as LiveMessage;
      } catch {
        return;
      }
      if (msg.type === 'ready') {
        const id = String(msg['instanceId']);
        const restarted = this.instanceId !== null && this.instanceId !== id;
        this.instanceId = id;
        this.attempts = 0;
        this.connected.set(true);
        this.ready.next({ instanceId: id, restarted, reconnected: this.everConnected });
        this.everConnected = true;
        return;
      }
      this.messages.next(msg);
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
