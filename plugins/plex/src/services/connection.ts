import {
  ConflictError,
  CoreErrorCodes,
  serverHostProblem,
  serverUrlProblem,
  InvalidInputError,
  isDomainError,
  PlexErrorCodes as E,
  type PlexAuthUrl,
  type PlexConfigSection,
  type PlexConnectionResult,
  type PlexConnectionTest,
  type PlexLibrary,
  type PlexPinStatus,
  type PlexServerIdentity,
  type PlexTestQuery,
} from '@vidkeep/contracts';
import { connectionToTry } from '@vidkeep/media-server-common';
import type { LibraryRefresher } from './library-refresh.js';
import type { PlexTvClient } from './plex-tv.js';
import type { Conn, PlexServerApi } from './server-api.js';
import { baseUrlOf, type PlexSettings } from './settings.js';

type ConnectionKeys = Pick<PlexConfigSection, 'plexIP' | 'plexPort' | 'plexViaHttps' | 'plexApiKey'>;

/**
 * What the settings page does with Plex (reference 1.10): list libraries and the server's
 * identity (optionally with unsaved values, saved when they work, as the reference does), test
 * a connection, refresh the default library, and sign in by PIN. A refused token or an
 * unreachable server is an error with a plain message, never an empty answer.
 */
export class PlexConnection {
  constructor(
    private readonly deps: {
      api: PlexServerApi;
      tv: PlexTvClient;
      refresher: LibraryRefresher;
      settings: () => PlexSettings;
      save: (patch: Partial<PlexConfigSection>) => Promise<void>;
    },
  ) {}

  /**
   * The saved connection, or the saved one with the reference's `test*` values over it. The saved
   * token goes only to the saved address: another address needs its own token (issue 31), so
   * `withToken` refuses one without it (400); `/identity` needs no token at all.
   */
  private target(q: PlexTestQuery, withToken: boolean): { conn: Conn | null; tried: Partial<ConnectionKeys> | null } {
    const s = this.deps.settings();
    const tried: Partial<ConnectionKeys> = {};
    if (q.testIP !== undefined) tried.plexIP = q.testIP;
    if (q.testPort !== undefined) tried.plexPort = q.testPort;
    if (q.testUseHttps !== undefined) tried.plexViaHttps = q.testUseHttps;
    if (q.testApiKey !== undefined) tried.plexApiKey = q.testApiKey;
    const testing = Object.keys(tried).length > 0 ? tried : null;
    if (tried.plexIP !== undefined) invalidIf(serverHostProblem(tried.plexIP), 'querystring/testIP');
    // An IP to test is what the user typed: it wins over the saved URL for this request.
    const baseUrl = baseUrlOf({ ...s, ...tried, mediaserverUrl: tried.plexIP ? '' : s.mediaserverUrl });
    if (!baseUrl) return { conn: null, tried: testing };
    return { conn: { baseUrl, token: withToken ? this.tokenFor(baseUrl, tried.plexApiKey) : null }, tried: testing };
  }

  /**
   * The token to send to `baseUrl`: the one given, else the saved one when `baseUrl` is the saved
   * address; null when none is saved. Another address without a token of its own: 400.
   */
  private tokenFor(baseUrl: string, given: string | undefined): string | null {
    const s = this.deps.settings();
    const conn = connectionToTry({ url: baseUrl, apiKey: given }, { url: baseUrlOf(s) ?? '', apiKey: s.plexApiKey });
    if ('invalid' in conn) throw invalid(conn.invalid, 'address');
    if ('url' in conn) return conn.apiKey;
    if (conn.missing === 'key-for-new-url') {
      throw new InvalidInputError(
        E.notConfigured,
        `Enter the Plex token for ${baseUrl}: the saved token is only ever sent to the saved address`,
      );
    }
    return null;
  }

  async libraries(q: PlexTestQuery): Promise<PlexLibrary[]> {
    const { conn, tried } = this.target(q, true);
    if (!conn?.token) return [];
    const sections = await this.deps.api.sections(conn);
    if (tried) await this.deps.save(tried);
    return sections.map((s) => ({ id: s.key, title: s.title, type: s.type, locations: s.locations }));
  }

  async identity(q: PlexTestQuery): Promise<PlexServerIdentity> {
    const { conn } = this.target(q, false);
    if (!conn) return { claimed: null, machineIdentifier: null };
    const { claimed, machineIdentifier } = await this.deps.api.identity(conn);
    return { claimed, machineIdentifier: machineIdentifier || null };
  }

  async test(body: PlexConnectionTest): Promise<PlexConnectionResult> {
    if (body.plexIP) invalidIf(serverHostProblem(body.plexIP), 'body/plexIP');
    if (body.mediaserverUrl) invalidIf(serverUrlProblem(body.mediaserverUrl), 'body/mediaserverUrl');
    const baseUrl = baseUrlOf({ ...this.deps.settings(), ...body });
    if (!baseUrl) {
      throw new InvalidInputError(
        E.notConfigured,
        'Give the Plex server address (URL or IP) and a token, or sign in with Plex',
      );
    }
    const token = this.tokenFor(baseUrl, body.plexApiKey || undefined);
    if (!token) {
      throw new InvalidInputError(E.notConfigured, 'Give the Plex token too, or sign in with Plex');
    }
    const root = await this.deps.api.root({ baseUrl, token });
    return { ok: true, ...root };
  }

  async refreshLibrary(): Promise<{ success: true; message: string }> {
    const s = this.deps.settings();
    if (!baseUrlOf(s) || !s.plexApiKey) {
      throw new ConflictError(E.notConfigured, 'Plex is not configured: set its address and sign in first');
    }
    if (!s.plexSourceLibraryId) {
      throw new ConflictError(E.noLibrary, 'No Plex library is chosen (plexSourceLibraryId): pick one in the settings');
    }
    await this.deps.refresher.refresh(null);
    return { success: true, message: `Asked Plex to scan library ${s.plexSourceLibraryId}` };
  }

  authUrl(): Promise<PlexAuthUrl> {
    return this.deps.tv.createPin();
  }

  /**
   * The PIN's state. An approved token is saved as `plexApiKey`, except when a token is saved
   * already and the configured server refuses the new one (another account without access):
   * then nothing changes.
   */
  async checkPin(pinId: number): Promise<PlexPinStatus> {
    const token = await this.deps.tv.checkPin(pinId);
    if (!token) return { status: 'pending', message: 'Waiting for the sign-in to be approved on plex.tv' };
    const s = this.deps.settings();
    const baseUrl = baseUrlOf(s);
    if (s.plexApiKey && s.plexApiKey !== token && baseUrl) {
      try {
        await this.deps.api.root({ baseUrl, token });
      } catch (err) {
        if (!isDomainError(err) || err.code !== E.unauthorized) throw err;
        return {
          status: 'rejected',
          message: `The Plex account you signed in with has no access to the server at ${baseUrl}; the saved token is kept`,
        };
      }
    }
    await this.deps.save({ plexApiKey: token });
    return { status: 'saved', message: 'Signed in to Plex: the token is saved' };
  }
}

/** A 400 naming the field of a test address that is not one. */
function invalid(problem: string, path: string): InvalidInputError {
  return new InvalidInputError(CoreErrorCodes.validationFailed, problem, { details: [{ path, message: problem }] });
}

/** Throws {@link invalid} when `problem` is set. */
function invalidIf(problem: string | null, path: string): void {
  if (problem) throw invalid(problem, path);
}
