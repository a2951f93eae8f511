import http from 'node:http';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, SERVER_COMMAND } from '../helpers/server-process.js';

export { REPO_ROOT };

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return true;
  } catch {
    return false;
  }
})();

/** Prefix that pins a command to one CPU core when `taskset` is available. */
export const pinned = (core: number, cmd: string[]): string[] =>
  hasTaskset ? ['taskset', '-c', String(core), ...cmd] : cmd;

export interface BenchServer {
  child: ChildProcess;
  url: string;
  pid: number;
  startMs: number;
  stop(): Promise<void>;
}

/**
 * A load generator sends far more than the general API limit (`apiRateLimitPerMinute`, 1200 per
 * minute per address) from one address: the benchmarks measure the routes, not 429 answers, so
 * the limit is switched off in the configuration of the server they start.
 */
function withoutApiRateLimit(configDir: string): void {
  const file = join(configDir, 'config.json');
  const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  if (current.apiRateLimitPerMinute === 0) return;
  mkdirSync(configDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...current, apiRateLimitPerMinute: 0 }, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Starts the server as `npm start` does, pinned to core 0 unless `pin` is false (children inherit
 * the pinning, so benchmarks of work done by child processes leave it off), and waits for its
 * first HTTP answer.
 */
export async function startBenchServer(
  env: Record<string, string>,
  port: number,
  options: { pin?: boolean; onLogLine?: (line: string) => void } = {},
): Promise<BenchServer> {
  if (env.CONFIG_DIR) withoutApiRateLimit(env.CONFIG_DIR);
  const t0 = performance.now();
  const cmd = options.pin === false ? SERVER_COMMAND : pinned(0, SERVER_COMMAND);
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', options.onLogLine ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.onLogLine && child.stdout) {
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) options.onLogLine!(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/setup/status`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - t0;
  // With taskset the child is taskset's exec'd process (same pid).
  return {
    child,
    url,
    pid: child.pid!,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident set size of a process, in MiB (`VmRSS`), and its peak (`VmHWM`). */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  statusCounts: Record<string, number>;
  total: number;
}

/**
 * Runs autocannon in a separate process pinned to core 1 (so client and server do not share a
 * core) and returns its figures.
 */
export function load(options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
}): LoadResult {
  const args = [
    `${REPO_ROOT}node_modules/autocannon/autocannon.js`,
    '-j',
    '-c',
    String(options.connections ?? 50),
    '-d',
    String(options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 10)),
    '-m',
    options.method ?? 'GET',
  ];
  for (const [k, v] of Object.entries(options.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (options.body) args.push('-b', options.body, '-H', 'content-type=application/json');
  args.push(options.url);
  const cmd = pinned(1, [process.execPath, ...args]);
  const out = execFileSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(out) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    statusCodeStats?: Record<string, { count: number }>;
  };
  const statusCounts: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statusCounts[code] = s.count;
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    statusCounts,
    total: r.requests.total,
  };
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The machine floor printed beside figures: the median of 7 runs of `node -e 0`, in ms. */
export function nodeFloorMs(): number {
  const runs = Array.from({ length: 7 }, () => {
    const t = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    return performance.now() - t;
  }).sort((a, b) => a - b);
  return median(runs);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Summed RSS (MiB) of a process and all its descendants. */
export function treeRssMiB(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0);
      rss.set(Number(name), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* ended while we read */
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const p = stack.pop()!;
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total / 1024;
}

// -------------------------------------------------------------------------------------------
// Sequential latency (the benchmark anchor's method)

/** Warm-up and timed requests of one sequential measurement. */
export const WARMUP = 20;
export const TIMED = 200;

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export function get(agent: http.Agent, url: string, keep = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        if (keep) chunks.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: keep ? Buffer.concat(chunks).toString('utf8') : '',
          ms: performance.now() - t0,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export const nearestRank = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const median = (sorted: number[]) =>
  sorted.length % 2
    ? sorted[(sorted.length - 1) / 2]!
    : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;

/** Null when the answer is right, else what is wrong with it. */
export type Check = (body: any) => string | null;

export interface SequentialResult {
  medianMs: number;
  p95Ms: number;
  rps: number;
  non200: number;
  requests: number;
  check: string;
}

/** Check request, 20 warm-up, 200 timed requests on one keep-alive connection. */
export async function sequential(agent: http.Agent, url: string, check: Check): Promise<SequentialResult> {
  const first = await get(agent, url, true);
  let non200 = first.status === 200 ? 0 : 1;
  let checkResult: string;
  try {
    checkResult =
      first.status !== 200
        ? `status ${first.status}: ${first.body.slice(0, 200)}`
        : (check(JSON.parse(first.body)) ?? 'ok');
  } catch (err) {
    checkResult = `threw ${(err as Error).message}`;
  }
  for (let i = 0; i < WARMUP; i++) if ((await get(agent, url)).status !== 200) non200++;
  const timed = await timeRequests(
    agent,
    Array.from({ length: TIMED }, () => url),
  );
  return { ...timed, non200: non200 + timed.non200, requests: 1 + WARMUP + TIMED, check: checkResult };
}

/** One request to each URL in turn, timed: median, p95 (nearest rank), requests per second, non-200 answers. */
export async function timeRequests(agent: http.Agent, urls: string[]): Promise<Omit<SequentialResult, 'check'>> {
  const times: number[] = [];
  let non200 = 0;
  const t0 = performance.now();
  for (const url of urls) {
    const r = await get(agent, url);
    if (r.status !== 200) non200++;
    times.push(r.ms);
  }
  const elapsed = performance.now() - t0;
  times.sort((a, b) => a - b);
  return {
    medianMs: median(times),
    p95Ms: nearestRank(times, 95),
    rps: urls.length / (elapsed / 1000),
    non200,
    requests: urls.length,
  };
}
