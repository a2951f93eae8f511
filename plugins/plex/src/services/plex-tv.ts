import { NotFoundError, PlexErrorCodes as E } from '@vidkeep/contracts';
import { PRODUCT, type PlexHttp } from './plex-http.js';

/** Where a user approves the PIN (the brackets of `context[device][product]` encoded, as Plex's own apps send them). */
const APP_AUTH_URL = 'https://app.plex.tv/auth#';

export const PLEX_TV_URL = 'https://plex.tv';

/**
 * Plex sign-in by PIN (plex.tv API v2): create a strong PIN with the instance's client
 * identifier, send the user to app.plex.tv with its code, then poll the PIN until it carries
 * the account's token. `VIDKEEP_PLEX_TV_URL` points the calls elsewhere (the tests' fake).
 */
export class PlexTvClient {
  constructor(
    private readonly http: PlexHttp,
    private readonly baseUrl: string,
    private readonly clientId: () => string,
  ) {}

  async createPin(): Promise<{ pinId: number; authUrl: string }> {
    const { body } = await this.http.send(this.baseUrl, {
      method: 'POST',
      path: '/api/v2/pins',
      query: { strong: 'true' },
      token: null,
    });
    const pin = (body ?? {}) as { id?: unknown; code?: unknown };
    if (typeof pin.id !== 'number' || typeof pin.code !== 'string') throw new Error('plex.tv returned no PIN');
    const params = `clientID=${encodeURIComponent(this.clientId())}&code=${encodeURIComponent(pin.code)}`;
    return {
      pinId: pin.id,
      authUrl: `${APP_AUTH_URL}?${params}&context%5Bdevice%5D%5Bproduct%5D=${encodeURIComponent(PRODUCT)}`,
    };
  }

  /** The token once the user approved the PIN, null before; unknown or expired PINs are not found. */
  async checkPin(pinId: number): Promise<string | null> {
    const res = await this.http.send(this.baseUrl, { path: `/api/v2/pins/${pinId}`, token: null, allow: [404] });
    if (res.status === 404) {
      throw new NotFoundError(E.pinNotFound, 'This Plex sign-in has expired or is unknown: start the sign-in again');
    }
    const token = (res.body as { authToken?: unknown } | null)?.authToken;
    return typeof token === 'string' && token !== '' ? token : null;
  }
}
