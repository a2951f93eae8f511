/**
 * Watch status as the Jellyfin- and Emby-type servers report it (external-apis.md 2.6, 2.7, 3.6,
 * 3.7): every item a user can see, listed in that user's name with its `UserData`. Pure rules and
 * one provider factory both plugins use (plugins never import each other); each kind's client
 * does its own requests. The Plex-type server, with its play history, has its own provider.
 */
import type {
  LocalFile,
  MediaServerUser,
  ServerWatchState,
  WatchStatusProvider,
  WatchStatusUser,
} from '@vidkeep/contracts';
import { matchServerFiles } from '@vidkeep/media-server-common';
import { ITEMS_PAGE, type QueryResult } from './wire.js';

/** `UserItemDataDto`, the fields vidkeep reads. */
export interface UserItemData {
  Played?: boolean;
  PlayCount?: number;
  PlaybackPositionTicks?: number;
  LastPlayedDate?: string | null;
  PlayedPercentage?: number | null;
}

export interface WatchItem {
  Id: string;
  Path?: string;
  UserData?: UserItemData;
}

/** `PlaybackPositionTicks` are 100 ns. */
export const TICKS_PER_MS = 10_000;

/** Item types whose state matters: the downloads' video and audio files. */
export const WATCH_ITEM_TYPES = 'Movie,Video,Episode,MusicVideo,Audio';

/** Every item of a paged listing (`page(start)` asks for one page), with the number of requests it took. */
export async function allItems(
  page: (start: number) => Promise<QueryResult<WatchItem> | undefined>,
): Promise<{ items: WatchItem[]; requests: number }> {
  const items: WatchItem[] = [];
  let requests = 0;
  for (let start = 0; ; start += ITEMS_PAGE) {
    const result = await page(start);
    requests++;
    items.push(...(result?.Items ?? []));
    if ((result?.Items?.length ?? 0) < ITEMS_PAGE || start + ITEMS_PAGE >= (result?.TotalRecordCount ?? 0)) break;
  }
  return { items, requests };
}

/** The states of the local files among a user's items; items that are not vidkeep's files are ignored. */
export function statesFromItems(files: readonly LocalFile[], items: readonly WatchItem[]): ServerWatchState[] {
  const byId = new Map(items.map((i) => [i.Id, i]));
  const server = items.flatMap((i) => (i.Path ? [{ id: i.Id, path: i.Path }] : []));
  return [...matchServerFiles(files, server)].map(([path, id]) => {
    const d = byId.get(id)?.UserData ?? {};
    const last = d.LastPlayedDate ? new Date(d.LastPlayedDate) : null;
    return {
      path,
      played: d.Played === true,
      playCount: Math.max(0, Math.trunc(d.PlayCount ?? 0)),
      positionMs: Math.max(0, Math.round((d.PlaybackPositionTicks ?? 0) / TICKS_PER_MS)),
      percentWatched: typeof d.PlayedPercentage === 'number' ? d.PlayedPercentage : null,
      lastWatchedAt: last && !Number.isNaN(last.getTime()) ? last : null,
    };
  });
}

const sameId = (a: string, b: string) => a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase();

/**
 * The accounts to sync. The primary one is the configured playlist user, else the first
 * administrator; with the kind's "all users" switch off only the primary one is synced.
 */
export function watchUsers(
  all: readonly MediaServerUser[],
  configuredId: string,
  allUsers: boolean,
): WatchStatusUser[] {
  const primary =
    all.find((u) => configuredId !== '' && sameId(u.id, configuredId)) ?? all.find((u) => u.isAdministrator) ?? all[0];
  const users = all.map((u) => ({ serverUserId: u.id, name: u.name, primary: u === primary }));
  return allUsers ? users : users.filter((u) => u.primary);
}

export interface MediaBrowserWatchClient {
  users(signal?: AbortSignal): Promise<MediaServerUser[]>;
  /** Every item the user sees, with `Path` and the user's `UserData`. */
  userItems(userId: string, signal?: AbortSignal): Promise<{ items: WatchItem[]; requests: number }>;
}

/**
 * A Jellyfin- or Emby-type watch-status provider: one listing per user, complete every time (the
 * servers keep no history to ask "what changed since"), so rows the server no longer reports go.
 */
export function mediaBrowserWatchProvider(o: {
  kind: string;
  label: string;
  isConfigured: () => boolean;
  configuredUserId: () => string;
  allUsers: () => boolean;
  client: () => MediaBrowserWatchClient;
}): WatchStatusProvider {
  return {
    kind: o.kind,
    label: o.label,
    isConfigured: o.isConfigured,
    async users(signal) {
      return watchUsers(await o.client().users(signal), o.configuredUserId(), o.allUsers());
    },
    async watchState({ users, files: library, signal }) {
      const client = o.client();
      const files = await library();
      let requests = 0;
      const answers = [];
      for (const user of users) {
        const { items, requests: n } = await client.userItems(user.serverUserId, signal);
        requests += n;
        answers.push({ serverUserId: user.serverUserId, states: statesFromItems(files, items), complete: true });
      }
      return { users: answers, cursor: null, cursorAt: null, requests };
    },
  };
}
