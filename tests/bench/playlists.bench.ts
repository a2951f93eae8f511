import { execFile } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, openSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sqlite3 from 'sqlite3';
import { fakeChannelId, startFakePlatform } from '../fakes/platform/index.js';
import { fmt, get, hasTaskset, median, nearestRank, post, sequential, startBenchServer, TIMED, WARMUP } from './lib.js';

/**
 * Playlists on a 5,000-entry playlist (the automatic-following limit), against the targets of the
 * playlists issue:
 * - saving a listing, beyond yt-dlp's own listing time, under 1 s: the server logs how long the
 *   listing (yt-dlp) and the saving took; subscribe (first save: inserts) and refresh (second
 *   save: updates) are both measured, next to bare yt-dlp listing the same URL;
 * - rebuilding the `.m3u` of 5,000 downloaded entries under 100 ms: 5,000 library records with
 *   sparse files written into the SQLite file, then `POST …/regenerate-m3u` 3 warm-up + 20 timed;
 * - `GET /api/playlists/:id/videos` page 1 p95 under 10 ms: the anchor's sequential method
 *   (1 check, 20 warm-up, 200 timed, one keep-alive connection), server pinned to core 0.
 */
const ENTRIES = 5000;
const PORT = 3193;
const LIST = 'PLbenchfivethousand001';
const run = promisify(execFile);

interface Timings {
  listMs: number;
  saveMs: number;
}

