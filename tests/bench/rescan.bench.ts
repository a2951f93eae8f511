import http from 'node:http';
import { closeSync, ftruncateSync, mkdirSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import type { FileScanRun, RescanStatus } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../fakes/platform/index.js';
import { fmt, get, median, startBenchServer, type BenchServer } from './lib.js';

/**
 * Filesystem rescan of a 20,000-video library (issue 17): 500 channels of 40 videos each in the
 * default nested layout (`<Channel>/<Channel> - <Title> - <id>/<Channel> - <Title> [<id>].mp4`,
 * with an NFO and a poster beside each, so 20,500 folders and 60,000 files; the media files are
 * sparse), recorded in the SQLite file straight after a first start made the schema.
 *
 * - Nothing changed: `POST /api/maintenance/rescan-files`, then `rescan-status` polled every
 *   20 ms until the run is finished; the time from the request to the finished run as the
 *   client sees it, and the run's own `startedAt`..`finishedAt`. BENCH_REPS runs (default 3).
 * - 1,000 moved: before each run, 1,000 video folders (a fresh set each time) are moved by hand
 *   into another folder (900 keep their names; 100 media files also lose the `[id]` from their
 *   name and get an info.json of about 40 KB beside them, as yt-dlp writes, so the rescan must
 *   read those to find them). The run must find all 1,000 at their new place.
 * - While each run goes on, `GET /api/videos?page=1&pageSize=50` is asked every 50 ms: its
 *   slowest answer shows whether the rescan holds the server's event loop; the same page asked
 *   for 5 s with no rescan running is printed beside it as the baseline on this machine now.
 *
 * The server is not pinned (the walk runs on libuv's thread pool, ffprobe would run beside it);
 * the page cache is warm (the files were just written), as on a server that rescans weekly.
 */
const PORT = 3197;
const CHANNELS = 500;
const PER_CHANNEL = 40;
const VIDEOS = CHANNELS * PER_CHANNEL;
const MOVED = 1000;
const RENAMED = 100;
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 3));
/** Issue 17's targets on this machine. */
const UNCHANGED_TARGET_S = 5;
const MOVED_TARGET_S = 15;

interface Video {
  id: number;
  sourceId: string;
  channel: string;
  channelId: string;
  title: string;
  dir: string;
  file: string;
  size: number;
}

function dataset(outputDir: string): Video[] {
  const videos: Video[] = [];
  for (let c = 0; c < CHANNELS; c++) {
    const channel = `Bench Channel ${String(c).padStart(3, '0')}`;
    const channelId = fakeChannelId(`rescan-bench/${c}`);
    for (let v = 0; v < PER_CHANNEL; v++) {
      const n = videos.length;
      const sourceId = fakeVideoId(`rescan-bench/${n}`);
      const title = `Episode ${v + 1} of the weekly show`;
      const dir = join(outputDir, channel, `${channel} - ${title} - ${sourceId}`);
      videos.push({
        id: n + 1,
        sourceId,
        channel,
        channelId,
        title,
        dir,
        file: join(dir, `${channel} - ${title} [${sourceId}].mp4`),
        size: 20_000_000 + ((n * 7919) % 1_400_000_000),
      });
    }
  }
  return videos;
}

async function writeDatabase(file: string, videos: Video[]): Promise<void> {
  const db = new sqlite3.Database(file);
  let failure: Error | null = null;
  const fail = (err: Error | null) => {
    if (err && !failure) failure = err;
  };
  const now = Date.now();
  await new Promise<void>((resolve) => {
    db.serialize(() => {
      db.exec('PRAGMA synchronous = OFF; BEGIN', fail);
      const st = db.prepare(
        `insert into library_videos (id, source_id, title, channel_name, channel_id, duration, upload_date, media_type,
           file_path, file_size, video_resolution, removed, downloaded_at, protected)
         values (?, ?, ?, ?, ?, 600, '20250101', 'video', ?, ?, '1920x1080', 0, ?, 0)`,
        fail,
      );
      for (const v of videos)
        st.run([v.id, v.sourceId, v.title, v.channel, v.channelId, v.file, v.size, now - v.id * 60_000], fail);
      st.finalize(fail);
      db.exec('COMMIT', (err) => {
        fail(err);
        resolve();
      });
    });
  });
  await new Promise<void>((resolve) => db.close((err) => (fail(err), resolve())));
  if (failure) throw failure;
}

