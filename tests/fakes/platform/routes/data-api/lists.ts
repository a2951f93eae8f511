/** `channels.list`, `playlistItems.list` and `videos.list`. */
import { publicVideo, resolvePlaylist } from '../../catalog.js';
import type { PlatformState } from '../../state.js';
import type { Json, StoredChannel, StoredVideo } from '../../types.js';
import {
  API_TEXTS,
  apiError,
  etagOf,
  idList,
  isAnswer,
  listBody,
  pageOf,
  parameterError,
  type DataAnswer,
} from './format.js';
import { channelResource, playlistItemResource, videoResource } from './resources.js';

/** By `id` (csv), `forHandle` (@ optional) or `forUsername` (handle or name); not found is 200 without `items`. */
export function dataChannels(s: PlatformState, q: URLSearchParams, parts: Set<string>): DataAnswer {
  const filters = ['forHandle', 'forUsername', 'id'].filter((f) => q.has(f));
  if (filters.length === 0) {
    return parameterError(
      'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
      'missingRequiredParameter',
      '',
    );
  }
  if (filters.length > 1) {
    const message = `Incompatible parameters specified in the request: ${filters.join(', ')}`;
    return parameterError(message, 'incompatibleParameters', 'parameters');
  }
  const page = pageOf(q);
  if (isAnswer(page)) return page;
  const value = q.get(filters[0]!) ?? '';
  let found: StoredChannel[] = [];
  if (filters[0] === 'id') {
    found = idList(value)
      .map((id) => s.channels.get(id))
      .filter((c): c is StoredChannel => !!c);
  } else {
    const bare = value.trim().toLowerCase().replace(/^@/, '');
    for (const c of s.channels.values()) {
      const handle = c.handle.toLowerCase().slice(1);
      if (handle === bare || (filters[0] === 'forUsername' && c.name.toLowerCase() === bare)) {
        found = [c];
        break;
      }
    }
  }
  found = found.filter((c) => !c.terminated);
  const items = found.map((c) => channelResource(s, c, parts));
  const body: Json = { kind: 'youtube#channelListResponse', etag: etagOf(['channels', items]) };
  body.pageInfo = { totalResults: items.length, resultsPerPage: page.max };
  if (items.length) body.items = items; // not found: 200 without `items`
  return { status: 200, body };
}

export function dataPlaylistItems(s: PlatformState, q: URLSearchParams, parts: Set<string>): DataAnswer {
  const playlistId = q.get('playlistId');
  if (!playlistId)
    return parameterError('No filter selected. Expected one of: id, playlistId', 'missingRequiredParameter', '');
  const page = pageOf(q);
  if (isAnswer(page)) return page;
  const p = resolvePlaylist(s, playlistId);
  if (!p) {
    return apiError(404, API_TEXTS.playlistNotFound, 'playlistNotFound', 'youtube.playlistItem', {
      location: 'playlistId',
      locationType: 'parameter',
    });
  }
  // Generated playlists (UU…) list what the public sees; a user's playlist keeps private/deleted entries as placeholders.
  let ids = s.playlists.has(p.id) ? p.videoIds : p.videoIds.filter((id) => publicVideo(s.videos.get(id)));
  const videoId = q.get('videoId');
  if (videoId) ids = ids.filter((id) => id === videoId);
  const positions = new Map(p.videoIds.map((id, i) => [id, i] as const));
  return listBody('youtube#playlistItemListResponse', ids, page, (id, i) =>
    playlistItemResource(s, p, id, videoId ? (positions.get(id) ?? i) : i, parts),
  );
}

/** By `id` (csv); private, removed and unknown ids are left out. `items` comes before `pageInfo`, as in the real answer. */
export function dataVideos(s: PlatformState, q: URLSearchParams, parts: Set<string>): DataAnswer {
  if (!q.has('id')) {
    return parameterError('No filter selected. Expected one of: chart, id, myRating', 'missingRequiredParameter', '');
  }
  const items = idList(q.get('id'))
    .map((id) => s.videos.get(id))
    .filter((v): v is StoredVideo => publicVideo(v))
    .map((v) => videoResource(s, v, parts));
  const body: Json = { kind: 'youtube#videoListResponse', etag: etagOf(['videos', items]) };
  body.items = items;
  body.pageInfo = { totalResults: items.length, resultsPerPage: items.length };
  return { status: 200, body };
}
