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
  EmbyErrorCodes as E,
  UnavailableError,
  type MediaServerLibrary,
  type MediaServerUser,
  type PlaylistMediaType,
  type QueryResult,
  type RecreatingServer,
  type ServerFailure,
  type ServerFile,
  type UserDto,
  type VirtualFolderInfo,
} from '@vidkeep/contracts';

/**
 * A thin typed client for the few Emby (4.8) calls vidkeep makes, over `fetch` (no maintained
 * Emby client exists on npm: see the README). Paths sit under `/emby` as the server documents
 * them; the key goes in `X-Emby-Token`. Every failure becomes an `UnavailableError` whose message
 * says in plain words what went wrong.
 */
export interface EmbyConnection {
  url: string;
  apiKey: string;
  /** The user that owns the private playlists this client creates. */
  userId?: string;
}

/** Ids per create or add request: the list travels in the query string, which servers cap at about 8 KB. */
export const IDS_PER_REQUEST = 200;

export class EmbyClient implements RecreatingServer {
  readonly label = 'Emby';
  private readonly base: string;

  constructor(
    private readonly conn: EmbyConnection,
    private readonly timeoutMs: number,
  ) {
    // Users paste the address with or without the `/emby` base path.
    this.base = `${conn.url.replace(/\/+$/, '').replace(/\/emby$/i, '')}/emby`;
  }

  async systemInfo(signal?: AbortSignal): Promise<{ version: string; serverName: string | null }> {
    const info = await this.call<{ Version?: string; ServerName?: string }>('GET', '/System/Info', { signal });
    return { version: info?.Version ?? 'unknown', serverName: info?.ServerName ?? null };
  }

  /** `/Users/Query` (4.8); older servers only have `GET /Users`. */
  async users(signal?: AbortSignal): Promise<MediaServerUser[]> {
    const page = await this.call<QueryResult<UserDto>>('GET', '/Users/Query', { signal, missingOk: true });
    const list = page ? (page.Items ?? []) : ((await this.call<UserDto[]>('GET', '/Users', { signal })) ?? []);
    return list.map(userFromDto);
  }

  async user(id: string, signal?: AbortSignal): Promise<MediaServerUser | null> {
    const u = await this.call<UserDto>('GET', `/Users/${encodeURIComponent(id)}`, { signal, missingOk: true });
    return u ? userFromDto(u) : null;
  }

  /** `/Library/VirtualFolders/Query` (4.8); older servers answer a plain array at `/Library/VirtualFolders`. */
  async libraries(signal?: AbortSignal): Promise<MediaServerLibrary[]> {
    const page = await this.call<QueryResult<VirtualFolderInfo>>('GET', '/Library/VirtualFolders/Query', {
      signal,
      missingOk: true,
    });
    const folders = page
      ? (page.Items ?? [])
      : ((await this.call<VirtualFolderInfo[]>('GET', '/Library/VirtualFolders', { signal })) ?? []);
    return librariesFromFolders(folders);
  }

  async files(
    libraryIds: readonly string[],
    mediaType: PlaylistMediaType,
    signal?: AbortSignal,
  ): Promise<ServerFile[]> {
    return filesOfLibraries(libraryIds, (libraryId, start) =>
      this.call('GET', '/Items', {
        signal,
        query: {
          ParentId: libraryId,
          Recursive: 'true',
          IncludeItemTypes: itemTypesFor(mediaType),
          Fields: 'Path',
          EnableImages: 'false',
          EnableUserData: 'false',
          StartIndex: String(start),
          Limit: String(ITEMS_PAGE),
        },
      }),
    );
  }

  /** Every item the user sees, with its path and the user's played state (watch status). */
  userItems(userId: string, signal?: AbortSignal): Promise<{ items: WatchItem[]; requests: number }> {
    return allItems((start) =>
      this.call('GET', `/Users/${encodeURIComponent(userId)}/Items`, {
        signal,
        query: {
          Recursive: 'true',
          IncludeItemTypes: WATCH_ITEM_TYPES,
          Fields: 'Path',
          EnableImages: 'false',
          EnableUserData: 'true',
          StartIndex: String(start),
          Limit: String(ITEMS_PAGE),
        },
      }),
    );
  }

  async mediaUpdated(paths: readonly string[], signal?: AbortSignal): Promise<void> {
    const body = { Updates: paths.map((Path) => ({ Path, UpdateType: 'Created' })) };
    await this.call('POST', '/Library/Media/Updated', { signal, body });
  }

  async refreshLibrary(id: string, signal?: AbortSignal): Promise<void> {
    const query = {
      Recursive: 'true',
      MetadataRefreshMode: 'Default',
      ImageRefreshMode: 'Default',
      ReplaceAllMetadata: 'false',
      ReplaceAllImages: 'false',
    };
    await this.call('POST', `/Items/${encodeURIComponent(id)}/Refresh`, { signal, query });
  }

  /**
   * Creates a playlist: the first ids with the creation, the rest appended in batches, in order.
   * Emby takes no body here (a JSON body is a 500) and has no public flag at creation: Emby 4.8
   * creates every playlist private to its owner (the configured user), and a public one is then
   * made server-wide with `POST /Items/{Id}/MakePublic` (issue 31: created without a user, a
   * "public" playlist stayed private).
   */
  async createPlaylist(
    p: { name: string; itemIds: string[]; mediaType: PlaylistMediaType; public: boolean },
    signal?: AbortSignal,
  ): Promise<string> {
    const user: Record<string, string> = this.conn.userId ? { UserId: this.conn.userId } : {};
    const batches: string[][] = [];
    for (let i = 0; i < p.itemIds.length; i += IDS_PER_REQUEST) batches.push(p.itemIds.slice(i, i + IDS_PER_REQUEST));
    const query = {
      Name: p.name,
      Ids: (batches[0] ?? []).join(','),
      MediaType: p.mediaType === 'audio' ? 'Audio' : 'Video',
    };
    const created = await this.call<{ Id?: string }>('POST', '/Playlists', { signal, query: { ...query, ...user } });
    if (!created?.Id) throw new UnavailableError(E.failed, 'Emby created the playlist but did not say its id');
    for (const batch of batches.slice(1)) {
      const query = { Ids: batch.join(','), ...user };
      await this.call('POST', `/Playlists/${encodeURIComponent(created.Id)}/Items`, { signal, query });
    }
    if (p.public) await this.call('POST', `/Items/${encodeURIComponent(created.Id)}/MakePublic`, { signal });
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
        `The saved Emby URL "${this.base}" is not a valid address: correct it in the settings`,
      );
    }
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let res: Response | undefined;
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await fetch(url, {
          method,
          signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
          headers: {
            accept: 'application/json',
            'x-emby-token': this.conn.apiKey,
            ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: o.body === undefined ? undefined : JSON.stringify(o.body),
        });
      } catch (err) {
        if (o.signal?.aborted) throw err;
        if (attempt === 1 && method === 'GET' && isStaleConnection(err)) continue;
        throw failure({ error: err, url: this.conn.url, timeoutMs: this.timeoutMs }, err);
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
  const { kind, message } = describeServerFailure('Emby', f, 'Settings > Advanced > API Keys');
  return new UnavailableError(CODES[kind], message, { cause });
}
