import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../fakes/platform/index.js';
import { ensureCurrentYtDlp, FLOOR_YTDLP } from '../setup-ytdlp.mjs';
import { fmt, median, memoryOf, post, startBenchServer, treeRssMiB } from './lib.js';

/** When each job's "Download job finished" line was logged (epoch ms), from the server's JSON log. */
const finishedAt = new Map<string, number>();
function readLogLine(line: string): void {
  try {
    const entry = JSON.parse(line) as { msg?: string; jobId?: string; time?: number };
    if (entry.msg === 'Download job finished' && entry.jobId && entry.time) finishedAt.set(entry.jobId, entry.time);
  } catch {
    /* not JSON */
  }
}

/**
 * Download pipeline overhead: 20 five-second fixture videos downloaded through the service
 * (20 POST /api/videos/download requests, so 20 jobs and 20 yt-dlp processes) against the very
 * same 20 yt-dlp command lines run one after another by bare yt-dlp. A second round queues the
 * 20 as one request (one job, one yt-dlp process) against that one command line.
 *
 * The service's yt-dlp is a wrapper that records each argv before exec'ing yt-dlp, so the bare
 * run replays exactly what the service ran (paths moved to a fresh folder), through an identical
 * wrapper so its few milliseconds of bash count on both sides. The service's own metadata lookups
 * (`--dump-single-json`, for the response's `video` object when a job cannot start soon) are
 * counted as service overhead, as are finalizing (NFO, thumbnail, moves) and bookkeeping.
 * Neither side is pinned to a core.
 *
 * The service's time runs from the first request to the moment the round's last job was saved as
 * finished: the `time` of its "Download job finished" log line (the UI hears of it over the
 * WebSocket then). Polling the job list only confirms it, so its interval adds nothing.
 *
 * Each round runs BENCH_REPS times (default 3) on each side, alternating which side goes first,
 * each service run with videos it never downloaded, each bare run in a fresh folder. On a shared
 * machine the load changes within seconds, so the verdict compares the best run of each side (the
 * run least disturbed by others); the median of each side is printed beside it.
 *
 * Issue 19's targets, printed beside each figure: each round within 5% of bare yt-dlp, and the
 * server process's RSS during a 20-video job under 160 MiB (sampled every 100 ms during the round;
 * the whole tree, server plus yt-dlp and ffmpeg children, is printed beside it).
 */
const VIDEOS = 20;
const PORT = 3191;
/** Issue 19: a round within 5% of bare yt-dlp; the server under 160 MiB during a 20-video job. */
const OVERHEAD_TARGET_PERCENT = 5;
const SERVER_RSS_TARGET_MIB = 160;

interface Round {
  label: string;
  /** One figure per repetition, in the order they ran. */
  serviceMs: number[];
  bareMs: number[];
  serverPeakMiB: number;
  serviceTreePeakMiB: number;
  serverCpuS: number[];
  /** Per service run: where its time went. */
  timeline: Timeline[];
  /** Per bare run: the time its yt-dlp processes ran. */
  bareYtdlpMs: number[];
  bareTreePeakMiB: number;
  downloads: number;
  lookups: number;
}

/** Repetitions of each round (BENCH_REPS, default 3), service and bare alternating which goes first. */
const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 3));

/** A yt-dlp build the bench runs with: both the service and bare yt-dlp use it. */
interface Build {
  label: string;
  binary: string;
  version: string;
}

/**
 * Issue 30: the bench runs against both yt-dlp builds the tests use, the current release pinned
 * in tests/ytdlp-version.txt and Debian's (the oldest supported), and prints both.
 */
function builds(): Build[] {
  const versionOf = (binary: string) => execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const current = join(ensureCurrentYtDlp(), 'yt-dlp');
  return [
    { label: 'current release (tests/ytdlp-version.txt)', binary: current, version: versionOf(current) },
    { label: "Debian's package (the oldest supported)", binary: FLOOR_YTDLP, version: versionOf(FLOOR_YTDLP) },
  ];
}

export default async function downloadBench(): Promise<void> {
  for (const build of builds()) await benchWith(build);
}

