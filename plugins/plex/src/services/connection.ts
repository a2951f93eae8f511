import {
  ConflictError,
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

  /** The saved connection, or the saved one with the reference's `test*` values over it. */
  private target(q: PlexTestQuery): { conn: Conn | null; tried: Partial<ConnectionKeys> | null } {
    const s = this.deps.settings();
    const tried: Partial<ConnectionKeys> = {};
    if (q.testIP !== undefined) tried.plexIP = q.testIP;
    if (q.testPort !== undefined) tried.plexPort = q.testPort;
    if (q.testUseHttps !== undefined) tried.plexViaHttps = q.testUseHttps;
    if (q.testApiKey !== undefined) tried.plexApiKey = q.testApiKey;
    const testing = Object.keys(tried).length > 0;
    // An IP to test is what the user typed: it wins over the saved URL for this request.
    const merged = { ...s, ...tried, mediaserverUrl: tried.plexIP ? '' : s.mediaserverUrl };
    const baseUrl = baseUrlOf(merged);
    return { conn: baseUrl ? { baseUrl, token: merged.plexApiKey || null } : null, tried: testing ? tried : null };
  }

  async libraries(q: PlexTestQuery): Promise<PlexLibrary[]> {
    const { conn, tried } = this.target(q);
    if (!conn?.token) return [];
    const sections = await this.deps.api.sections(conn);
    if (tried) await this.deps.save(tried);
    return sections.map((s) => ({ id: s.key, title: s.title, type: s.type, locations: s.locations }));
  }

  async identity(q: PlexTestQuery): Promise<PlexServerIdentity> {
    const { conn } = this.target(q);
    if (!conn) return { claimed: null, machineIdentifier: null };
    const { claimed, machineIdentifier } = await this.deps.api.identity(conn);
    return { claimed, machineIdentifier: machineIdentifier || null };
  }

  async test(body: PlexConnectionTest): Promise<PlexConnectionResult> {
    const s = { ...this.deps.settings(), ...body };
    const baseUrl = baseUrlOf(s);
    if (!baseUrl || !s.plexApiKey) {
      throw new InvalidInputError(
        E.notConfigured,
        'Give the Plex server address (URL or IP) and a token, or sign in with Plex',
      );
    }
    const root = await this.deps.api.root({ baseUrl, token: s.plexApiKey });
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
