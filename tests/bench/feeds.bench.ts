import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TestHarness } from '@vidkeep/core/testing';
import { libraryServiceRef } from '@vidkeep/contracts';
import type { Feed } from '@vidkeep/contracts/feeds';
import { fakeChannelId, startFakePlatform } from '../fakes/platform/index.js';
import { bootDownloader } from '../helpers/downloads.js';
import { fmt, median, nearestRank, nodeFloorMs } from './lib.js';

/**
 * A podcast feed of 200 episodes (issue 37's target: built in under 50 ms). A channel of the fake
 * platform is subscribed; 200 library records of it are written through the library's service,
 * each with an mp3 on disk and an info.json as yt-dlp leaves them (about 300 KB with the formats
 * list, chapters in every fourth). Then `GET /feeds/<token>/feed.xml` through the app (Fastify's
 * inject: routing, the token check, the channel and library reads, a stat of every file, the XML,
 * its ETag): the first build after a start (every info.json read and parsed), 100 builds after a
 * library change (info.json remembered while unchanged), 100 polls while nothing changed (the
 * built feed kept) and conditional GETs answered 304. The machine floor (`node -e 0`) is printed
 * beside.
 */
const EPISODES = 200;
const TIMED = 100;

/** An info.json the size of a real one: the formats list is most of it. */
function infoJson(id: string, i: number): string {
  const formats = Array.from({ length: 60 }, (_, f) => ({
    format_id: String(f),
    url: `https://example.invalid/videoplayback?id=${id}&itag=${f}&${'x'.repeat(3500)}`,
    ext: 'mp4',
    height: 144 * (f % 8),
  }));
  const chapters =
    i % 4 === 0
      ? Array.from({ length: 8 }, (_, c) => ({ start_time: c * 60, end_time: c * 60 + 60, title: `Part ${c + 1}` }))
      : null;
  return JSON.stringify({ id, title: `Episode ${i}`, timestamp: 1_700_000_000 + i * 3600, chapters, formats });
}

export default async function feedsBench(): Promise<void> {
  const channelId = fakeChannelId('bench-feeds');
  const platform = await startFakePlatform({
    channels: [{ channelId, handle: '@benchfeeds', name: 'Bench Feeds', tabs: {} }],
  });
  const ids = platform.generateTab(channelId, 'videos', EPISODES);
  const h = new TestHarness();
  try {
    const app = await bootDownloader(h, platform);
    const post = (url: string, payload: object) =>
      app.t.app.inject({ method: 'POST', url, headers: app.headers, payload });
    await post('/updatechannels', { add: [{ url: '@benchfeeds', settings: { auto_download_enabled_tabs: '' } }] });

    const { outputDir, jobsDir } = app.t.app.vidkeep.env.paths;
    const library = app.t.app.vidkeep.services.resolve(libraryServiceRef);
    const folder = join(outputDir, 'Bench Feeds');
    mkdirSync(join(jobsDir, 'info'), { recursive: true });
    mkdirSync(folder, { recursive: true });
    for (const [i, id] of ids.entries()) {
      const audio = join(folder, `Episode ${i} [${id}].mp3`);
      writeFileSync(audio, Buffer.alloc(4096 + i));
      writeFileSync(join(jobsDir, 'info', `${id}.info.json`), infoJson(id, i));
      await library.recordDownload({
        sourceId: id,
        title: `Episode ${i}`,
        channelName: 'Bench Feeds',
        channelId,
        description: `The description of episode ${i}, with <markup> & more.\n`.repeat(5),
        duration: 600 + i,
        uploadDate: '20250101',
        mediaType: 'video',
        thumbnailPath: null,
        filePath: null,
        fileSize: null,
        audioFilePath: audio,
        audioFileSize: 4096 + i,
        videoResolution: null,
        subfolder: null,
        removed: false,
        removedAt: null,
        downloadedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        jobId: null,
        missingAt: null,
        normalizedRating: null,
        ratingSource: null,
      });
    }
    const feed = (await post('/api/feeds', { kind: 'channel', subjectId: channelId, format: 'audio' })).json<Feed>();
    if (feed.episodes !== EPISODES) throw new Error(`the feed lists ${feed.episodes} episodes, not ${EPISODES}`);
    const path = new URL(feed.url).pathname;

    // The first fetch after the start reads every info.json; `POST /api/feeds` above already
    // built the feed once, so a fresh start is measured with a new app on the same folder.
    const restarted = await h.restart(app.t, { env: platform.env });
    const first = performance.now();
    const cold = await restarted.app.inject({ url: path });
    const coldMs = performance.now() - first;
    if (cold.statusCode !== 200) throw new Error(`feed answered ${cold.statusCode}`);

    const events = restarted.app.vidkeep.events;
    const time = async (n: number, before: () => Promise<void>, headers: Record<string, string> = {}) => {
      const out: number[] = [];
      let bytes = 0;
      for (let i = 0; i < n + 10; i++) {
        await before();
        const t = performance.now();
        const res = await restarted.app.inject({ url: path, headers });
        if (i >= 10) out.push(performance.now() - t);
        if (res.statusCode !== (headers['if-none-match'] ? 304 : 200))
          throw new Error(`feed answered ${res.statusCode}`);
        bytes = res.rawPayload.length || bytes;
      }
      return { sorted: out.sort((a, b) => a - b), bytes };
    };
    // A library change forgets built feeds: each of these is a whole build (records, a stat of
    // every file, the remembered info.json checked, the XML, its ETag).
    const rebuilt = await time(TIMED, async () => {
      events.publish('downloader.videos.changed', { sourceIds: [] });
      await events.drain();
    });
    // What a podcast app's poll costs while nothing changed: the channel asked, the built feed served.
    const served = await time(TIMED, async () => undefined);
    const notModified = await time(50, async () => undefined, { 'if-none-match': String(cold.headers.etag) });
    const line = (r: number[]) => `median ${fmt(median(r), 1)} ms, p95 ${fmt(nearestRank(r, 95), 1)} ms`;
    console.log(`machine floor: node -e 0 median ${fmt(nodeFloorMs(), 1)} ms`);
    console.log(`feed of ${EPISODES} episodes (${fmt(served.bytes / 1024, 1)} KiB of XML), target: built in < 50 ms`);
    console.log(`  first build after start (200 info.json read): ${fmt(coldMs, 1)} ms`);
    console.log(`  build after a library change: ${line(rebuilt.sorted)} (${TIMED} requests)`);
    console.log(`  poll while nothing changed: ${line(served.sorted)} (${TIMED} requests)`);
    console.log(`  conditional GET answered 304: ${line(notModified.sorted)}`);
  } finally {
    await h.closeAll();
    await platform.close();
  }
}
