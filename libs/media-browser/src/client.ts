import {
  UnavailableError,
  type MediaServerLibrary,
  type MediaServerUser,
  type PlaylistMediaType,
} from '@vidkeep/contracts';
import {
  describeServerFailure,
  isStaleConnection,
  type RecreatingServer,
  type ServerFailure,
  type ServerFile,
} from '@vidkeep/media-server-common';
import { allItems, WATCH_ITEM_TYPES, type MediaBrowserWatchClient, type WatchItem } from './watch.js';
import {
  filesOfLibraries,
  ITEMS_PAGE,
  itemTypesFor,
  librariesFromFolders,
  userFromDto,
  type QueryResult,
  type UserDto,
  type VirtualFolderInfo,
} from './wire.js';

/** Where and as whom a client talks to the server. */
export interface MediaBrowserConnection {
  url: string;
  apiKey: string;
  /** The user that owns the playlists this client creates. */
  userId?: string;
}

/** The error codes of one kind (`JellyfinErrorCodes`, `EmbyErrorCodes`). */
export interface MediaBrowserCodes {
  notConfigured: string;
  unreachable: string;
  keyRejected: string;
  failed: string;
  userNotFound: string;
  noLibrary: string;
}

export interface CallOptions {
  query?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 404 resolves to undefined instead of failing. */
  missingOk?: boolean;
}

/** One request to the server: the parsed JSON answer (`{}` for an empty one), undefined for a tolerated 404. */
export type Call = <T>(method: string, path: string, o: CallOptions) => Promise<T | undefined>;

/**
 * What one kind of the family does its own way. Jellyfin and Emby descend from one API: the same
 * paths and answers, but their own address, key header, query-parameter case, a few newer paths
 * and playlist creation.
 */
export interface MediaBrowserDialect {
  /** The API root for the address a user typed (Emby's sits under `/emby`). */
  base(url: string): string;
  /** The headers that carry the key; `deviceId` is the instance id, so the server lists vidkeep as one device. */
  authHeaders(apiKey: string, deviceId: string): Record<string, string>;
  /** Query parameter names as the server spells them: `pascal` (`ParentId`) or `camel` (`parentId`). */
  queryCase: 'pascal' | 'camel';
  /** `/Users/Query` and `/Library/VirtualFolders/Query` first (Emby 4.8), the plain lists where missing. */
  pagedLists: boolean;
  /** A user's items: under `/Users/{id}/Items`, or `/Items` with a `userId` parameter. */
  userItemsUnderUser: boolean;
  /** Extra parameters of a library refresh. */
  refreshExtras?: Record<string, string>;
  /** Where the settings page of the server lists API keys, for the message when a key is refused. */
  keysPage: string;
  /** Creates a playlist with the items in order and returns its id. */
  createPlaylist(
    call: Call,
    conn: MediaBrowserConnection,
    p: PlaylistToCreate,
    signal: AbortSignal | undefined,
  ): Promise<string | undefined>;
}

export interface PlaylistToCreate {
  name: string;
  itemIds: string[];
  mediaType: PlaylistMediaType;
  public: boolean;
}

export interface ClientOptions {
  timeoutMs: number;
  deviceId: string;
}

/**
 * A thin typed client for the few calls vidkeep makes to a Jellyfin-like server, over `fetch` (no
 * SDK: see the kinds' READMEs). Every failure becomes an `UnavailableError` whose message says in
 * plain words what went wrong; it is shown as a sync's last error or a 502.
 */
export class MediaBrowserClient implements RecreatingServer, MediaBrowserWatchClient {
  private readonly base: string;

  constructor(
    readonly label: string,
    private readonly dialect: MediaBrowserDialect,
    private readonly codes: MediaBrowserCodes,
    private readonly conn: MediaBrowserConnection,
    private readonly options: ClientOptions,
  ) {
    this.base = dialect.base(conn.url);
  }

  /** `GET /System/Info` (authenticated, so it checks the key too). */
  async systemInfo(signal?: AbortSignal): Promise<{ version: string; serverName: string | null }> {
    const info = await this.call<{ Version?: string; ServerName?: string }>('GET', '/System/Info', { signal });
    return { version: info?.Version ?? 'unknown', serverName: info?.ServerName ?? null };
  }

  async users(signal?: AbortSignal): Promise<MediaServerUser[]> {
    return (await this.list<UserDto>('/Users', signal)).map(userFromDto);
  }

  /** One user, or null when the server has no user with that id. */
  async user(id: string, signal?: AbortSignal): Promise<MediaServerUser | null> {
    const u = await this.call<UserDto>('GET', `/Users/${encodeURIComponent(id)}`, { signal, missingOk: true });
    return u ? userFromDto(u) : null;
  }

