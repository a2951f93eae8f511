/**
 * The Data API's resources (`youtube#channel`, `youtube#video`, `youtube#playlistItem`) built
 * from the platform's state, with only the parts a request asks for.
 */
import { availabilityOf, channelVideos, publicVideo, viewsOf } from '../../catalog.js';
import type { PlatformState } from '../../state.js';
import type { Json, StoredChannel, StoredPlaylist, StoredVideo } from '../../types.js';
import { DEFAULT_TIMESTAMP, digest, numberFrom, roundCount } from '../../values.js';
import { isoDuration, rfc3339, withEtag } from './format.js';

const VIDEO_THUMBNAILS = [
  ['default', 'default.jpg', 120, 90],
  ['medium', 'mqdefault.jpg', 320, 180],
  ['high', 'hqdefault.jpg', 480, 360],
  ['standard', 'sddefault.jpg', 640, 480],
  ['maxres', 'maxresdefault.jpg', 1280, 720],
] as const;

/** search.list gives default/medium/high; playlistItems and videos add standard and (HD videos) maxres. */
export function apiVideoThumbnails(s: PlatformState, v: StoredVideo, all: boolean): Json {
  const out: Json = {};
  for (const [key, file, width, height] of VIDEO_THUMBNAILS) {
    if (!all && (key === 'standard' || key === 'maxres')) continue;
    if (key === 'maxres' && Math.max(...v.heights) < 720) continue;
    out[key] = { url: `${s.base}/vi/${v.id}/${file}`, width, height };
  }
  return out;
}

/** Avatar sizes of the API (88, 240, 800); search results give only the urls. */
export function apiChannelThumbnails(s: PlatformState, c: StoredChannel, sized: boolean): Json {
  const avatar = `${s.base}/ca/${c.channelId}/avatar.jpg`;
  const out: Json = {};
  for (const [key, size] of [
    ['default', 88],
    ['medium', 240],
    ['high', 800],
  ] as const) {
    out[key] = sized ? { url: `${avatar}?s=${size}`, width: size, height: size } : { url: `${avatar}?s=${size}` };
  }
  return out;
}

export const liveBroadcastContent = (v: StoredVideo) =>
  v.liveStatus === 'is_live' ? 'live' : v.liveStatus === 'is_upcoming' ? 'upcoming' : 'none';

/** Channel creation time: a deterministic day before its first video. */
export function channelPublished(s: PlatformState, c: StoredChannel): number {
  const first = Math.min(DEFAULT_TIMESTAMP, ...channelVideos(s, c).map((v) => v.timestamp));
  return first - (30 + numberFrom(`since:${c.channelId}`, 3000)) * 86400;
}

export function channelResource(s: PlatformState, c: StoredChannel, parts: Set<string>): Json {
  const item: Json = { kind: 'youtube#channel', id: c.channelId };
  if (parts.has('snippet')) {
    item.snippet = {
      title: c.name,
      description: c.description,
      customUrl: c.handle.toLowerCase(),
      publishedAt: rfc3339(channelPublished(s, c)),
      thumbnails: apiChannelThumbnails(s, c, true),
      localized: { title: c.name, description: c.description },
    };
  }
  if (parts.has('contentDetails'))
    item.contentDetails = { relatedPlaylists: { likes: '', uploads: `UU${c.channelId.slice(2)}` } };
  if (parts.has('statistics')) {
    const shown = channelVideos(s, c).filter((v) => publicVideo(v) && availabilityOf(v) === 'public');
    item.statistics = {
      viewCount: String(shown.reduce((sum, v) => sum + viewsOf(v), 0)),
      ...(c.followerCount === null ? {} : { subscriberCount: String(roundCount(c.followerCount)) }),
      hiddenSubscriberCount: c.followerCount === null,
      videoCount: String(shown.length),
    };
  }
  if (parts.has('status'))
    item.status = { privacyStatus: 'public', isLinked: true, longUploadsStatus: 'longUploadsUnspecified' };
  return withEtag(item);
}

