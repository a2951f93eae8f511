import {
  allItems,
  WATCH_ITEM_TYPES,
  type WatchItem,
  describeServerFailure,
  filesOfLibraries,
  ITEMS_PAGE,
  itemTypesFor,
  librariesFromFolders,
  userFromDto,
  isStaleConnection,
  JellyfinErrorCodes as E,
  UnavailableError,
  type MediaServerLibrary,
  type MediaServerUser,
  type PlaylistMediaType,
  type RecreatingServer,
  type ServerFailure,
  type ServerFile,
  type UserDto,
  type VirtualFolderInfo,
} from '@vidkeep/contracts';

/**
 * A thin typed client for the few Jellyfin (10.9+) calls vidkeep makes, over `fetch` (why not
 * `@jellyfin/sdk`: see the README). Every failure becomes an `UnavailableError` whose message says
 * in plain words what went wrong; it is shown to the user as a sync's last error or a 502.
 */
export interface JellyfinConnection {
  url: string;
  apiKey: string;
  /** The user that owns the playlists this client creates. */
  userId?: string;
}

export interface ClientOptions {
  timeoutMs: number;
  /** The instance id, so the server lists vidkeep as one device. */
  deviceId: string;
}

export class JellyfinClient implements RecreatingServer {
  readonly label = 'Jellyfin';
  private readonly base: string;

  constructor(
    private readonly conn: JellyfinConnection,
    private readonly options: ClientOptions,
  ) {
    this.base = conn.url.replace(/\/+$/, '');
  }

  /** `GET /System/Info` (authenticated, so it checks the key too). */
  async systemInfo(signal?: AbortSignal): Promise<{ version: string; serverName: string | null }> {
    const info = await this.call<{ Version?: string; ServerName?: string }>('GET', '/System/Info', { signal });
    return { version: info?.Version ?? 'unknown', serverName: info?.ServerName ?? null };
  }

  async users(signal?: AbortSignal): Promise<MediaServerUser[]> {
    return ((await this.call<UserDto[]>('GET', '/Users', { signal })) ?? []).map(userFromDto);
  }

  /** One user, or null when the server has no user with that id. */
  async user(id: string, signal?: AbortSignal): Promise<MediaServerUser | null> {
    const u = await this.call<UserDto>('GET', `/Users/${encodeURIComponent(id)}`, { signal, missingOk: true });
    return u ? userFromDto(u) : null;
  }

  async libraries(signal?: AbortSignal): Promise<MediaServerLibrary[]> {
    const folders = (await this.call<VirtualFolderInfo[]>('GET', '/Library/VirtualFolders', { signal })) ?? [];
    return librariesFromFolders(folders);
  }

  /** Every file of the given type in the libraries, with the path as the server sees it. */
  async files(
    libraryIds: readonly string[],
    mediaType: PlaylistMediaType,
    signal?: AbortSignal,
  ): Promise<ServerFile[]> {
    return filesOfLibraries(libraryIds, (libraryId, start) =>
      this.call('GET', '/Items', {
        signal,
        query: {
          parentId: libraryId,
          recursive: 'true',
          includeItemTypes: itemTypesFor(mediaType),
          fields: 'Path',
          enableImages: 'false',
          enableUserData: 'false',
          startIndex: String(start),
          limit: String(ITEMS_PAGE),
        },
      }),
    );
  }

  /** Every item the user sees, with its path and the user's played state (watch status). */
  userItems(userId: string, signal?: AbortSignal): Promise<{ items: WatchItem[]; requests: number }> {
    return allItems((start) =>
      this.call('GET', '/Items', {
        signal,
        query: {
          userId,
          recursive: 'true',
          includeItemTypes: WATCH_ITEM_TYPES,
          fields: 'Path',
          enableImages: 'false',
          enableUserData: 'true',
          startIndex: String(start),
          limit: String(ITEMS_PAGE),
        },
      }),
    );
  }

