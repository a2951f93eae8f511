import {
  type LocalFile,
  type ServerWatchState,
  type UserWatchStates,
  type WatchStateAnswer,
  type WatchStateRequest,
  type WatchStatusProvider,
  type WatchStatusUser,
} from '@vidkeep/contracts';
import { matchServerFiles } from '@vidkeep/media-server-common';
import type { Conn, PlexItem, PlexPlay, PlexServerApi } from './server-api.js';
import { ITEM_TYPES } from './server-api.js';

/** The server owner's account id in history and on `/accounts` (spec 2.10). */
export const OWNER_ID = '1';

export interface PlexWatchDeps {
  /** An API instance of its own: its request count is the sync's. */
  api: PlexServerApi;
  /** The admin connection (its token sees every account's history), or null when not configured. */
  conn: () => Conn | null;
  allUsers: () => boolean;
}

interface Plays {
  count: number;
  last: Date | null;
}

/** Plays per account, per rating key. */
function tally(plays: readonly PlexPlay[]): Map<string, Map<string, Plays>> {
  const out = new Map<string, Map<string, Plays>>();
  for (const p of plays) {
    const byItem = out.get(p.accountId) ?? new Map<string, Plays>();
    out.set(p.accountId, byItem);
    const t = byItem.get(p.ratingKey) ?? { count: 0, last: null };
    t.count++;
    if (!t.last || p.viewedAt > t.last) t.last = p.viewedAt;
    byItem.set(p.ratingKey, t);
  }
  return out;
}

/** The owner's state: the item's own attributes, read with the admin token. */
const ownerState = (path: string, i: PlexItem): ServerWatchState => ({
  path,
  played: i.viewCount > 0,
  playCount: i.viewCount,
  positionMs: i.viewOffset,
  percentWatched: i.viewCount > 0 ? 100 : i.duration && i.viewOffset ? (i.viewOffset / i.duration) * 100 : null,
  lastWatchedAt: i.lastViewedAt,
});

/** Another account's state from its plays (history rows carry no resume position). */
const playsState = (path: string, t: Plays | undefined): ServerWatchState => ({
  path,
  played: (t?.count ?? 0) > 0,
  playCount: t?.count ?? 0,
  positionMs: 0,
  percentWatched: t ? 100 : null,
  lastWatchedAt: t?.last ?? null,
});

/**
 * The cursor: the newest play's second and the highest history id seen in that second
 * (`<ISO time>#<id>`), so that the next sync skips the plays it has already read.
 */
interface Cursor {
  at: Date;
  seenId: number;
}

function cursorAfter(plays: readonly PlexPlay[], previous: Cursor | null): Cursor | null {
  let c = previous;
  for (const p of plays) {
    if (!c || p.viewedAt > c.at) c = { at: p.viewedAt, seenId: p.historyId };
    else if (p.viewedAt.getTime() === c.at.getTime() && p.historyId > c.seenId) c = { at: c.at, seenId: p.historyId };
  }
  return c;
}

const formatCursor = (c: Cursor) => `${c.at.toISOString()}#${c.seenId}`;

function parseCursor(text: string | null): Cursor | null {
  if (!text) return null;
  const [iso, id] = text.split('#');
  const at = new Date(iso ?? '');
  return Number.isNaN(at.getTime()) ? null : { at, seenId: Number(id) || 0 };
}

const answerCursor = (c: Cursor | null) => ({ cursor: c ? formatCursor(c) : null, cursorAt: c?.at ?? null });

/**
 * Watch status of the Plex-type server (external-apis.md 1.7 to 1.9). Users are the server's
 * accounts (owner `1`). A full scan reads every item (the owner's state) and the whole play
 * history (everyone else's); after it, the history cursor (spec 2.12) makes a sync ask only for
 * plays since the newest one seen, then re-reads just the items played: on an unchanged server
 * that is one request (plus the accounts).
 */
