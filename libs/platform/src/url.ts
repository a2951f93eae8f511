/** Platform URL handling: a user's URL becomes a video id; the service builds canonical URLs. */

const ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const PLAYLIST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type ParsedUrl =
  | { kind: 'video'; sourceId: string }
  | { kind: 'playlist'; playlistId: string }
  | { kind: 'channel' }
  | { kind: 'invalid'; reason: string };

export const videoUrl = (sourceId: string): string => `https://www.youtube.com/watch?v=${sourceId}`;

/** A short's own address (the platform opens it in its shorts player). */
export const shortsUrl = (sourceId: string): string => `https://www.youtube.com/shorts/${sourceId}`;

/** Parses what a user pasted. Whitespace around is ignored; a missing scheme is tolerated. */
export function parsePlatformUrl(input: string): ParsedUrl {
  const text = input.trim();
  if (!text) return { kind: 'invalid', reason: 'url is empty' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { kind: 'invalid', reason: 'url is not a valid URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { kind: 'invalid', reason: 'url must be an http(s) URL' };
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  if (SHORT_HOSTS.has(host)) {
    const id = segments[0] ?? '';
    return ID.test(id)
      ? { kind: 'video', sourceId: id }
      : { kind: 'invalid', reason: 'url does not contain a video id' };
  }
  if (!VIDEO_HOSTS.has(host)) return { kind: 'invalid', reason: 'url is not a video URL of the platform' };

  const v = url.searchParams.get('v');
  if (segments[0] === 'watch') {
    return v && ID.test(v)
      ? { kind: 'video', sourceId: v }
      : { kind: 'invalid', reason: 'url does not contain a valid video id' };
  }
  if (['shorts', 'live', 'embed', 'v', 'e'].includes(segments[0] ?? '')) {
    const id = segments[1] ?? '';
    return ID.test(id)
      ? { kind: 'video', sourceId: id }
      : { kind: 'invalid', reason: 'url does not contain a valid video id' };
  }
  const list = url.searchParams.get('list');
  if (segments[0] === 'playlist' && list) return { kind: 'playlist', playlistId: list };
  if (segments[0]?.startsWith('@') || ['channel', 'c', 'user'].includes(segments[0] ?? '')) return { kind: 'channel' };
  return { kind: 'invalid', reason: 'url is not a video URL of the platform' };
}

/**
 * The playlist id of what a user typed: a playlist URL, a watch URL with `list=`, or a bare id.
 * Null when it names no playlist.
 */
export function playlistIdFrom(input: string): string | null {
  const trimmed = input.trim();
  if (/^(?:PL|UU|OL|FL|RD|LL)[A-Za-z0-9_-]{8,62}$/.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(?:www|m|music)\./, '');
  if (host !== 'youtube.com' && host !== 'youtu.be') return null;
  const list = url.searchParams.get('list');
  return list && PLAYLIST_ID.test(list) && list.length >= 2 ? list : null;
}

/** The platform's canonical address of a playlist. */
export const playlistUrl = (playlistId: string) => `https://www.youtube.com/playlist?list=${playlistId}`;
