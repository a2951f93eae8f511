import { createHash } from 'node:crypto';
import type { FeedFormat } from '@vidkeep/contracts/feeds';
import { videoUrl } from '@vidkeep/platform';
import type { Chapter } from '../info.js';
import type { FeedContent } from '../episodes.js';
import { element, empty } from './xml.js';

/** The namespace Podcasting 2.0 derives `podcast:guid` in (a UUIDv5 namespace). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** A name-based UUID (version 5, SHA-1), as `podcast:guid` asks for. */
export function uuidV5(name: string, namespace = PODCAST_GUID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The podcast's GUID: the same for a channel or playlist in a format however often its feed is
 * revoked and made again (a new token is a new address, not a new podcast).
 */
export const podcastGuid = (kind: string, subjectId: string, format: FeedFormat) =>
  uuidV5(`vidkeep:${kind}:${subjectId}:${format}`);

/** `<feed base>` = `<public address>/feeds/<token>`: every address in the feed starts there. */
export interface FeedAddresses {
  feedBase: string;
}

/** `1:02:03` / `2:03`: how podcast apps show an `itunes:duration` (whole seconds are accepted too). */
export function itunesDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** Podcasting 2.0 JSON chapters (`application/json+chapters`). */
export function chaptersJson(chapters: readonly Chapter[]): string {
  return JSON.stringify({ version: '1.2.0', chapters: chapters.map((c) => ({ startTime: c.start, title: c.title })) });
}

/**
 * The RSS 2.0 document of a feed, with the iTunes and Podcasting 2.0 tags podcast apps read. A
 * private feed: `itunes:block` and `podcast:locked` keep directories from listing or taking it.
 */
export function renderRss(
  content: FeedContent,
  options: FeedAddresses & { format: FeedFormat; now: Date; hasArtwork: boolean },
): string {
  const { subject, episodes } = content;
  const { feedBase, format } = options;
  const artwork = options.hasArtwork ? `${feedBase}/artwork.jpg` : null;
  const description =
    subject.description?.trim() ||
    `${subject.kind === 'channel' ? 'Videos of the channel' : 'The playlist'} ${subject.title}, as downloaded by vidkeep.`;
  const serial = subject.order === 'serial';
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', subject.title),
    element('link', subject.link),
    empty('atom:link', { href: `${feedBase}/feed.xml`, rel: 'self', type: 'application/rss+xml' }),
    element('description', description),
    element('generator', 'vidkeep'),
    element('lastBuildDate', options.now.toUTCString()),
    element('itunes:author', subject.author ?? subject.title),
    element('itunes:summary', description),
    artwork ? empty('itunes:image', { href: artwork }) : '',
    artwork
      ? `<image>${element('url', artwork)}${element('title', subject.title)}${element('link', subject.link)}</image>`
      : '',
    element('itunes:explicit', 'false'),
    element('itunes:type', serial ? 'serial' : 'episodic'),
    element('itunes:block', 'Yes'),
    element('podcast:locked', 'yes'),
    element('podcast:guid', podcastGuid(subject.kind, subject.id, format)),
    element('podcast:medium', format === 'video' ? 'video' : 'podcast'),
  ];
  for (const e of episodes) {
    out.push(
      '<item>',
      element('title', e.title),
      element('description', e.description ?? ''),
      element('link', videoUrl(e.sourceId)),
      element('guid', e.sourceId, { isPermaLink: 'false' }),
      element('pubDate', e.published.toUTCString()),
      empty('enclosure', { url: `${feedBase}/media/${e.sourceId}.${e.extension}`, length: e.size, type: e.mimeType }),
      e.duration !== null ? element('itunes:duration', itunesDuration(e.duration)) : '',
      e.thumbnail ? empty('itunes:image', { href: `${feedBase}/artwork/${e.sourceId}.jpg` }) : '',
      element('itunes:episodeType', 'full'),
      serial ? element('itunes:episode', e.number) : '',
      e.chapters.length
        ? empty('podcast:chapters', {
            url: `${feedBase}/chapters/${e.sourceId}.json`,
            type: 'application/json+chapters',
          })
        : '',
      '</item>',
    );
  }
  out.push('</channel>', '</rss>');
  return out.filter(Boolean).join('\n') + '\n';
}

/** The OPML outline of the feeds (podcast apps import it to subscribe to all at once). */
export function renderOpml(feeds: readonly { title: string; url: string; link: string | null }[], now: Date): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    `<head>${element('title', 'vidkeep podcast feeds')}${element('dateCreated', now.toUTCString())}</head>`,
    '<body>',
    ...feeds.map((f) =>
      empty('outline', { type: 'rss', text: f.title, title: f.title, xmlUrl: f.url, htmlUrl: f.link }),
    ),
    '</body>',
    '</opml>',
    '',
  ].join('\n');
}
