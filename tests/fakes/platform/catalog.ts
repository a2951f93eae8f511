/**
 * Lookups over the platform's state that several areas share (yt-dlp's answers and the Data
 * API see the same channels, playlists and search results).
 */
import type { PlatformState } from './state.js';
import type { FakeAvailability, FakeTab, StoredChannel, StoredPlaylist, StoredVideo } from './types.js';
import { numberFrom } from './values.js';

export const availabilityOf = (v: StoredVideo): FakeAvailability =>
  v.failure === 'members-only' ? 'subscriber_only' : v.failure === 'private' ? 'private' : v.availability;

export const viewsOf = (v: StoredVideo) => 10 + numberFrom(v.id, 250000);

/** Shown in listings and search: private and removed videos are hidden. */
export const listed = (v: StoredVideo | undefined): v is StoredVideo =>
  !!v && v.failure !== 'private' && v.failure !== 'removed';
export const membersOnly = (v: StoredVideo) => availabilityOf(v) === 'subscriber_only';
/** What the Data API returns: listed and not private. */
export const publicVideo = (v: StoredVideo | undefined): v is StoredVideo =>
  listed(v) && availabilityOf(v) !== 'private';
export const newestFirst = (a: StoredVideo, b: StoredVideo) => b.timestamp - a.timestamp;

/** A channel by id, @handle (with or without @, any case) or, without @, by name. */
export function findChannel(s: PlatformState, key: string): StoredChannel | undefined {
  const direct = s.channels.get(key);
  if (direct) return direct;
  const k = key.toLowerCase();
  const bare = k.replace(/^@/, '');
  for (const c of s.channels.values()) {
    if (c.handle.toLowerCase() === `@${bare}`) return c;
  }
  if (!k.startsWith('@')) {
    for (const c of s.channels.values()) if (c.name.toLowerCase() === k) return c;
  }
  return undefined;
}

/** Every video of a channel's tabs, once each, in tab order. */
export function channelVideos(s: PlatformState, c: StoredChannel): StoredVideo[] {
  const ids = new Set(Object.values(c.tabs).flat() as string[]);
  return [...ids].map((id) => s.videos.get(id)).filter((v): v is StoredVideo => !!v);
}

/** Relevance order: name contains the query, then handle, then description; terminated channels never match. */
export function searchChannels(s: PlatformState, q: string): StoredChannel[] {
  const needle = q.trim().toLowerCase();
  const handleNeedle = needle.replace(/^@/, '').replace(/\s+/g, '');
  const tiers: StoredChannel[][] = [[], [], []];
  for (const c of s.channels.values()) {
    if (c.terminated) continue;
    if (c.name.toLowerCase().includes(needle)) tiers[0]!.push(c);
    else if (c.handle.toLowerCase().slice(1).includes(handleNeedle)) tiers[1]!.push(c);
    else if (c.description.toLowerCase().includes(needle)) tiers[2]!.push(c);
  }
  return tiers.flat();
}

type Scored = { v: StoredVideo; score: number; order: number };
const ORDERS = {
  relevance: (a: Scored, b: Scored) => b.score - a.score,
  date: (a: Scored, b: Scored) => newestFirst(a.v, b.v),
  viewCount: (a: Scored, b: Scored) => viewsOf(b.v) - viewsOf(a.v),
  title: (a: Scored, b: Scored) => a.v.title.localeCompare(b.v.title),
};

/** ytsearch relevance (title > tags > channel > description, per word) or newest first; private/removed never match. */
export function searchVideos(s: PlatformState, q: string, sort: keyof typeof ORDERS): StoredVideo[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const scored: Scored[] = [];
  let order = 0;
  for (const v of s.videos.values()) {
    order++;
    if (!listed(v)) continue;
    const title = v.title.toLowerCase();
    const tags = v.tags.map((t) => t.toLowerCase());
    const desc = v.description.toLowerCase();
    const chan = v.channel.toLowerCase();
    let score = 0;
    for (const w of words) {
      if (title.includes(w)) score += 4;
      if (tags.some((t) => t.includes(w))) score += 2;
      if (chan.includes(w)) score += 1;
      if (desc.includes(w)) score += 1;
    }
    if (score > 0 || words.length === 0) scored.push({ v, score, order });
  }
  const by = ORDERS[sort];
  return scored.sort((a, b) => by(a, b) || a.order - b.order).map((x) => x.v);
}

/** The tab playlists the platform generates for every channel (UU + the id without UC, with a tab prefix). */
const TAB_PLAYLISTS: Record<string, { tab: FakeTab | null; label: string }> = {
  LF: { tab: 'videos', label: 'Videos' },
  SH: { tab: 'shorts', label: 'Shorts' },
  LV: { tab: 'streams', label: 'Live' },
  MO: { tab: null, label: 'Members only' },
};

/**
 * A playlist by id: a stored one (not private), the uploads playlist UU… (every tab, newest first), or a
 * tab playlist UULF/UUSH/UULV… (public entries of that tab; the channel must have the tab) or UUMO…
 * (members-only videos of every tab; exists when there is one); none of these four when the
 * channel's `tabPlaylists` is false. null: "The playlist does not exist."
 */
export function resolvePlaylist(s: PlatformState, id: string): StoredPlaylist | null {
  const own = s.playlists.get(id);
  if (own) return own.availability === 'private' ? null : own;
  const m = /^UU(LF|SH|LV|MO)?([\w-]{22})$/.exec(id);
  const c = m ? s.channels.get(`UC${m[2]}`) : undefined;
  if (!m || !c || c.terminated) return null;
  if (m[1] && !c.tabPlaylists) return null;
  const make = (title: string, vids: StoredVideo[]): StoredPlaylist => ({
    id,
    title,
    channelId: c.channelId,
    videoIds: vids.map((v) => v.id),
    availability: 'public',
    failAfter: null,
  });
  if (!m[1]) {
    const all = Object.values(c.tabs)
      .flat()
      .map((vid) => s.videos.get(vid!))
      .filter((v): v is StoredVideo => !!v)
      .sort(newestFirst);
    return make(`Uploads from ${c.name}`, all);
  }
  const { tab, label } = TAB_PLAYLISTS[m[1]]!;
  if (tab === null) {
    const vids = channelVideos(s, c).filter((v) => listed(v) && membersOnly(v));
    return vids.length ? make(`${c.name} - ${label}`, vids.sort(newestFirst)) : null;
  }
  const ids = c.tabs[tab];
  if (!ids) return null;
  const vids = ids
    .map((vid) => s.videos.get(vid))
    .filter(listed)
    .filter((v) => !membersOnly(v) && availabilityOf(v) !== 'private');
  return make(`${c.name} - ${label}`, vids);
}