async function benchWith(build: Build): Promise<void> {
  finishedAt.clear();
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-bench-dl-'));
  const channelId = fakeChannelId('bench');
  // Fresh videos for every service run (none is a re-download), plus one to warm up.
  const ids = Array.from({ length: VIDEOS * 2 * REPS + 1 }, (_, i) => fakeVideoId(`bench-${i}`));
  let used = 0;
  const freshIds = (n: number) => ids.slice(used, (used += n));
  const platform = await startFakePlatform({
    mediaDurationSeconds: 5,
    videos: ids.map((id, i) => ({
      id,
      title: `Bench video ${i + 1}`,
      channelId,
      channel: 'Bench Channel',
      handle: '@bench',
    })),
  });
  const argvDir = join(dir, 'argv');
  await mkdir(argvDir, { recursive: true });
  // NUL-separated argv, one file per invocation, named by start time so they replay in order,
  // and the start and end of each (epoch ns) in `times`.
  const recordingWrapper = async (name: string, into: string) => {
    const path = join(dir, name);
    await writeFile(
      path,
      [
        '#!/bin/bash',
        'start=$(date +%s%N)',
        `printf '%s\\0' "$@" > "${into}/$start-$$"`,
        `"${build.binary}" "$@"`,
        'rc=$?',
        `echo "$start-$$ $start $(date +%s%N)" >> "${into}/${TIMES}"`,
        'exit $rc',
        '',
      ].join('\n'),
    );
    await chmod(path, 0o755);
    return path;
  };
  const wrapper = await recordingWrapper('yt-dlp-recording', argvDir);
  // The bare runs go through the same wrapper (into their own folder): equal start costs.
  const bareArgvDir = join(dir, 'argv-bare');
  await mkdir(bareArgvDir);
  const bareWrapper = await recordingWrapper('yt-dlp-bare', bareArgvDir);

  const username = 'bench';
  const password = 'bench-password-123';
  const serviceRoot = join(dir, 'service');
  const server = await startBenchServer(
    {
      ...platform.env,
      CONFIG_DIR: join(serviceRoot, 'config'),
      SOURCE_OUTPUT_DIR: join(serviceRoot, 'data'),
      AUTH_PRESET_USERNAME: username,
      AUTH_PRESET_PASSWORD: password,
      LOG_LEVEL: 'info',
    },
    PORT,
    { pin: false, onLogLine: readLogLine },
  );
  const rounds: Round[] = [];
  let serverPeak = 0;
  let idle = 0;
  let bareRuns = 0;
  try {
    await new Promise((r) => setTimeout(r, 2000));
    idle = memoryOf(server.pid).rssMiB;
    const { token } = await post(`${server.url}/auth/login`, { username, password });
    const headers = { 'x-access-token': token, 'content-type': 'application/json' };
    const patch = await fetch(`${server.url}/api/config`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ ytdlpPath: wrapper, sleepRequests: 0, downloadRetryCount: 0 }),
    });
    if (!patch.ok) throw new Error(`config: ${patch.status} ${await patch.text()}`);

    // Warm caches on both sides (Python bytecode, the fixture's ffmpeg media) with one video.
    await runService(server.url, headers, freshIds(1), 'separate');
    await rm(argvDir, { recursive: true });
    await mkdir(argvDir);

    /** Bare yt-dlp replays the service's first recorded run of the round, in a fresh folder. */
    const bare = async (replay: string[][]) => {
      const bareRoot = join(dir, `bare-${bareRuns++}`);
      await mkdir(join(bareRoot, 'config'), { recursive: true });
      const r = await runBare(
        bareWrapper,
        replay.map((argv) => argv.map((a) => a.split(serviceRoot).join(bareRoot))),
        platform,
      );
      await rm(bareRoot, { recursive: true, force: true });
      const { runs } = await readRecorded(bareArgvDir);
      await rm(bareArgvDir, { recursive: true });
      await mkdir(bareArgvDir);
      return { ...r, ytdlpMs: sum(runs.map((x) => x.end - x.start)) };
    };

    for (const [label, mode] of [
      [`${VIDEOS} requests, ${VIDEOS} jobs`, 'separate'],
      [`1 request of ${VIDEOS} URLs, 1 job`, 'batch'],
    ] as const) {
      const round: Round = {
        label,
        serviceMs: [],
        bareMs: [],
        serverPeakMiB: 0,
        serviceTreePeakMiB: 0,
        serverCpuS: [],
        timeline: [],
        bareYtdlpMs: [],
        bareTreePeakMiB: 0,
        downloads: 0,
        lookups: 0,
      };
      let replay: string[][] | null = null;
      const runBareOnce = async () => {
        const b = await bare(replay!);
        round.bareMs.push(b.ms);
        round.bareYtdlpMs.push(b.ytdlpMs);
        round.bareTreePeakMiB = Math.max(round.bareTreePeakMiB, b.treePeakMiB);
      };
      for (let rep = 0; rep < REPS; rep++) {
        // Every other repetition runs bare first, so a change in the machine's load does not
        // always fall on the same side.
        const bareFirst = replay !== null && rep % 2 === 1;
        if (bareFirst) await runBareOnce();
        const sampler = treeSampler(server.pid);
        const cpu0 = cpuSeconds(server.pid);
        const t0 = Date.now();
        const jobIds = await runService(server.url, headers, freshIds(VIDEOS), mode);
        const end = Math.max(...jobIds.map((id) => finishedAt.get(id) ?? Date.now()));
        round.serviceMs.push(end - t0);
        const peaks = sampler.stop();
        round.serverPeakMiB = Math.max(round.serverPeakMiB, peaks.rootPeakMiB);
        round.serviceTreePeakMiB = Math.max(round.serviceTreePeakMiB, peaks.treePeakMiB);
        round.serverCpuS.push(cpuSeconds(server.pid) - cpu0);
        const recorded = await readRecorded(argvDir);
        await rm(argvDir, { recursive: true });
        await mkdir(argvDir);
        const { downloads, runs } = recorded;
        round.downloads = Math.max(round.downloads, downloads.length);
        round.lookups = Math.max(round.lookups, recorded.lookups);
        round.timeline.push(timeline(t0, end, runs));
        replay ??= downloads;
        if (!bareFirst) await runBareOnce();
      }
      rounds.push(round);
    }
    serverPeak = memoryOf(server.pid).peakMiB;
  } finally {
    await server.stop();
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  }

  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  const seconds = (ms: number[]) => ms.map((m) => fmt(m / 1000, 2)).join(', ');
  const percent = (p: number) => `${p >= 0 ? '+' : ''}${fmt(p, 1)}%`;
  console.log(
    `\ndownload benchmark with yt-dlp ${build.version}, ${build.label}: ${VIDEOS} fixture videos of 5 s (360p and 720p formats, 720p chosen), real yt-dlp and ffmpeg, nothing pinned, ${REPS} repetitions per side`,
  );
  console.log(
    '| round | service s (each run) | bare yt-dlp s (each run) | overhead, best vs best | target | | overhead, median vs median | yt-dlp downloads / lookups per run | Node CPU s per run (median) | server RSS peak MiB | target | | tree RSS peak service / bare MiB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rounds) {
    const best = (Math.min(...r.serviceMs) / Math.min(...r.bareMs) - 1) * 100;
    const typical = (medianOf(r.serviceMs) / medianOf(r.bareMs) - 1) * 100;
    console.log(
      `| ${r.label} | ${seconds(r.serviceMs)} | ${seconds(r.bareMs)} | ${percent(best)} | ≤ +${OVERHEAD_TARGET_PERCENT}% | ${verdict(best <= OVERHEAD_TARGET_PERCENT)} | ${percent(typical)} | ${r.downloads} / ${r.lookups} | ${fmt(medianOf(r.serverCpuS), 2)} | ${fmt(r.serverPeakMiB)} | < ${SERVER_RSS_TARGET_MIB} | ${verdict(r.serverPeakMiB < SERVER_RSS_TARGET_MIB)} | ${fmt(r.serviceTreePeakMiB)} / ${fmt(r.bareTreePeakMiB)} |`,
    );
  }
  console.log(
    `server process: idle RSS ${fmt(idle)} MiB before downloads, lifetime peak RSS (VmHWM, start-up included) ${fmt(serverPeak)} MiB`,
  );
  console.log(
    '\nwhere each service run went (ms): before its first yt-dlp started | yt-dlp processes running (sum) | between one yt-dlp exit and the next start (sum; negative = overlap) | after the last yt-dlp exit; bare yt-dlp processes running (sum), same run number',
  );
  console.log('| round | run | before | yt-dlp running | between | after | bare yt-dlp running |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rounds)
    r.timeline.forEach((t, i) =>
      console.log(
        `| ${r.label} | ${i + 1} | ${fmt(t.beforeMs)} | ${fmt(t.ytdlpMs)} | ${fmt(t.betweenMs)} | ${fmt(t.afterMs)} | ${fmt(r.bareYtdlpMs[i] ?? 0)} |`,
      ),
    );
}