function writeFiles(videos: Video[]): void {
  for (const v of videos) {
    mkdirSync(v.dir, { recursive: true });
    const fd = openSync(v.file, 'w');
    ftruncateSync(fd, v.size);
    closeSync(fd);
    writeFileSync(v.file.replace(/\.mp4$/, '.nfo'), `<movie><title>${v.title}</title></movie>\n`);
    writeFileSync(v.file.replace(/\.mp4$/, '.jpg'), 'poster');
  }
}

/** About the size of a real info.json without its format list. */
const infoJson = (v: Video) =>
  JSON.stringify({
    id: v.sourceId,
    title: v.title,
    channel: v.channel,
    channel_id: v.channelId,
    description: 'A description. '.repeat(2500),
  });

/** Moves a set of video folders by hand; the last `RENAMED` media files also lose their id. */
function moveByHand(outputDir: string, set: Video[], round: number): void {
  const target = join(outputDir, `Sorted by hand ${round}`);
  mkdirSync(target, { recursive: true });
  set.forEach((v, i) => {
    const dir = join(target, `${v.channel} - ${v.sourceId}`);
    renameSync(v.dir, dir);
    v.dir = dir;
    const moved = join(dir, `${v.channel} - ${v.title} [${v.sourceId}].mp4`);
    if (i >= set.length - RENAMED) {
      v.file = join(dir, `episode ${v.id}.mp4`);
      renameSync(moved, v.file);
      writeFileSync(join(dir, `episode ${v.id}.info.json`), infoJson(v));
    } else v.file = moved;
  });
}

