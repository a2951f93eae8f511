import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/server-process.js';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { platformSuite } from '../../helpers/downloads.js';
import { call, until } from './helpers.js';

const manifest = JSON.parse(readFileSync(`${REPO_ROOT}/plugin-manifest.json`, 'utf8')) as {
  plugins: { id: string; options: Record<string, unknown> }[];
};
/** The repository's manifest with a 3-second search timeout (the default is the spec's 60 s). */
const quickManifest = {
  ...manifest,
  plugins: manifest.plugins.map((p) => (p.id === 'channels' ? { ...p, options: { searchTimeoutSeconds: 3 } } : p)),
};

/** Channel search (yt-dlp fallback and Data API) and Data API tab counts. */
describe('channel search', () => {
  const tech = fakeChannelId('tech');
  const cooking = fakeChannelId('cooking');
  const techMore = fakeChannelId('tech-more');

  const suite = platformSuite(
    () => ({
      channels: [
        {
          channelId: tech,
          handle: '@techtalk',
          name: 'Tech Talk',
          description: 'Gadgets',
          tabs: { videos: [fakeVideoId('t1'), fakeVideoId('t2')], shorts: [fakeVideoId('t3')] },
          followerCount: 12_300,
        },
        {
          channelId: cooking,
          handle: '@cook',
          name: 'Cooking Daily',
          description: 'Tech-free kitchen',
          tabs: { videos: [fakeVideoId('c1')] },
        },
        { channelId: techMore, handle: '@moretech', name: 'More Tech Reviews', tabs: { videos: [fakeVideoId('m1')] } },
      ],
    }),
    { manifest: quickManifest },
  );

  // The limit is 10 searches per minute per client address: each test searches from its own address.
  let client = 0;
  beforeEach(() => {
    client += 1;
  });
  const search = async (body: unknown) => {
    const res = await suite.app.t.app.inject({
      method: 'POST',
      url: '/api/channels/search',
      headers: suite.app.headers,
      payload: body as object,
      remoteAddress: `10.0.0.${client}`,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('validates the query and the count', async () => {
    expect((await search({ query: '   ' })).status).toBe(400);
    expect((await search({ query: 'x'.repeat(201) })).status).toBe(400);
    expect((await search({ query: 'tech\u0007' })).status).toBe(400);
    expect((await search({ query: 'tech', count: 20 })).status).toBe(400);
    expect((await search({ query: 'tech', extra: 1 })).status).toBe(400);
    expect((await search({})).status).toBe(400);
  });

  it('searches with yt-dlp without a Data API key: relevance order, subscribed flag, no video counts, nothing stored', async () => {
    await call(suite.app, 'POST', '/updatechannels', { add: ['@techtalk'] });
    const r = await search({ query: '  tech ', count: 10 });
    expect(r.status).toBe(200);
    expect(r.body.results.map((c: any) => c.channelId)).toEqual([tech, techMore, cooking]);
    expect(r.body.results[0]).toMatchObject({
      name: 'Tech Talk',
      handle: '@techtalk',
      url: 'https://www.youtube.com/@techtalk',
      subscribed: true,
      videoCount: null,
      subscriberCount: 12_300,
    });
    expect(r.body.results[1]).toMatchObject({ subscribed: false, videoCount: null });
    expect(suite.p.requests.some((q) => q.path.startsWith('/youtube/v3'))).toBe(false);
    // Nothing was stored: the unsubscribed results are still unknown channels.
    expect((await call(suite.app, 'GET', `/getchannelinfo/${techMore}`)).status).toBe(404);
  }, 60_000);

  it('answers 502 when the platform search fails and 504 when it takes too long', async () => {
    suite.p.setSearchBehavior({ failure: 'bot-check' });
    const failed = await search({ query: 'tech' });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/search failed/i);
    suite.p.setSearchBehavior({ delayMs: 8000 });
    const started = Date.now();
    const slow = await search({ query: 'tech' });
    expect(slow.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(7000);
    suite.p.setSearchBehavior({});
  }, 60_000);

  it('answers 499 (in the log) when the client goes away before the search ends', async () => {
    suite.p.setSearchBehavior({ delayMs: 2000 });
    const address = await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (suite.app.t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/channels/search',
      headers: { ...suite.app.headers, 'content-type': 'application/json' },
    });
    req.on('error', () => {});
    req.end(JSON.stringify({ query: 'tech' }));
    await new Promise((r) => setTimeout(r, 500));
    req.destroy();
    const line = await until(
      async () => suite.app.t.logs.find((l) => l.url === '/api/channels/search' && l.statusCode === 499),
      10_000,
      'a 499 log line',
    );
    expect(line.statusCode).toBe(499);
    suite.p.setSearchBehavior({});
  }, 30_000);

  it('uses the Data API with a key (video counts), and falls back to yt-dlp when its quota is spent', async () => {
    expect((await call(suite.app, 'PATCH', '/api/config', { sourceApiKey: 'test-data-api-key' })).status).toBe(200);
    const config = await call(suite.app, 'GET', '/getconfig');
    expect(JSON.stringify(config.body)).not.toContain('test-data-api-key');
    const r = await search({ query: 'tech', count: 25 });
    expect(r.status).toBe(200);
    expect(r.body.results.map((c: any) => c.channelId)).toEqual([tech, techMore, cooking]);
    expect(r.body.results[0]).toMatchObject({
      name: 'Tech Talk',
      handle: '@techtalk',
      subscribed: true,
      videoCount: 3,
    });
    expect(suite.p.requests.filter((q) => q.path.startsWith('/youtube/v3/search')).length).toBe(1);

    suite.p.setApiFailure('quotaExceeded');
    const fallback = await search({ query: 'cooking' });
    expect(fallback.status).toBe(200);
    expect(fallback.body.results[0]).toMatchObject({ channelId: cooking, videoCount: null });
    // The key rests until midnight Pacific time: the next search does not even ask the API.
    const calls = suite.p.requests.filter((q) => q.path.startsWith('/youtube/v3')).length;
    expect((await search({ query: 'tech' })).status).toBe(200);
    expect(suite.p.requests.filter((q) => q.path.startsWith('/youtube/v3')).length).toBe(calls);
    suite.p.setApiFailure(null);
  }, 60_000);

  it('limits searches to 10 per minute', async () => {
    let limited: { status: number; body: any } | null = null;
    for (let i = 0; i < 12 && !limited; i++) {
      const r = await search({ query: '' });
      if (r.status === 429) limited = r;
    }
    expect(limited?.status).toBe(429);
    expect(limited?.body.error).toMatch(/10 per minute/);
  });
});

describe('tab counts through the Data API', () => {
  const chan = fakeChannelId('counted');

  const suite = platformSuite(
    () => ({
      videos: [
        {
          id: fakeVideoId('members'),
          title: 'Members only',
          channelId: chan,
          channel: 'Counted',
          handle: '@counted',
          availability: 'subscriber_only',
        },
      ],
      channels: [
        {
          channelId: chan,
          handle: '@counted',
          name: 'Counted',
          tabs: { videos: [fakeVideoId('k1'), fakeVideoId('k2'), fakeVideoId('members')], shorts: [fakeVideoId('k3')] },
        },
      ],
    }),
    { config: { sourceApiKey: 'test-data-api-key' } },
  );

  it('reads tab totals from the tab playlists and refreshes them daily with a key', async () => {
    await call(suite.app, 'POST', '/updatechannels', { add: ['@counted'] });
    const stats = await call(suite.app, 'GET', `/api/channels/${chan}/tab-stats`);
    expect(stats.body.tabs).toMatchObject({ videos: { total: 2 }, shorts: { total: 1 } });
    expect(
      suite.p.requests.some(
        (q) => q.path.startsWith(`/youtube/v3/playlistItems`) && q.path.includes(`UULF${chan.slice(2)}`),
      ),
    ).toBe(true);
    // Fresh counts: the daily task has nothing to do.
    const run = await call(suite.app, 'POST', '/api/schedules/channels.tab-counts/run');
    expect(run.status).toBe(202);
    const done = await until(async () => {
      const runs = await call(suite.app, 'GET', '/api/schedules/channels.tab-counts/runs');
      const r = runs.body.runs[0];
      return r && r.status !== 'running' ? r : undefined;
    });
    expect(done).toMatchObject({ status: 'skipped', outcome: 'nothing-due' });
  }, 60_000);
});