export function plexWatchStatusProvider(deps: PlexWatchDeps): WatchStatusProvider {
  const { api } = deps;
  const connOf = (signal: AbortSignal): Conn => {
    const c = deps.conn();
    if (!c) throw new Error('Plex is not configured');
    return { ...c, signal };
  };

  async function fullScan(req: WatchStateRequest, c: Conn): Promise<Omit<WatchStateAnswer, 'requests'>> {
    const sections = (await api.sections(c)).filter((s) => ITEM_TYPES[s.type] !== undefined);
    const items: PlexItem[] = [];
    for (const s of sections) items.push(...(await api.items(c, s)));
    const matched = matchItems(await req.files(), items);
    const plays = await api.history(c);
    const byAccount = tally(plays);
    const users = req.users.map((u): UserWatchStates => {
      const mine = byAccount.get(u.serverUserId);
      const states = [...matched].map(([path, item]) =>
        u.serverUserId === OWNER_ID ? ownerState(path, item) : playsState(path, mine?.get(item.ratingKey)),
      );
      return { serverUserId: u.serverUserId, states, complete: true };
    });
    // No play yet: no cursor, so the next sync scans again.
    return { users, ...answerCursor(cursorAfter(plays, null)) };
  }

  async function sinceCursor(
    req: WatchStateRequest,
    c: Conn,
    cursor: Cursor,
  ): Promise<Omit<WatchStateAnswer, 'requests'>> {
    // From the cursor's second on (another play may share it), without the plays already read.
    const fetched = await api.history(c, { since: cursor.at });
    const plays = fetched.filter((p) => p.viewedAt > cursor.at || p.historyId > cursor.seenId);
    if (plays.length === 0) return { users: [], ...answerCursor(cursor) };
    const played = [...new Set(plays.map((p) => p.ratingKey))];
    const items: PlexItem[] = [];
    for (const rk of played) {
      const item = await api.metadata(c, rk);
      if (item) items.push(item);
    }
    const matched = matchItems(await req.files(), items);
    const playedBy = tally(plays);
    const users: UserWatchStates[] = [];
    for (const u of req.users) {
      const states: ServerWatchState[] = [];
      const mine = playedBy.get(u.serverUserId);
      for (const [path, item] of matched) {
        if (u.serverUserId === OWNER_ID) {
          if (mine?.has(item.ratingKey)) states.push(ownerState(path, item));
        } else if (mine?.has(item.ratingKey)) {
          // The total of this account's plays of the item, not only the new ones.
          const all = await api.history(c, { accountId: u.serverUserId, ratingKey: item.ratingKey });
          states.push(playsState(path, tally(all).get(u.serverUserId)?.get(item.ratingKey)));
        }
      }
      if (states.length) users.push({ serverUserId: u.serverUserId, states, complete: false });
    }
    return { users, ...answerCursor(cursorAfter(fetched, cursor)) };
  }

  return {
    kind: 'plex',
    label: 'Plex',
    isConfigured: () => deps.conn() !== null,
    async users(signal: AbortSignal): Promise<WatchStatusUser[]> {
      const accounts = await api.accounts(connOf(signal));
      const users = accounts.map((a) => ({
        serverUserId: a.id,
        name: a.name || `Account ${a.id}`,
        primary: a.id === OWNER_ID,
      }));
      return deps.allUsers() ? users : users.filter((u) => u.primary);
    },
    async watchState(req: WatchStateRequest): Promise<WatchStateAnswer> {
      const before = api.requests;
      const c = connOf(req.signal);
      const cursor = parseCursor(req.cursor);
      const answer = cursor ? await sinceCursor(req, c, cursor) : await fullScan(req, c);
      return { ...answer, requests: api.requests - before };
    },
  };
}

/** Local file → its item (the files of a multi-part item each match). */
function matchItems(files: readonly LocalFile[], items: readonly PlexItem[]): Map<string, PlexItem> {
  const byKey = new Map(items.map((i) => [i.ratingKey, i]));
  const server = items.flatMap((i) => i.files.map((path) => ({ id: i.ratingKey, path })));
  const out = new Map<string, PlexItem>();
  for (const [path, rk] of matchServerFiles(files, server)) {
    const item = byKey.get(rk);
    if (item) out.set(path, item);
  }
  return out;
}
