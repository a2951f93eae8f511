import {
  JellyfinErrorCodes as E,
  testConnection,
  UnavailableError,
  type JellyfinConnectionBody,
  type MediaServerConnectionOk,
  type MediaServerLibrary,
  type MediaServerUser,
} from '@vidkeep/contracts';
import type { JellyfinClient, JellyfinConnection } from './client.js';
import { connectionFor, type JellyfinSettings } from './settings.js';

/**
 * The settings page's checks: test a connection, list the users (to pick the playlists' owner)
 * and the libraries (to pick the video libraries), with the values given or the saved ones.
 */
export class JellyfinConnectionCheck {
  constructor(
    private readonly deps: {
      settings: () => JellyfinSettings;
      client: (conn: JellyfinConnection) => JellyfinClient;
    },
  ) {}

  private clientFor(body: JellyfinConnectionBody) {
    const conn = connectionFor(body, this.deps.settings());
    return { client: this.deps.client(conn), userId: conn.userId };
  }

  test(body: JellyfinConnectionBody): Promise<MediaServerConnectionOk> {
    const { client, userId } = this.clientFor(body);
    return testConnection(client, userId, (message) => new UnavailableError(E.userNotFound, message));
  }

  async users(body: JellyfinConnectionBody): Promise<{ users: MediaServerUser[] }> {
    return { users: await this.clientFor(body).client.users() };
  }

  async libraries(body: JellyfinConnectionBody): Promise<{ libraries: MediaServerLibrary[] }> {
    return { libraries: await this.clientFor(body).client.libraries() };
  }
}
