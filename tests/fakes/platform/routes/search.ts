/**
 * Search: `/api/search?q=&n=&sort=&type=` for `ytsearchN:`, `ytsearchdateN:` and the search results
 * page. `type=video` (default) gives video rows, `type=channel` channel rows (the
 * `sp=EgIQAg%3D%3D` filter); `setSearchBehavior` fails or delays every answer.
 */
import { searchChannels, searchVideos } from '../catalog.js';
import type { Answer, Route } from '../http.js';
import { AVATAR } from '../media.js';
import type { PlatformState } from '../state.js';
import type { Json, StoredChannel } from '../types.js';
import { roundCount, YT } from '../values.js';
import { platformError, REASONS, TOO_MANY_REQUESTS, videoEntry } from './shapes.js';

export function searchRoutes(s: PlatformState): Route[] {
  return [
    {
      path: '/api/search',
      handle: ({ query }) =>
        search(
          s,
          query.get('q') ?? '',
          query.get('n') ?? '1',
          query.get('sort') ?? 'relevance',
          query.get('type') ?? 'video',
        ),
    },
  ];
}

async function search(s: PlatformState, q: string, n: string, sort: string, type: string): Promise<Answer> {
  const { failure, delayMs } = s.searchBehavior;
  if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (failure === 'http-429') return TOO_MANY_REQUESTS;
  if (failure === 'bot-check') return platformError(REASONS['bot-check'], { kind: failure });
  const limit = n === 'all' ? Infinity : Math.max(0, Number(n) || 1);
  if (type === 'channel') {
    const entries = searchChannels(s, q)
      .slice(0, limit)
      .map((c) => channelRow(s, c));
    return { status: 200, body: { entries } };
  }
  const found = searchVideos(s, q, sort === 'date' ? 'date' : 'relevance');
  return { status: 200, body: { entries: found.slice(0, limit).map((v) => videoEntry(s, v)) } };
}

/**
 * A channel row of the search results page (and of the subscriptions feed), shaped like
 * youtube:tab's `_extract_channel_renderer`.
 */
export function channelRow(s: PlatformState, c: StoredChannel): Json {
  const url = `${YT}/channel/${c.channelId}`;
  const avatar = `${s.base}/ca/${c.channelId}/avatar.jpg`;
  return {
    url,
    id: c.channelId,
    channel: c.name,
    uploader: c.name,
    channel_id: c.channelId,
    channel_url: url,
    title: c.name,
    uploader_id: c.handle,
    uploader_url: `${YT}/${c.handle}`,
    channel_follower_count: c.followerCount === null ? null : roundCount(c.followerCount),
    thumbnails: [
      { url: `${avatar}?s=88`, height: 88, width: 88 },
      { url: `${avatar}?s=${AVATAR.width}`, height: AVATAR.height, width: AVATAR.width },
    ],
    playlist_count: null,
    description: c.description.replace(/\s+/g, ' ').trim().slice(0, 100) || null,
    channel_is_verified: null,
  };
}