  async libraries(signal?: AbortSignal): Promise<MediaServerLibrary[]> {
    return librariesFromFolders(await this.list<VirtualFolderInfo>('/Library/VirtualFolders', signal));
  }

  /** Every file of the given type in the libraries, with the path as the server sees it. */
  files(libraryIds: readonly string[], mediaType: PlaylistMediaType, signal?: AbortSignal): Promise<ServerFile[]> {
    return filesOfLibraries(libraryIds, (libraryId, start) =>
      this.call('GET', '/Items', {
        signal,
        query: this.query({
          ParentId: libraryId,
          Recursive: 'true',
          IncludeItemTypes: itemTypesFor(mediaType),
          Fields: 'Path',
          EnableImages: 'false',
          EnableUserData: 'false',
          StartIndex: String(start),
          Limit: String(ITEMS_PAGE),
        }),
      }),
    );
  }

  /** Every item the user sees, with its path and the user's played state (watch status). */
  userItems(userId: string, signal?: AbortSignal): Promise<{ items: WatchItem[]; requests: number }> {
    const under = this.dialect.userItemsUnderUser;
    const path = under ? `/Users/${encodeURIComponent(userId)}/Items` : '/Items';
    return allItems((start) =>
      this.call('GET', path, {
        signal,
        query: this.query({
          ...(under ? {} : { UserId: userId }),
          Recursive: 'true',
          IncludeItemTypes: WATCH_ITEM_TYPES,
          Fields: 'Path',
          EnableImages: 'false',
          EnableUserData: 'true',
          StartIndex: String(start),
          Limit: String(ITEMS_PAGE),
        }),
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
    const query = this.query({ Recursive: 'true', MetadataRefreshMode: 'Default', ImageRefreshMode: 'Default' });
    await this.call('POST', `/Items/${encodeURIComponent(id)}/Refresh`, {
      signal,
      query: { ...query, ...this.dialect.refreshExtras },
    });
  }

  async createPlaylist(p: PlaylistToCreate, signal?: AbortSignal): Promise<string> {
    const id = await this.dialect.createPlaylist(this.call, this.conn, p, signal);
    if (!id) throw new UnavailableError(this.codes.failed, `${this.label} created the playlist but did not say its id`);
    return id;
  }

  /** Deletes an item (a playlist); false when it no longer exists. */
  async deleteItem(id: string, signal?: AbortSignal): Promise<boolean> {
    return (await this.call('DELETE', `/Items/${encodeURIComponent(id)}`, { signal, missingOk: true })) !== undefined;
  }

  /** A list the newer servers page (`<path>/Query`) and older ones answer whole (`<path>`). */
  private async list<T>(path: string, signal?: AbortSignal): Promise<T[]> {
    if (this.dialect.pagedLists) {
      const page = await this.call<QueryResult<T>>('GET', `${path}/Query`, { signal, missingOk: true });
      if (page) return page.Items ?? [];
    }
    return (await this.call<T[]>('GET', path, { signal })) ?? [];
  }

  private query(q: Record<string, string>): Record<string, string> {
    if (this.dialect.queryCase === 'pascal') return q;
    return Object.fromEntries(Object.entries(q).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]));
  }

  private readonly call: Call = async <T>(method: string, path: string, o: CallOptions): Promise<T | undefined> => {
    const url = URL.parse(`${this.base}${path}`);
    if (!url) {
      throw new UnavailableError(
        this.codes.failed,
        `The saved ${this.label} URL "${this.base}" is not a valid address: correct it in the settings`,
      );
    }
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
    const { timeoutMs, deviceId } = this.options;
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response | undefined;
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await fetch(url, {
          method,
          signal: o.signal ? AbortSignal.any([o.signal, timeout]) : timeout,
          headers: {
            accept: 'application/json',
            ...this.dialect.authHeaders(this.conn.apiKey, deviceId),
            ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: o.body === undefined ? undefined : JSON.stringify(o.body),
        });
      } catch (err) {
        if (o.signal?.aborted) throw err;
        if (attempt === 1 && method === 'GET' && isStaleConnection(err)) continue;
        throw this.failure({ error: err, url: this.conn.url.replace(/\/+$/, ''), timeoutMs }, err);
      }
    }
    if (res.status === 404 && o.missingOk) return undefined;
    if (!res.ok) throw this.failure({ status: res.status, body: await res.text().catch(() => '') });
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
      throw this.failure({ notJson, url: this.base });
    }
  };

  private failure(f: ServerFailure, cause?: unknown): UnavailableError {
    const { kind, message } = describeServerFailure(this.label, f, this.dialect.keysPage);
    const code = {
      unreachable: this.codes.unreachable,
      'key-rejected': this.codes.keyRejected,
      failed: this.codes.failed,
    };
    return new UnavailableError(code[kind], message, { cause });
  }
}
