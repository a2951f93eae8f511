import {
  EmbyErrorCodes as E,
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

  async test(body: EmbyConnectionBody): Promise<MediaServerConnectionOk> {
    const conn = connectionFor(body, this.deps.settings());
    const client = this.deps.client(conn);
    const info = await client.systemInfo();
    let user: MediaServerUser | null = null;
    if (conn.userId) {
      user = await client.user(conn.userId);
      if (!user) {
        throw new UnavailableError(
          E.userNotFound,
          `Emby answered, but it has no user with the id ${conn.userId}: pick one from the user list`,
        );
      }
    }
    return {
      ok: true,
      version: info.version,
      serverName: info.serverName,
      user: user && { id: user.id, name: user.name },
    };
  }

  async users(body: EmbyConnectionBody): Promise<{ users: MediaServerUser[] }> {
    return { users: await this.deps.client(connectionFor(body, this.deps.settings())).users() };
  }

  async libraries(body: EmbyConnectionBody): Promise<{ libraries: MediaServerLibrary[] }> {
    return { libraries: await this.deps.client(connectionFor(body, this.deps.settings())).libraries() };
  }
}