/** Name of the wrapper's file of start and end times. */
const TIMES = 'times';

interface Timeline {
  beforeMs: number;
  ytdlpMs: number;
  betweenMs: number;
  afterMs: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A service run from its first request (t0) to its last job's end, split around its yt-dlp runs. */
function timeline(t0: number, end: number, runs: { start: number; end: number }[]): Timeline {
  if (runs.length === 0) return { beforeMs: end - t0, ytdlpMs: 0, betweenMs: 0, afterMs: 0 };
  return {
    beforeMs: runs[0]!.start - t0,
    ytdlpMs: sum(runs.map((r) => r.end - r.start)),
    betweenMs: sum(runs.slice(1).map((r, i) => r.start - runs[i]!.end)),
    afterMs: end - runs[runs.length - 1]!.end,
  };
}

/** Median of unsorted figures. */
const medianOf = (values: number[]): number => median([...values].sort((x, y) => x - y));

/**
 * Queues `ids` (one request each, or one request for all), waits until no job is active and
 * every job has logged its end, checks that all completed, and returns the jobs' ids.
 */
async function runService(
  url: string,
  headers: Record<string, string>,
  ids: readonly string[],
  mode: 'separate' | 'batch',
): Promise<string[]> {
  const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
  const bodies = mode === 'batch' ? [{ urls: ids.map(watch) }] : ids.map((id) => ({ url: watch(id) }));
  const jobIds: string[] = [];
  for (const body of bodies) {
    const res = await fetch(`${url}/api/videos/download`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`download: ${res.status} ${await res.text()}`);
    jobIds.push(((await res.json()) as { jobId: string }).jobId);
  }
  for (;;) {
    const res = await fetch(`${url}/api/jobs?status=active&pageSize=1`, { headers });
    const { total } = (await res.json()) as { total: number };
    if (total === 0 && jobIds.every((id) => finishedAt.has(id))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const res = await fetch(`${url}/api/jobs?pageSize=${ids.length}`, { headers });
  const { jobs } = (await res.json()) as { jobs: { id: string; status: string }[] };
  const bad = jobs.filter((j) => j.status !== 'completed');
  if (bad.length) {
    const details = await Promise.all(
      bad.map(async (j) => (await fetch(`${url}/api/jobs/${j.id}`, { headers })).json()),
    );
    throw new Error(`jobs did not complete: ${JSON.stringify(details, null, 1)}`);
  }
  return jobIds;
}

/** User plus system CPU time of one process (not its children), in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * What the recording wrapper saw in `dir`: the download command lines in start order, how many
 * metadata lookups ran, and when each download ran (epoch ms).
 */
async function readRecorded(
  dir: string,
): Promise<{ downloads: string[][]; lookups: number; runs: { start: number; end: number }[] }> {
  const files = (await readdir(dir)).filter((f) => f !== TIMES).sort();
  const argvs = new Map(
    await Promise.all(
      files.map(async (f) => [f, (await readFile(join(dir, f), 'utf8')).split('\0').slice(0, -1)] as const),
    ),
  );
  const isLookup = (argv: string[]) => argv.includes('--dump-single-json');
  const times = (await readFile(join(dir, TIMES), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
  const runs = times
    .filter(([name]) => !isLookup(argvs.get(name!) ?? []))
    .map(([, start, end]) => ({ start: Number(BigInt(start!) / 1_000_000n), end: Number(BigInt(end!) / 1_000_000n) }))
    .sort((a, b) => a.start - b.start);
  const downloads = files.map((f) => argvs.get(f)!).filter((argv) => !isLookup(argv));
  return { downloads, lookups: files.length - downloads.length, runs };
}

/** Runs each argv with bare yt-dlp, one after another, as the service's queue does. */
async function runBare(
  ytdlp: string,
  argvs: string[][],
  platform: FakePlatform,
): Promise<{ ms: number; treePeakMiB: number }> {
  let peak = 0;
  const t0 = performance.now();
  for (const argv of argvs) {
    const child = spawn(ytdlp, argv, {
      env: { ...process.env, ...platform.env, PYTHONWARNINGS: 'ignore' },
      stdio: 'ignore',
    });
    const sampler = treeSampler(child.pid!);
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    peak = Math.max(peak, sampler.stop().treePeakMiB);
    if (code !== 0) throw new Error(`bare yt-dlp exited with ${code}: ${argv.join(' ')}`);
  }
  return { ms: performance.now() - t0, treePeakMiB: peak };
}

/**
 * Samples every 100 ms the RSS of `pid` alone and summed with all its descendants; `stop()`
 * returns both peaks.
 */
function treeSampler(pid: number): { stop(): { treePeakMiB: number; rootPeakMiB: number } } {
  let treePeakMiB = 0;
  let rootPeakMiB = 0;
  const sample = () => {
    treePeakMiB = Math.max(treePeakMiB, treeRssMiB(pid));
    rootPeakMiB = Math.max(rootPeakMiB, memoryOf(pid).rssMiB);
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { treePeakMiB, rootPeakMiB };
    },
  };
}
