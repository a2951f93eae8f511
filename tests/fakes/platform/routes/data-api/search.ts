/**
 * `search.list`: channels (in the order of the search results page), then playlists, then videos
 * (ytsearch relevance or `order`), with `channelId`, `publishedAfter`/`publishedBefore` and
 * `eventType` filters. Only the requested page's items are built.
 */
import { publicVideo, searchChannels, searchVideos } from '../../catalog.js';
import type { PlatformState } from '../../state.js';
import type { FakeLiveStatus, Json } from '../../types.js';
import { DEFAULT_TIMESTAMP } from '../../values.js';
import {
  apiError,
  htmlEscape,
  isAnswer,
  listBody,
  pageOf,
  parameterError,
  rfc3339,
  withEtag,
  type DataAnswer,
} from './format.js';
import { apiChannelThumbnails, apiVideoThumbnails, channelPublished, liveBroadcastContent } from './resources.js';

const INVALID_SEARCH_FILTER =
  'The request contains an invalid combination of search filters and/or restrictions. Note that you ' +
  'must set the <code>type</code> parameter to <code>video</code> if you set either the ' +
  '<code>forContentOwner</code>, <code>forDeveloper</code>, or <code>forMine</code> parameters to ' +
  '<code>true</code>. You must also set the <code>type</code> parameter to <code>video</code> if you ' +
  'set a value for the <code>eventType</code>, <code>videoCaption</code>, <code>videoCategoryId</code>, ' +
  '<code>videoDefinition</code>, <code>videoDimension</code>, <code>videoDuration</code>, ' +
  '<code>videoEmbeddable</code>, <code>videoLicense</code>, <code>videoSyndicated</code>, or ' +
  '<code>videoType</code> parameters.';
const EVENTS: Record<string, FakeLiveStatus[]> = {
  live: ['is_live'],
  upcoming: ['is_upcoming'],
  completed: ['was_live', 'post_live'],
};

/** One search hit before it becomes a `youtube#searchResult`: texts raw, the snippet escapes them. */
interface Hit {
  id: Json;
  /** RFC 3339. */
  published: string;
  channelId: string;
  title: string;
  description: string;
  thumbnails: Json;
  channelTitle: string;
  live: string;
}

function searchResult(hit: Hit, parts: Set<string>): Json {
  const snippet = {
    publishedAt: hit.published,
    channelId: hit.channelId,
    title: htmlEscape(hit.title),
    description: htmlEscape(hit.description.replace(/\s+/g, ' ').trim().slice(0, 160)),
    thumbnails: hit.thumbnails,
    channelTitle: htmlEscape(hit.channelTitle),
    liveBroadcastContent: hit.live,
    publishTime: hit.published,
  };
  return withEtag({ kind: 'youtube#searchResult', id: hit.id, ...(parts.has('snippet') ? { snippet } : {}) });
}

export function dataSearch(s: PlatformState, q: URLSearchParams, parts: Set<string>): DataAnswer {
  const page = pageOf(q);
  if (isAnswer(page)) return page;
  const types = (q.get('type') || 'video,channel,playlist').split(',').map((t) => t.trim());
  const eventType = q.get('eventType');
  if (eventType && types.join() !== 'video') {
    return apiError(400, INVALID_SEARCH_FILTER, 'invalidSearchFilter', 'youtube.search');
  }
  const time = (name: string): number | null | DataAnswer => {
    const raw = q.get(name);
    if (raw === null) return null;
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? parameterError(`Invalid value '${raw}'`, 'invalidParameter', name) : ms / 1000;
  };
  const after = time('publishedAfter');
  const before = time('publishedBefore');
  if (isAnswer(after)) return after;
  if (isAnswer(before)) return before;
  const query = q.get('q') ?? '';
  const channelId = q.get('channelId');
  const order = q.get('order') ?? 'relevance';
  const inRange = (t: number) => (after === null || t >= after) && (before === null || t < before);

  const hits: (() => Hit)[] = [];
  if (types.includes('channel')) {
    for (const c of searchChannels(s, query)) {
      if (channelId && c.channelId !== channelId) continue;
      const published = rfc3339(channelPublished(s, c));
      hits.push(() => ({
        id: { kind: 'youtube#channel', channelId: c.channelId },
        published,
        channelId: c.channelId,
        title: c.name,
        description: c.description,
        thumbnails: apiChannelThumbnails(s, c, false),
        channelTitle: c.name,
        live: 'none',
      }));
    }
  }
  if (types.includes('playlist')) {
    const needle = query.trim().toLowerCase();
    for (const p of s.playlists.values()) {
      if (p.availability !== 'public' || !p.title.toLowerCase().includes(needle)) continue;
      if (channelId && p.channelId !== channelId) continue;
      const first = s.videos.get(p.videoIds[0] ?? '');
      const published = rfc3339(
        Math.min(...p.videoIds.map((vid) => s.videos.get(vid)?.timestamp ?? DEFAULT_TIMESTAMP)),
      );
      hits.push(() => ({
        id: { kind: 'youtube#playlist', playlistId: p.id },
        published,
        channelId: p.channelId,
        title: p.title,
        description: '',
        thumbnails: first ? apiVideoThumbnails(s, first, false) : {},
        channelTitle: s.channels.get(p.channelId)?.name ?? '',
        live: 'none',
      }));
    }
  }
  if (types.includes('video')) {
    const sort = order === 'date' || order === 'viewCount' || order === 'title' ? order : 'relevance';
    for (const v of searchVideos(s, query, sort)) {
      if (!publicVideo(v) || (channelId && v.channelId !== channelId) || !inRange(v.timestamp)) continue;
      if (eventType && !(EVENTS[eventType] ?? []).includes(v.liveStatus)) continue;
      hits.push(() => ({
        id: { kind: 'youtube#video', videoId: v.id },
        published: rfc3339(v.timestamp),
        channelId: v.channelId,
        title: v.title,
        description: v.description,
        thumbnails: apiVideoThumbnails(s, v, false),
        channelTitle: v.channel,
        live: liveBroadcastContent(v),
      }));
    }
  }
  return listBody('youtube#searchListResponse', hits, page, (hit) => searchResult(hit(), parts), { regionCode: 'US' });
}