  /** Tells the server about new files by path (it indexes them after its library-monitor delay). */
  async mediaUpdated(paths: readonly string[], signal?: AbortSignal): Promise<void> {
    const body = { Updates: paths.map((Path) => ({ Path, UpdateType: 'Created' })) };
    await this.call('POST', '/Library/Media/Updated', { signal, body });
  }

  /** Rescans one library (a folder the server sees under another path, or a music library). */
  async refreshLibrary(id: string, signal?: AbortSignal): Promise<void> {
    const query = { recursive: 'true', metadataRefreshMode: 'Default', imageRefreshMode: 'Default' };
    await this.call('POST', `/Items/${encodeURIComponent(id)}/Refresh`, { signal, query });
  }

  /**
   * Creates a playlist owned by the configured user with every item in one request (the body
   * takes the whole list, in order); a public one is readable by every user.
   */
  async createPlaylist(
    p: { name: string; itemIds: string[]; mediaType: PlaylistMediaType; public: boolean },
    signal?: AbortSignal,
  ): Promise<string> {
    const body = {
      Name: p.name,
      Ids: p.itemIds,
      UserId: this.conn.userId,
      MediaType: p.mediaType === 'audio' ? 'Audio' : 'Video',
      // Always sent: the server's default for a body without it is public.
      IsPublic: p.public,
    };
    const created = await this.call<{ Id?: string }>('POST', '/Playlists', { signal, body });
    if (!created?.Id) throw new UnavailableError(E.failed, 'Jellyfin created the playlist but did not say its id');
    return created.Id;
  }

  /** Deletes an item (a playlist); false when it no longer exists. */
  async deleteItem(id: string, signal?: AbortSignal): Promise<boolean> {
    return (await this.call('DELETE', `/Items/${encodeURIComponent(id)}`, { signal, missingOk: true })) !== undefined;
  }

  private async call<T>(
    method: string,
    path: string,
    o: { query?: Record<string, string>; body?: unknown; signal?: AbortSignal; missingOk?: boolean },
  ): Promise<T | undefined> {
    const url = URL.parse(`${this.base}${path}`);
    if (!url) {
      throw new UnavailableError(
        E.failed,
        `The saved Jellyfin URL "${this.base}" is not a valid address: correct it in the settings`,
      );
    }
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let res: Response | undefined;
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await fetch(url, {
          method,
          signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
          headers: {
            accept: 'application/json',
            authorization: `MediaBrowser Client="vidkeep", Device="vidkeep", DeviceId="${this.options.deviceId}", Version="1.0.0", Token="${this.conn.apiKey}"`,
            ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: o.body === undefined ? undefined : JSON.stringify(o.body),
        });
      } catch (err) {
        if (o.signal?.aborted) throw err;
        if (attempt === 1 && method === 'GET' && isStaleConnection(err)) continue;
        throw failure({ error: err, url: this.base, timeoutMs: this.options.timeoutMs }, err);
      }
    }
    if (res.status === 404 && o.missingOk) return undefined;
    if (!res.ok) throw failure({ status: res.status, body: await res.text().catch(() => '') });
    const text = await res.text();
    // 204 (and other empty answers) resolve to `{}` so "found" and "missing" stay distinguishable.
    if (!text) return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      // A web page (a proxy's login, another server on that port) is no answer of the API.
      const notJson = {
        request: `${method} ${path.split('?')[0]}`,
        status: res.status,
        contentType: res.headers.get('content-type'),
      };
      throw failure({ notJson, url: this.base });
    }
  }
}

const CODES = { unreachable: E.unreachable, 'key-rejected': E.keyRejected, failed: E.failed };

function failure(f: ServerFailure, cause?: unknown): UnavailableError {
  const { kind, message } = describeServerFailure('Jellyfin', f, 'Dashboard > API Keys');
  return new UnavailableError(CODES[kind], message, { cause });
}