export function videoResource(s: PlatformState, v: StoredVideo, parts: Set<string>): Json {
  const item: Json = { kind: 'youtube#video', id: v.id };
  const live = v.liveStatus === 'is_live' || v.liveStatus === 'is_upcoming';
  if (parts.has('snippet')) {
    item.snippet = {
      publishedAt: rfc3339(v.timestamp),
      channelId: v.channelId,
      title: v.title,
      description: v.description,
      thumbnails: apiVideoThumbnails(s, v, true),
      channelTitle: v.channel,
      ...(v.tags.length ? { tags: v.tags } : {}),
      categoryId: '22',
      liveBroadcastContent: liveBroadcastContent(v),
      localized: { title: v.title, description: v.description },
    };
  }
  if (parts.has('contentDetails')) {
    item.contentDetails = {
      duration: isoDuration(live ? 0 : v.duration),
      dimension: '2d',
      definition: Math.max(...v.heights) >= 720 ? 'hd' : 'sd',
      caption: 'false',
      licensedContent: false,
      contentRating: {},
      projection: 'rectangular',
    };
  }
  if (parts.has('status')) {
    item.status = {
      uploadStatus: 'processed',
      privacyStatus: v.availability === 'unlisted' ? 'unlisted' : 'public',
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      madeForKids: false,
    };
  }
  if (parts.has('statistics')) {
    const views = viewsOf(v);
    item.statistics = {
      viewCount: String(live ? 0 : views),
      likeCount: String(Math.floor(views / 20)),
      favoriteCount: '0',
      commentCount: String(Math.floor(views / 200)),
    };
  }
  if (parts.has('liveStreamingDetails') && v.liveStatus !== 'not_live') {
    const ended = v.liveStatus === 'was_live' || v.liveStatus === 'post_live';
    item.liveStreamingDetails = {
      ...(v.liveStatus === 'is_upcoming' ? {} : { actualStartTime: rfc3339(v.timestamp) }),
      ...(ended ? { actualEndTime: rfc3339(v.timestamp + v.duration) } : {}),
      scheduledStartTime: rfc3339(v.timestamp),
      ...(v.liveStatus === 'is_live' ? { concurrentViewers: String(viewsOf(v) % 1000) } : {}),
    };
  }
  return withEtag(item);
}

/** Private and deleted entries of a playlist keep their place with placeholder texts and no thumbnails. */
export function playlistItemResource(
  s: PlatformState,
  p: StoredPlaylist,
  videoId: string,
  position: number,
  parts: Set<string>,
): Json {
  const v = s.videos.get(videoId);
  const owner = s.channels.get(p.channelId);
  const itemId = Buffer.from(
    `${p.id}.${digest(`item:${p.id}/${position}/${videoId}`).subarray(0, 8).toString('hex').toUpperCase()}`,
  );
  const item: Json = { kind: 'youtube#playlistItem', id: itemId.toString('base64') };
  const gone = !v || v.failure === 'removed' ? 'deleted' : !publicVideo(v) ? 'private' : null;
  const shown = gone ? null : v!;
  if (parts.has('snippet')) {
    item.snippet = {
      publishedAt: rfc3339(v?.timestamp ?? DEFAULT_TIMESTAMP),
      channelId: p.channelId,
      title: shown ? shown.title : gone === 'private' ? 'Private video' : 'Deleted video',
      description: shown
        ? shown.description
        : gone === 'private'
          ? 'This video is private.'
          : 'This video is unavailable.',
      thumbnails: shown ? apiVideoThumbnails(s, shown, true) : {},
      channelTitle: owner?.name ?? '',
      playlistId: p.id,
      position,
      resourceId: { kind: 'youtube#video', videoId },
      ...(shown ? { videoOwnerChannelTitle: shown.channel, videoOwnerChannelId: shown.channelId } : {}),
    };
  }
  if (parts.has('contentDetails'))
    item.contentDetails = { videoId, ...(shown ? { videoPublishedAt: rfc3339(shown.timestamp) } : {}) };
  if (parts.has('status')) {
    const visible = shown?.availability === 'unlisted' ? 'unlisted' : 'public';
    item.status = { privacyStatus: shown ? visible : gone === 'private' ? 'private' : 'privacyStatusUnspecified' };
  }
  return withEtag(item);
}
