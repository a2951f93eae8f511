import type { LiveMessage } from '../live/messages.js';
import { serviceRef } from './ref.js';

/**
 * The core's WebSocket hub at `GET /api/ws`. Plugins push; only authenticated sockets receive.
 * Handshake: send the session token as header `x-access-token`, or (browsers) send
 * `{"type":"auth","token":"..."}` as the first message within 10 seconds. The server answers
 * `{"type":"ready","instanceId":"..."}`; a bad token closes the socket with code 4401.
 */
export interface LiveHub {
  /** Random id of this server process; clients detect a restart when it changes. */
  readonly instanceId: string;
  /** Sends to every authenticated client. Messages with a `key` may be coalesced (latest wins, at most every 250 ms per key). */
  broadcast(message: LiveMessage, options?: { coalesceKey?: string }): void;
  clientCount(): number;
}

export const liveHubRef = serviceRef<LiveHub>('core.liveHub');
