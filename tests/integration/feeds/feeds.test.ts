import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import type { Feed, FeedList } from '@vidkeep/contracts/feeds';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { platformSuite, queueDownload, waitForJob, watchUrl } from '../../helpers/downloads.js';
import { call, until } from '../channels/helpers.js';

type Item = { itunes?: Record<string, string>; enclosure?: { url: string; length: string; type: string } };
/** rss-parser, an independent and widely used feed parser, with the tags podcast apps read. */
const parser = new Parser<Record<string, unknown>, Item & Record<string, unknown>>({
  customFields: {
    feed: ['podcast:guid', 'podcast:locked', 'itunes:type', 'itunes:block'],
    item: ['podcast:chapters', 'itunes:episode', 'itunes:episodeType'],
  },
});

/** Podcast feeds of a channel and a playlist, read as a podcast app reads them. */
describe('podcast feeds', () => {
  const talk = fakeChannelId('feed-talk');
  const other = fakeChannelId('feed-other');
  const t = (s: string) => fakeVideoId(`feed-${s}`);
  const ch = { channelId: talk, channel: 'Talk & Lectures', handle: '@talk' };
  const PLAYLIST = 'PLfeeds000000000000001';
  const suite = platformSuite(() => ({
    videos: [
      {
        ...ch,
        id: t('one'),
        title: 'Episode <one> & more',
        uploadDate: '20250301',
        timestamp: 1740830400,
        duration: 4,
        description: 'First talk: "quotes", <tags> & ampersands',
        chapters: [
          { title: 'Intro', start_time: 0, end_time: 2 },
          { title: 'Main part', start_time: 2, end_time: 4 },
        ],
      },
      { ...ch, id: t('two'), title: 'Episode two', uploadDate: '20250302', duration: 4 },
      { ...ch, id: t('three'), title: 'Never downloaded', uploadDate: '20250303', duration: 4 },
      { channelId: other, channel: 'Other', handle: '@other', id: t('other'), title: 'Not in the feed', duration: 4 },
    ],
    channels: [
      { channelId: talk, handle: '@talk', name: 'Talk & Lectures', tabs: { videos: [t('three'), t('two'), t('one')] } },
      { channelId: other, handle: '@other', name: 'Other', tabs: { videos: [t('other')] } },
    ],
    playlists: [{ id: PLAYLIST, title: 'Best talks', channelId: talk, videoIds: [t('one'), t('two')] }],
  }));

  const fetchRaw = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    suite.app.t.app.inject({ method: method as 'GET', url: new URL(url).pathname, headers });

  let audioFeed: Feed;
  let videoFeed: Feed;

  it('makes a private feed of a subscribed channel, once per format, and refuses what is not followed', async () => {
    await call(suite.app, 'POST', '/updatechannels', {
      add: [{ url: '@talk', settings: { auto_download_enabled_tabs: '' } }],
    });
    // One video with an mp3 beside it, one video only (its audio is made on demand), one elsewhere.
    const withMp3 = await queueDownload(suite.app, { url: watchUrl(t('one')), audioFormat: 'video_mp3' });
    await waitForJob(suite.app, withMp3.json().jobId, ['completed']);
    for (const id of [t('two'), t('other')]) {
      const res = await queueDownload(suite.app, { url: watchUrl(id) });
      await waitForJob(suite.app, res.json().jobId, ['completed']);
    }

    const made = await call<Feed>(suite.app, 'POST', '/api/feeds', {
      kind: 'channel',
      subjectId: talk,
      format: 'audio',
    });
    expect(made.status).toBe(200);
    audioFeed = made.body;
    expect(audioFeed).toMatchObject({
      kind: 'channel',
      subjectId: talk,
      format: 'audio',
      title: 'Talk & Lectures',
      available: true,
    });
    expect(audioFeed.url).toMatch(/^http:\/\/localhost(:\d+)?\/feeds\/[A-Za-z0-9_-]{43}\/feed\.xml$/);
    const again = await call<Feed>(suite.app, 'POST', '/api/feeds', {
      kind: 'channel',
      subjectId: talk,
      format: 'audio',
    });
    expect(again.body.url).toBe(audioFeed.url);
    videoFeed = (
      await call<Feed>(suite.app, 'POST', '/api/feeds', { kind: 'channel', subjectId: talk, format: 'video' })
    ).body;
    expect(videoFeed.url).not.toBe(audioFeed.url);

    expect(
      (await call(suite.app, 'POST', '/api/feeds', { kind: 'channel', subjectId: other, format: 'audio' })).body,
    ).toMatchObject({
      code: 'FEEDS_SUBJECT_NOT_FOUND',
    });
    expect(
      (await call(suite.app, 'POST', '/api/feeds', { kind: 'channel', subjectId: '../etc', format: 'audio' })).status,
    ).toBe(400);
    expect(
      (await call(suite.app, 'POST', '/api/feeds', { kind: 'podcast', subjectId: talk, format: 'audio' })).status,
    ).toBe(400);
  });

  it('serves an RSS feed a feed parser reads with every iTunes field, newest first, audio made once on demand', async () => {
    // The video-only episode is listed once its audio is made.
    const listed = await until(
      async () => {
        const f = (await call<FeedList>(suite.app, 'GET', `/api/feeds?kind=channel&subjectId=${talk}`)).body.feeds.find(
          (x) => x.format === 'audio',
        );
        return f && f.episodes === 2 && f.pendingAudio === 0 ? f : undefined;
      },
      60_000,
      'the made audio',
    );
    expect(listed.episodes).toBe(2);

    const res = await fetchRaw(audioFeed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const feed = await parser.parseString(res.body);
    expect(feed.title).toBe('Talk & Lectures');
    expect(feed.itunes).toMatchObject({ author: expect.any(String), explicit: 'false' });
    expect(feed['podcast:locked']).toBe('yes');
    expect(feed['itunes:block']).toBe('Yes');
    expect(feed['podcast:guid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(feed.items.map((i) => i.title)).toEqual(['Episode two', 'Episode <one> & more']);
    const [two, one] = feed.items;
    expect(one!.content ?? one!.contentSnippet).toContain('"quotes", <tags> & ampersands');
    expect(one!.guid).toBe(t('one'));
    expect(new Date(one!.pubDate!).toISOString()).toBe('2025-03-01T12:00:00.000Z');
    expect(one!.itunes?.duration).toBe('0:04');
    expect(one!.enclosure).toMatchObject({ type: 'audio/mpeg' });
    expect(two!.enclosure).toMatchObject({ type: 'audio/mp4' });
    expect(two!.enclosure!.url).toMatch(new RegExp(`/media/${t('two')}\\.m4a$`));
    expect(one!['podcast:chapters']).toBeTruthy();

    // Every enclosure's length is the file's exact size, and its type what the file is served as.
    for (const item of feed.items) {
      const media = await fetchRaw(item.enclosure!.url, {}, 'HEAD');
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-length']).toBe(item.enclosure!.length);
      expect(media.headers['content-type']).toBe(item.enclosure!.type);
      expect(media.headers['accept-ranges']).toBe('bytes');
      expect(media.body).toBe('');
    }

    const video = await parser.parseString((await fetchRaw(videoFeed.url)).body);
    expect(video.items.map((i) => i.enclosure?.type)).toEqual(['video/mp4', 'video/mp4']);
  });

  it('answers byte ranges, 304 for an unchanged feed, chapters and artwork', async () => {
    const feed = await parser.parseString((await fetchRaw(audioFeed.url)).body);
    const url = feed.items[1]!.enclosure!.url;
    const size = Number(feed.items[1]!.enclosure!.length);
    const whole = await fetchRaw(url);
    const part = await fetchRaw(url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(10, 20));
    const tail = await fetchRaw(url, { range: 'bytes=-5' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 5));
    expect((await fetchRaw(url, { range: `bytes=${size}-` })).statusCode).toBe(416);
    // The same with curl over real HTTP, as a podcast app (or a person) would fetch it.
    const address = await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const real = `${address}${new URL(url).pathname}`;
    // (Asynchronously: the server answers in this very process.)
    const curl = (...args: string[]) => promisify(execFile)('curl', args, { encoding: 'buffer' }).then((r) => r.stdout);
    expect(await curl('-sf', '-r', '10-19', real)).toEqual(whole.rawPayload.subarray(10, 20));
    expect(String(await curl('-sfI', real))).toMatch(new RegExp(`content-length: ${size}\\r`, 'i'));

    const first = await fetchRaw(audioFeed.url);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await fetchRaw(audioFeed.url, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect(
      (await fetchRaw(audioFeed.url, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode,
    ).toBe(304);

    const chapters = await fetchRaw((feed.items[1]!['podcast:chapters'] as { $: { url: string } }).$.url);
    expect(chapters.headers['content-type']).toContain('application/json+chapters');
    expect(chapters.json()).toEqual({
      version: '1.2.0',
      chapters: [
        { startTime: 0, title: 'Intro' },
        { startTime: 2, title: 'Main part' },
      ],
    });
    expect(feed.itunes?.image).toMatch(/\/artwork\.jpg$/);
  });

  it('keeps a feed token to its own feed: no API route, no other video, nothing after revoking', async () => {
    const token = new URL(audioFeed.url).pathname.split('/')[2]!;
    const base = `/feeds/${token}`;
    for (const headers of [{ 'x-access-token': token }, { 'x-api-key': token }]) {
      const api = await suite.app.t.app.inject({ url: '/api/feeds', headers });
      // 401 for a session token nobody has; 403 for an API key on a route API keys cannot use.
      expect([401, 403]).toContain(api.statusCode);
      expect(api.json().code).toMatch(/^AUTH_/);
    }
    expect((await suite.app.t.app.inject({ url: `/api/videos/${t('one')}/file?token=${token}` })).statusCode).toBe(401);
    // A video of another channel, in the library but not in this feed.
    expect((await suite.app.t.app.inject({ url: `${base}/media/${t('other')}.mp4` })).statusCode).toBe(404);
    expect((await suite.app.t.app.inject({ url: `${base}/media/..%2F..%2Fconfig.json` })).statusCode).toBeOneOf([
      400, 404,
    ]);
    expect((await suite.app.t.app.inject({ url: `/feeds/${'x'.repeat(43)}/feed.xml` })).statusCode).toBe(404);

    const del = await call(suite.app, 'DELETE', `/api/feeds/${audioFeed.id}`);
    expect(del.status).toBe(204);
    expect((await fetchRaw(audioFeed.url)).statusCode).toBe(404);
    expect((await suite.app.t.app.inject({ url: `${base}/media/${t('two')}.m4a` })).statusCode).toBe(404);
    expect((await fetchRaw(videoFeed.url)).statusCode).toBe(200);
    const remade = await call<Feed>(suite.app, 'POST', '/api/feeds', {
      kind: 'channel',
      subjectId: talk,
      format: 'audio',
    });
    expect(remade.body.url).not.toBe(audioFeed.url);
  });

  it('makes a serial feed of a followed playlist in its order, exports OPML, and revokes all at once', async () => {
    expect(
      (await call(suite.app, 'POST', '/api/playlists', { url: `https://www.youtube.com/playlist?list=${PLAYLIST}` }))
        .status,
    ).toBe(201);
    const made = await call<Feed>(suite.app, 'POST', '/api/feeds', {
      kind: 'playlist',
      subjectId: PLAYLIST,
      format: 'video',
    });
    expect(made.body).toMatchObject({ title: 'Best talks', episodes: 2 });
    const feed = await parser.parseString((await fetchRaw(made.body.url)).body);
    expect(feed['itunes:type']).toBe('serial');
    expect(feed.items.map((i) => [i.title, i['itunes:episode']])).toEqual([
      ['Episode <one> & more', '1'],
      ['Episode two', '2'],
    ]);
    await call(suite.app, 'PUT', `/api/playlists/${PLAYLIST}/settings`, { sort_order: 'reversed' });
    const reversed = await parser.parseString((await fetchRaw(made.body.url)).body);
    expect(reversed.items.map((i) => i.title)).toEqual(['Episode two', 'Episode <one> & more']);

    const opml = await suite.app.t.app.inject({ url: '/api/feeds/opml', headers: suite.app.headers });
    expect(opml.headers['content-type']).toContain('text/x-opml');
    const outlines = [...opml.body.matchAll(/xmlUrl="([^"]+)"/g)].map((m) => m[1]);
    expect(outlines).toHaveLength(3);
    expect(outlines).toContain(made.body.url);

    const all = await call(suite.app, 'DELETE', '/api/feeds');
    expect(all.body).toEqual({ revoked: 3 });
    expect((await fetchRaw(made.body.url)).statusCode).toBe(404);
    expect((await call<FeedList>(suite.app, 'GET', '/api/feeds')).body.feeds).toEqual([]);
  });
});