export default async function playlistsBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-bench-pl-'));
  const channelId = fakeChannelId('bench-playlists');
  const platform = await startFakePlatform({
    channels: [{ channelId, handle: '@benchlists', name: 'Bench Lists', tabs: {} }],
  });
  const ids = platform.generateTab(channelId, 'videos', ENTRIES);
  platform.addPlaylist({ id: LIST, title: 'Bench five thousand', channelId, videoIds: ids });
  const env = {
    ...platform.env,
    CONFIG_DIR: join(dir, 'config'),
    SOURCE_OUTPUT_DIR: join(dir, 'data'),
    AUTH_ENABLED: 'false',
    LOG_LEVEL: 'info',
  };
  const listed: Timings[] = [];
  const onLogLine = (line: string) => {
    const entry = JSON.parse(line) as { msg?: string; listMs?: number; saveMs?: number };
    if (entry.msg?.startsWith('Playlist listed') && entry.listMs !== undefined)
      listed.push({ listMs: entry.listMs, saveMs: entry.saveMs ?? 0 });
  };
  try {
    // 1. Listing and saving, with yt-dlp children (unpinned).
    let server = await startBenchServer(env, PORT, { pin: false, onLogLine });
    await fetch(`${server.url}/api/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sleepRequests: 0 }),
    });
    const t0 = performance.now();
    const followed = await post(`${server.url}/api/playlists`, { url: LIST });
    const subscribeMs = performance.now() - t0;
    const t1 = performance.now();
    const refreshed = await post(`${server.url}/api/playlists/${LIST}/refresh`, {});
    const refreshMs = performance.now() - t1;
    const b0 = performance.now();
    const bare = await run(
      'yt-dlp',
      [
        '--no-config',
        '--flat-playlist',
        '--dump-json',
        '--playlist-end',
        String(ENTRIES + 1),
        `https://www.youtube.com/playlist?list=${LIST}`,
      ],
      { env: { ...process.env, ...platform.env }, maxBuffer: 256 * 1024 * 1024 },
    );
    const bareMs = performance.now() - b0;
    const bareLines = bare.stdout.trim().split('\n').length;
    await server.stop();

    // 2. 5,000 downloaded entries: library rows and sparse files, written while the server is down.
    await seedLibrary(join(dir, 'config', 'vidkeep.db'), join(dir, 'data'), ids);

    // 3. Rebuild and page reads, server pinned to core 0.
    server = await startBenchServer(env, PORT);
    const rebuilds: number[] = [];
    let rebuilt: { entries?: number } = {};
    for (let i = 0; i < 23; i++) {
      const r0 = performance.now();
      rebuilt = await post(`${server.url}/api/playlists/${LIST}/regenerate-m3u`, {});
      if (i >= 3) rebuilds.push(performance.now() - r0);
    }
    rebuilds.sort((a, b) => a - b);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const page = await sequential(agent, `${server.url}/api/playlists/${LIST}/videos?page=1&pageSize=50`, (b) =>
      b.total === ENTRIES && b.videos.length === 50 && b.videos[0].position === 1 && b.videos[0].downloaded
        ? null
        : `total ${b.total}, first ${JSON.stringify(b.videos[0]).slice(0, 120)}`,
    );
    const detail = await sequential(agent, `${server.url}/api/playlists/${LIST}`, (b) =>
      b.playlist.video_count === ENTRIES ? null : `video_count ${b.playlist.video_count}`,
    );
    const list = await sequential(agent, `${server.url}/api/playlists?page=1&pageSize=25`, (b) =>
      b.total === 1 ? null : `total ${b.total}`,
    );
    const warm = await get(agent, `${server.url}/api/playlists/${LIST}/videos?page=100&pageSize=50`, true);
    agent.destroy();
    await server.stop();

    const [first, second] = listed;
    console.log(
      `\nplaylists benchmark: one playlist of ${fmt(ENTRIES)} entries (fake platform, Debian's yt-dlp); ${hasTaskset ? 'server pinned to core 0 for the reads' : 'no taskset: unpinned'}; all times ms`,
    );
    console.log('| measure | figure | target | met |');
    console.log('|---|---:|---|---|');
    const row = (label: string, figure: string, target: string, met: boolean | null) =>
      console.log(`| ${label} | ${figure} | ${target} | ${met === null ? '' : met ? 'yes' : 'NO'} |`);
    row('bare yt-dlp listing of the playlist (client side)', `${fmt(bareMs)} (${fmt(bareLines)} lines)`, '', null);
    row(
      'follow (POST /api/playlists): yt-dlp listing / saving 5,000 new rows / whole request',
      `${fmt(first?.listMs ?? NaN)} / ${fmt(first?.saveMs ?? NaN)} / ${fmt(subscribeMs)}`,
      'saving < 1,000',
      first ? first.saveMs < 1000 && followed.fetched === ENTRIES : false,
    );
    row(
      'refresh: yt-dlp listing / saving 5,000 known rows / whole request',
      `${fmt(second?.listMs ?? NaN)} / ${fmt(second?.saveMs ?? NaN)} / ${fmt(refreshMs)}`,
      'saving < 1,000',
      second ? second.saveMs < 1000 && refreshed.complete === true : false,
    );
    row(
      `.m3u rebuild, ${fmt(rebuilt.entries ?? 0)} entries: median / p95 of 20`,
      `${fmt(median(rebuilds), 1)} / ${fmt(nearestRank(rebuilds, 95), 1)}`,
      'p95 < 100',
      rebuilt.entries === ENTRIES && nearestRank(rebuilds, 95) < 100,
    );
    const seq = (label: string, r: typeof page, limit: number | null) =>
      row(
        `${label}: median / p95 (${WARMUP} warm-up, ${TIMED} timed; check ${r.check}; non-200 ${r.non200})`,
        `${fmt(r.medianMs, 2)} / ${fmt(r.p95Ms, 2)} (${fmt(r.rps)} req/s)`,
        limit === null ? '' : `p95 < ${limit}`,
        limit === null ? null : r.p95Ms < limit && r.check === 'ok' && r.non200 === 0,
      );
    seq('GET /api/playlists/:id/videos page 1', page, 10);
    seq('GET /api/playlists/:id (counts, unsyncable, sync state)', detail, null);
    seq('GET /api/playlists', list, null);
    row('GET …/videos page 100 (last), one request', fmt(warm.ms, 2), '', null);
  } finally {
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Library rows for every entry (files of 10 MB, sparse) and the playlist rows marked downloaded with their files. */
async function seedLibrary(dbFile: string, dataDir: string, ids: string[]): Promise<void> {
  const db = new sqlite3.Database(dbFile);
  const exec = (sql: string, params: unknown[] = []) =>
    new Promise<void>((resolve, reject) => db.run(sql, params, (err) => (err ? reject(err) : resolve())));
  const now = Date.now();
  await exec('BEGIN');
  for (const [i, id] of ids.entries()) {
    const folder = join(dataDir, 'Bench Lists', `Bench Lists - Video ${i + 1} - ${id}`);
    const file = join(folder, `Bench Lists - Video ${i + 1} [${id}].mp4`);
    mkdirSync(folder, { recursive: true });
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 10 * 1024 * 1024);
    closeSync(fd);
    await exec(
      `insert into library_videos (source_id, title, channel_name, channel_id, duration, media_type, file_path, file_size, removed, downloaded_at)
       values (?, ?, 'Bench Lists', ?, 300, 'video', ?, ?, 0, ?)`,
      [id, `Video ${i + 1}`, 'UCbench', file, 10 * 1024 * 1024, now],
    );
  }
  // What the downloader's events would have told the playlists plugin.
  await exec(
    `update playlists_videos set downloaded_at = ?,
       file_path = (select d.file_path from library_videos d where d.source_id = playlists_videos.source_id)`,
    [now],
  );
  await exec('COMMIT');
  await new Promise<void>((resolve, reject) => db.close((err) => (err ? reject(err) : resolve())));
}
