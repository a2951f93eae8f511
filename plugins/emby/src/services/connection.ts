import {
  EmbyErrorCodes as E,
  testConnection,
  UnavailableError,
  type EmbyConnectionBody,
  type MediaServerConnectionOk,
  type MediaServerLibrary,
  type MediaServerUser,
} from '@vidkeep/contracts';
import type { EmbyClient, EmbyConnection } from './client.js';
import { connectionFor, type EmbySettings } from './settings.js';

/**
 * The settings page's checks: test a connection, list the users (to pick the playlists' owner)
 * and the libraries (to pick the video libraries), with the values given or the saved ones.
 */
export class EmbyConnectionCheck {
  constructor(
    private readonly deps: {
      settings: () => EmbySettings;
      client: (conn: EmbyConnection) => EmbyClient;
    },
  ) {}

  private clientFor(body: EmbyConnectionBody) {
    const conn = connectionFor(body, this.deps.settings());
    return { client: this.deps.client(conn), userId: conn.userId };
  }

  test(body: EmbyConnectionBody): Promise<MediaServerConnectionOk> {
    const { client, userId } = this.clientFor(body);
    return testConnection(client, userId, (message) => new UnavailableError(E.userNotFound, message));
  }

  async users(body: EmbyConnectionBody): Promise<{ users: MediaServerUser[] }> {
    return { users: await this.clientFor(body).client.users() };
  }

  async libraries(body: EmbyConnectionBody): Promise<{ libraries: MediaServerLibrary[] }> {
    return { libraries: await this.clientFor(body).client.libraries() };
  }
}
