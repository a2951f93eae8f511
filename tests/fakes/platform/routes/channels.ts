/**
 * Channels: the channel pages yt-dlp's `youtube:tab` extractor reads (`/api/channel/<id, @handle
 * or name>[/<tab>]`: the channel's fields and its tabs' rows) and the channel art (`/ca/<id>/...`).
 *
 * One tab is served in pages of `TAB_PAGE_SIZE` rows like the platform's continuations: the tab
 * page has the first rows, `continuation` (the next page number or null) and `total`;
 * `?page=N` answers page N's rows (the plugin asks for them as yt-dlp's "page N" API calls).
 */
import { findChannel } from '../catalog.js';
import { failureAnswer, NOT_FOUND, serveFile, type Answer, type Exchange, type Route } from '../http.js';
import { AVATAR, BANNER } from '../media.js';
import type { PlatformState } from '../state.js';
import type { FakeTab, Json, StoredChannel } from '../types.js';
import { channelFields, platformError, REASONS, tabEntries } from './shapes.js';

/** Rows per page of a channel tab, as the platform sends them (30 per continuation). */
export const TAB_PAGE_SIZE = 30;

export function channelRoutes(s: PlatformState): Route[] {
  return [
    {
      path: '/api/channel/:key',
      handle: (x) => {
        const failed = failing(s, x);
        return failed !== null ? failed : channelPage(s, x.params.key, null);
      },
    },
    {
      path: '/api/channel/:key/:tab',
      handle: (x) => {
        const failed = failing(s, x);
        if (failed !== null) return failed;
        // An empty tab (a trailing slash) is the channel root, as in the path without it.
        const tab = x.params.tab ? x.params.tab.toLowerCase() : null;
        return channelPage(s, x.params.key, tab, pageOf(x.query.get('page')));
      },
    },
    {
      path: '/ca/:id/:file',
      async handle(x) {
        if (!s.channels.has(x.params.id)) return NOT_FOUND;
        const media = await s.defaultMedia();
        if (x.params.file === 'avatar.jpg') return serveFile(x, media.avatar);
        if (x.params.file === 'banner.jpg') return serveFile(x, media.banner);
        return NOT_FOUND;
      },
    },
  ];
}

/**
 * A channel page request that `setChannelPageFailures` makes fail: its answer (undefined when the
 * connection was closed instead), or null to serve the page.
 */
function failing(s: PlatformState, x: Exchange): Answer | undefined | null {
  const c = findChannel(s, x.params.key);
  return c ? failureAnswer(x, s.takeChannelPageFailure(c.channelId)) : null;
}

const pageOf = (value: string | null): number => (value && /^\d{1,6}$/.test(value) ? Number(value) : 0);

/**
 * `tab` null: every tab the channel has (all rows); `featured`: the Videos tab's rows under that
 * name; one tab: page `page` of its rows (0 = the tab page itself).
 */
function channelPage(s: PlatformState, key: string, tab: string | null, page = 0): Answer {
  const c = findChannel(s, key);
  if (!c) return NOT_FOUND;
  if (c.terminated) return platformError(REASONS.terminated, { kind: 'terminated' });
  const present = Object.keys(c.tabs) as FakeTab[];
  const tabs: Record<string, Json[]> = {};
  if (tab === null) {
    for (const t of present) tabs[t] = tabEntries(s, t, c.tabs[t] ?? []);
  } else if (tab === 'featured') {
    tabs.featured = tabEntries(s, 'videos', c.tabs.videos ?? []);
  } else if (present.includes(tab as FakeTab)) {
    const rows = tabEntries(s, tab as FakeTab, c.tabs[tab as FakeTab] ?? []);
    const start = page * TAB_PAGE_SIZE;
    tabs[tab] = rows.slice(start, start + TAB_PAGE_SIZE);
    const continuation = start + TAB_PAGE_SIZE < rows.length ? page + 1 : null;
    return { status: 200, body: { channel: channelMeta(s, c), tabs, continuation, total: rows.length } };
  } else {
    return platformError(`This channel does not have a ${tab} tab`, { kind: 'no-tab' });
  }
  return { status: 200, body: { channel: channelMeta(s, c), tabs } };
}

function channelMeta(s: PlatformState, c: StoredChannel): Json {
  const art = `${s.base}/ca/${c.channelId}`;
  return {
    id: c.channelId,
    title: c.name,
    ...channelFields(c.name, c.channelId, c.handle),
    description: c.description,
    tags: [],
    channel_follower_count: c.followerCount,
    availability: null,
    view_count: null,
    modified_date: null,
    thumbnails: [
      { url: `${art}/avatar.jpg?s=${AVATAR.width}`, width: AVATAR.width, height: AVATAR.height },
      { url: `${art}/avatar.jpg?s=0`, id: 'avatar_uncropped', preference: 1 },
      { url: `${art}/banner.jpg?w=${BANNER.width}`, width: BANNER.width, height: BANNER.height, preference: -10 },
      { url: `${art}/banner.jpg?s=0`, id: 'banner_uncropped', preference: -5 },
    ],
  };
}