async function call(url: string, method = 'GET'): Promise<any> {
  const res = await fetch(url, { method });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

interface Measured {
  wallMs: number;
  serverMs: number;
  run: FileScanRun;
  /** Slowest library page answered while the rescan ran. */
  pageMaxMs: number;
  pages: number;
}

/** The library page asked every 50 ms for `ms` with nothing else going on: the baseline of its slowest answer. */
async function idlePages(server: BenchServer, ms: number): Promise<{ maxMs: number; pages: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const r = await get(agent, `${server.url}/api/videos?page=1&pageSize=50`);
    if (r.status === 200) times.push(r.ms);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
  return { maxMs: Math.max(...times), pages: times.length };
}

async function measureRescan(server: BenchServer): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  const pageTimes: number[] = [];
  const probe = (async () => {
    while (running) {
      const r = await get(agent, `${server.url}/api/videos?page=1&pageSize=50`);
      if (r.status === 200) pageTimes.push(r.ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const t0 = performance.now();
  const { runId } = (await call(`${server.url}/api/maintenance/rescan-files`, 'POST')) as { runId: number };
  let run: FileScanRun | null = null;
  while (!run) {
    const status = (await call(`${server.url}/api/maintenance/rescan-status`)) as RescanStatus;
    if (!status.running && status.lastRun?.id === runId) run = status.lastRun;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const wallMs = performance.now() - t0;
  running = false;
  await probe;
  agent.destroy();
  return {
    wallMs,
    serverMs: Date.parse(run.finishedAt!) - Date.parse(run.startedAt),
    run,
    pageMaxMs: pageTimes.length ? Math.max(...pageTimes) : 0,
    pages: pageTimes.length,
  };
}

export default async function rescanBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-bench-rescan-'));
  const configDir = join(dir, 'config');
  const outputDir = join(dir, 'data');
  const env = { CONFIG_DIR: configDir, SOURCE_OUTPUT_DIR: outputDir, AUTH_ENABLED: 'false' };
  let server: BenchServer | null = null;
  try {
    // 1. Schema, with every scheduled task off so nothing else runs during the measurements.
    server = await startBenchServer(env, PORT, { pin: false });
    const { schedules } = (await call(`${server.url}/api/schedules`)) as { schedules: { key: string }[] };
    for (const s of schedules)
      await fetch(`${server.url}/api/schedules/${s.key}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false }),
      });
    await server.stop();
    server = null;

    // 2. The library: records and files.
    const t = performance.now();
    const videos = dataset(outputDir);
    await writeDatabase(join(configDir, 'vidkeep.db'), videos);
    writeFiles(videos);
    console.log(
      `dataset: ${fmt(VIDEOS)} videos in ${CHANNELS} channel folders (${fmt(VIDEOS + CHANNELS)} folders, ${fmt(VIDEOS * 3)} files), written in ${fmt((performance.now() - t) / 1000, 1)} s`,
    );

    server = await startBenchServer(env, PORT, { pin: false });
    const idle = await idlePages(server, 5000);
    const unchanged: Measured[] = [];
    const moved: Measured[] = [];
    const problems: string[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const m = await measureRescan(server);
      unchanged.push(m);
      const c = m.run.counts;
      if (c.checked !== VIDEOS || c.unchanged !== VIDEOS || c.backfilled !== 0)
        problems.push(`unchanged run ${rep + 1}: ${JSON.stringify(c)}`);
    }
    for (let rep = 0; rep < REPS; rep++) {
      const set = videos.slice(rep * MOVED * 3, rep * MOVED * 3 + MOVED);
      moveByHand(outputDir, set, rep);
      const m = await measureRescan(server);
      moved.push(m);
      const c = m.run.counts;
      if (c.moved !== MOVED || c.missing !== 0 || c.unchanged !== VIDEOS - MOVED || c.backfilled !== 0)
        problems.push(`moved run ${rep + 1}: ${JSON.stringify(c)}`);
      const check = (await call(`${server.url}/api/videos/${set.at(-1)!.sourceId}`)) as { filePath: string };
      if (check.filePath !== set.at(-1)!.file)
        problems.push(`moved run ${rep + 1}: ${check.filePath} != ${set.at(-1)!.file}`);
    }

    const row = (label: string, ms: Measured[], targetS: number) => {
      const walls = ms.map((m) => m.wallMs).sort((a, b) => a - b);
      const best = walls[0]!;
      const med = median(walls);
      const serverMed = median(ms.map((m) => m.serverMs).sort((a, b) => a - b));
      const pageMax = Math.max(...ms.map((m) => m.pageMaxMs));
      const pages = ms.reduce((n, m) => n + m.pages, 0);
      console.log(
        `| ${label} | ${fmt(med / 1000, 2)} s | ${fmt(best / 1000, 2)} s | ${fmt(serverMed / 1000, 2)} s | ${fmt(pageMax, 1)} ms (${pages}) | < ${targetS} s | ${med < targetS * 1000 ? 'met' : 'missed'} |`,
      );
    };
    console.log(
      `\nrescan of ${fmt(VIDEOS)} videos, ${REPS} runs each (request to finished run, as the client sees it)\n`,
    );
    console.log(
      '| case | median | best | server-side median | slowest library page during the runs (pages) | target | |',
    );
    console.log('|---|---|---|---|---|---|---|');
    row('nothing changed', unchanged, UNCHANGED_TARGET_S);
    row(`${fmt(MOVED)} files moved by hand (${RENAMED} renamed without their id)`, moved, MOVED_TARGET_S);
    console.log(
      `\nslowest library page with no rescan running (5 s, every 50 ms, same server): ${fmt(idle.maxMs, 1)} ms (${idle.pages} pages); load average ${loadavg()
        .map((l) => fmt(l, 1))
        .join(' / ')}`,
    );
    console.log(
      problems.length
        ? `\nchecks FAILED:\n${problems.join('\n')}`
        : '\nchecks: every run found exactly what changed (counts and paths)',
    );
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
