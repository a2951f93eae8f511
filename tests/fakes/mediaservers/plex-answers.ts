/**
 * What the fake Plex server's route modules share: the shape of a route and its answer, and the
 * elements for items and playlists (`plex-wire.ts` writes them as XML or JSON).
 */
import { container, el, errorPage, type El } from './plex-wire.js';
import type { PlexAccount, PlexItem, PlexPlaylistRecord, PlexState } from './plex-state.js';

export interface PlexExchange {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The token's account; null only on open routes. */
  account: PlexAccount | null;
  /** A request header or, as Plex allows, the query parameter of the same name. */
  option(name: string): string | null;
}

/** An element to write as XML or JSON, an HTML error page, or nothing (204 and friends). */
export interface PlexAnswer {
  status: number;
  body?: El | string;
}

export interface PlexRoute {
  method: string;
  path: string;
  /** Answered without a token (only `/identity`). */
  open?: boolean;
  handle(x: PlexExchange): PlexAnswer;
}

export const PLEX_VERSION = '1.41.3.9314-a0bfb8370';
export const ok = (body?: El): PlexAnswer => ({ status: 200, ...(body ? { body } : {}) });
export const notFound = (): PlexAnswer => ({ status: 404, body: errorPage(404, 'Not Found') });
export const badRequest = (): PlexAnswer => ({ status: 400, body: errorPage(400, 'Bad Request') });
export const TYPE_NUMBERS: Record<PlexItem['type'], string> = { movie: '1', track: '10' };

/** The attributes of an item that belong to the requesting account (external-apis.md 1.8). */
export function viewAttrs(s: PlexState, account: PlexAccount | null, i: PlexItem): Record<string, number> {
  const v = account ? s.view(account.id, i.ratingKey) : undefined;
  if (!v) return {};
  return {
    ...(v.viewCount > 0 ? { viewCount: v.viewCount } : {}),
    ...(v.viewOffset > 0 ? { viewOffset: v.viewOffset } : {}),
    ...(v.lastViewedAt > 0 ? { lastViewedAt: v.lastViewedAt } : {}),
  };
}

export function itemEl(i: PlexItem, extra: Record<string, string | number> = {}): El {
  const part = el('Part', 'Part', {
    id: Number(i.ratingKey),
    key: `/library/parts/${i.ratingKey}/file`,
    file: i.file,
    size: i.size,
  });
  return el(
    i.type === 'movie' ? 'Video' : 'Track',
    'Metadata',
    {
      ratingKey: i.ratingKey,
      key: `/library/metadata/${i.ratingKey}`,
      type: i.type,
      title: i.title,
      librarySectionID: Number(i.sectionKey),
      addedAt: i.addedAt,
      ...extra,
    },
    [el('Media', 'Media', { id: Number(i.ratingKey) }, [part])],
  );
}

export function playlistEl(p: PlexPlaylistRecord): El {
  return el('Playlist', 'Metadata', {
    ratingKey: p.ratingKey,
    key: `/playlists/${p.ratingKey}/items`,
    guid: `com.plexapp.agents.none://${p.ratingKey}`,
    type: 'playlist',
    title: p.title,
    summary: '',
    smart: false,
    playlistType: p.playlistType,
    leafCount: p.items.length,
    addedAt: p.addedAt,
    updatedAt: p.updatedAt,
  });
}

/** Everything after the query-string and container parameters: a page of `children`. */
export function paged(x: PlexExchange, children: El[], attrs: Record<string, string | number> = {}): El {
  const start = Number(x.option('X-Plex-Container-Start') ?? 0);
  const size = x.option('X-Plex-Container-Size');
  const page = children.slice(start, size === null ? undefined : start + Number(size));
  return container({ totalSize: children.length, offset: start, ...attrs }, page);
}

/** The rating keys of a `server://<machine>/com.plexapp.plugins.library/library/metadata/<k,k>` URI, or null. */
export function uriKeys(s: PlexState, uri: string | null): string[] | null {
  const m = uri ? /^server:\/\/([^/]+)\/com\.plexapp\.plugins\.library\/library\/metadata\/([\d,]+)$/.exec(uri) : null;
  if (!m || m[1] !== s.machineIdentifier) return null;
  return m[2]!.split(',').filter(Boolean);
}

/** Items for a playlist of `type`: every key known and of the playlist's media type, or null. */
export function itemsFor(s: PlexState, type: string, keys: string[] | null): PlexItem[] | null {
  const items = (keys ?? []).map((k) => s.itemByKey(k));
  const want = type === 'audio' ? 'track' : 'movie';
  return items.length > 0 && items.every((i) => i?.type === want) ? (items as PlexItem[]) : null;
}
