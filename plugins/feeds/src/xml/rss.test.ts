import { describe, expect, it } from 'vitest';
import type { FeedSubject } from '@vidkeep/contracts/feeds';
import type { Episode, FeedContent } from '../episodes.js';
import { chaptersJson, itunesDuration, podcastGuid, renderOpml, renderRss, uuidV5 } from './rss.js';
import { xmlText } from './xml.js';

const subject: FeedSubject = {
  kind: 'channel',
  id: 'UCabc',
  title: 'Talk & <Lectures>',
  author: 'Talker',
  description: null,
  link: 'https://www.youtube.com/channel/UCabc',
  artworkFile: null,
  order: 'episodic',
  sourceIds: ['vid1'],
};
const episode: Episode = {
  sourceId: 'vid1',
  title: 'One\u0007 "two"',
  description: 'Line\u0000 one',
  published: new Date('2025-03-01T12:00:00Z'),
  duration: 3723,
  file: '/data/x.mp3',
  size: 1234,
  mimeType: 'audio/mpeg',
  extension: 'mp3',
  thumbnail: null,
  chapters: [],
  number: 1,
};
const content = (over: Partial<FeedContent> = {}): FeedContent => ({
  subject,
  episodes: [episode],
  pendingAudio: 0,
  lastModified: 0,
  ...over,
});
const render = (c = content()) =>
  renderRss(c, { feedBase: 'https://v.example/feeds/tok', format: 'audio', now: new Date(0), hasArtwork: false });

describe('podcast feed XML', () => {
  it('derives podcast:guid as Podcasting 2.0 does (UUIDv5 in its namespace), stable per subject and format', () => {
    // The namespace document's own example.
    expect(uuidV5('mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    expect(podcastGuid('channel', 'UCabc', 'audio')).toBe(podcastGuid('channel', 'UCabc', 'audio'));
    expect(podcastGuid('channel', 'UCabc', 'audio')).not.toBe(podcastGuid('channel', 'UCabc', 'video'));
  });

  it('escapes markup and drops characters XML 1.0 cannot hold, so one odd title cannot break a feed', () => {
    expect(xmlText('a & <b> "c" \'d\'')).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
    expect(xmlText('bell\u0007 nul\u0000 tab\t ok \uFFFE')).toBe('bell nul tab\t ok ');
    const xml = render();
    expect(xml).toContain('<title>Talk &amp; &lt;Lectures&gt;</title>');
    expect(xml).toContain('<title>One &quot;two&quot;</title>');
    expect(xml.includes('\u0000') || xml.includes('\u0007')).toBe(false);
  });

  it('writes the enclosure, duration, guid and private-feed tags podcast apps read', () => {
    const xml = render();
    expect(xml).toContain(
      '<enclosure url="https://v.example/feeds/tok/media/vid1.mp3" length="1234" type="audio/mpeg"/>',
    );
    expect(xml).toContain('<itunes:duration>1:02:03</itunes:duration>');
    expect(xml).toContain('<guid isPermaLink="false">vid1</guid>');
    expect(xml).toContain('<itunes:block>Yes</itunes:block>');
    expect(xml).toContain('<podcast:locked>yes</podcast:locked>');
    expect(xml).toContain('<itunes:type>episodic</itunes:type>');
    expect(xml).not.toContain('itunes:episode>');
    expect(xml).not.toContain('podcast:chapters');
    // No description of its own: a sentence saying what the feed is.
    expect(xml).toContain(
      '<description>Videos of the channel Talk &amp; &lt;Lectures&gt;, as downloaded by vidkeep.</description>',
    );
  });

  it('numbers serial episodes and links chapters when the video has them', () => {
    const xml = render(
      content({
        subject: { ...subject, kind: 'playlist', order: 'serial' },
        episodes: [{ ...episode, chapters: [{ start: 0, title: 'Intro' }] }],
      }),
    );
    expect(xml).toContain('<itunes:type>serial</itunes:type>');
    expect(xml).toContain('<itunes:episode>1</itunes:episode>');
    expect(xml).toContain(
      '<podcast:chapters url="https://v.example/feeds/tok/chapters/vid1.json" type="application/json+chapters"/>',
    );
    expect(JSON.parse(chaptersJson([{ start: 12.5, title: 'A' }]))).toEqual({
      version: '1.2.0',
      chapters: [{ startTime: 12.5, title: 'A' }],
    });
  });

  it('shows durations as podcast apps do', () => {
    expect(itunesDuration(4)).toBe('0:04');
    expect(itunesDuration(754.4)).toBe('12:34');
    expect(itunesDuration(36000)).toBe('10:00:00');
  });

  it('lists every feed in an OPML outline', () => {
    const opml = renderOpml([{ title: 'A & B', url: 'https://v/feeds/t/feed.xml', link: null }], new Date(0));
    expect(opml).toContain(
      '<outline type="rss" text="A &amp; B" title="A &amp; B" xmlUrl="https://v/feeds/t/feed.xml"/>',
    );
  });
});
