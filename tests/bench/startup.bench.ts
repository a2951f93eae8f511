import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_COMMAND } from '../helpers/server-process.js';
import { fmt, memoryOf, REPO_ROOT } from './lib.js';

/**
 * Start-up and idle footprint, as a new user runs the service:
 * - `npm start` to the first HTTP answer (`GET /setup/status` 200) on a first start (empty config:
 *   the database is created and every migration applied) and once started before (built,
 *   migrations applied); `npm start` includes npm itself and the build staleness check;
 * - once built, also without the dependencies' code cache (Node 20: written to CONFIG_DIR/cache
 *   1 s after a start; see core/src/code-cache.ts), as on the first start after an upgrade;
 * - the same for the server process alone (`node <start flags> core/dist/server.js`);
 * - where the server's own start went (the `startup` field of its "listening" log line:
 *   loading modules, building the app, listening);
 * - idle RSS of the service with an empty library, 5 s after its first answer (every run of the
 *   server alone) and 15 s after it (the last run).
 * Runs are sequential and unpinned; each figure is the median of RUNS (and the fastest).
 */
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const PORT = 3193;

interface Started {
  child: ChildProcess;
  ms: number;
  startup: { modulesMs: number; buildMs: number; listenMs: number } | null;
  /** Modules compiled from the code cache / without it ('node': Node's own cache, Node 22+). */
  codeCache: { hits: number; misses: number } | 'node' | null;
}

async function start(cmd: string[], env: Record<string, string>): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd: REPO_ROOT,
    // Own process group, so npm and the server it starts stop together.
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let startup: Started['startup'] = null;
  let codeCache: Started['codeCache'] = null;
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"startup"')) continue;
      try {
        ({ startup, codeCache } = JSON.parse(line) as Pick<Started, 'startup' | 'codeCache'>);
      } catch {
        /* not a log line */
      }
    }
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/setup/status`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - t0;
  // The log line is written right after listening; give the pipe a moment.
  for (let i = 0; i < 50 && !startup; i++) await new Promise((r) => setTimeout(r, 10));
  return { child, ms, startup, codeCache };
}

async function stop(s: Started): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  process.kill(-s.child.pid!, 'SIGTERM');
  await exited;
  // npm exits first; wait until the server it started has let go of the port.
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${PORT}/setup/status`);
      await new Promise((r) => setTimeout(r, 10));
    } catch {
      return;
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function startupBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-bench-start-'));
  const npmStart = ['npm', 'start', '--silent'];
  const rows: { label: string; runs: Started[]; target: number | null }[] = [];
  try {
    const envFor = (name: string) => ({
      CONFIG_DIR: join(dir, name, 'config'),
      SOURCE_OUTPUT_DIR: join(dir, name, 'data'),
    });

    /** RUNS starts of `npm start`, each stopped at its first answer (`before` runs ahead of each). */
    const series = async (envName: (i: number) => string, before?: () => Promise<void>) => {
      const runs: Started[] = [];
      for (let i = 0; i < RUNS; i++) {
        await before?.();
        const s = await start(npmStart, envFor(envName(i)));
        runs.push(s);
        await stop(s);
      }
      return runs;
    };

    const first = await series((i) => `first-${i}`);
    rows.push({ label: '`npm start`, first start (empty config, all migrations)', runs: first, target: 1500 });

    // A restart without the dependencies' code cache (Node 20: CONFIG_DIR/cache, written 1 s
    // after a start): the first start after an upgrade of the dependencies.
    const cacheDir = join(envFor('first-0').CONFIG_DIR, 'cache');
    const uncached = await series(
      () => 'first-0',
      () => rm(cacheDir, { recursive: true, force: true }),
    );
    rows.push({ label: '`npm start`, built, migrations applied, no code cache yet', runs: uncached, target: null });

    // A service that ran before: one start that lives until its code cache is written.
    const warm = await start(npmStart, envFor('first-0'));
    for (let i = 0; i < 100 && warm.codeCache !== 'node'; i++) {
      if ((await readdir(cacheDir).catch(() => [])).length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await stop(warm);

    const again = await series(() => 'first-0');
    rows.push({ label: '`npm start`, built, migrations applied', runs: again, target: 1000 });

    // Idle RSS 5 s after the first answer in every run (it varies by ~10 MiB with whether a full
    // GC ran by then), and once more 15 s after it in the last run, when V8's memory reducer
    // (8 s after the start's last full GC) has shrunk the heap.
    const bare: Started[] = [];
    const idle: number[] = [];
    let settled = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = await start(SERVER_COMMAND, envFor('first-0'));
      bare.push(s);
      await new Promise((r) => setTimeout(r, 5000));
      idle.push(memoryOf(s.child.pid!).rssMiB);
      if (i === RUNS - 1) {
        await new Promise((r) => setTimeout(r, 10_000));
        settled = memoryOf(s.child.pid!).rssMiB;
      }
      await stop(s);
    }
    rows.push({ label: 'server alone (`node` + start flags + `core/dist/server.js`)', runs: bare, target: null });

    console.log(`\nstart to first HTTP answer (GET /setup/status), ${RUNS} runs each, unpinned`);
    console.log(
      '| start | median | fastest | modules / build / listen (median, server log) | code cache hits / misses | target | met |',
    );
    console.log('|---|---:|---:|---|---|---|---|');
    for (const r of rows) {
      const ms = r.runs.map((s) => s.ms);
      const part = (k: 'modulesMs' | 'buildMs' | 'listenMs') =>
        fmt(median(r.runs.map((s) => s.startup?.[k] ?? Number.NaN)));
      const target = r.target === null ? '—' : `< ${fmt(r.target)} ms`;
      const met = r.target === null ? '—' : median(ms) < r.target ? 'yes' : 'NO';
      const cache = r.runs[r.runs.length - 1]!.codeCache;
      const cached =
        cache === null ? '?' : cache === 'node' ? "Node's own" : `${fmt(cache.hits)} / ${fmt(cache.misses)}`;
      console.log(
        `| ${r.label} | ${fmt(median(ms))} ms | ${fmt(Math.min(...ms))} ms | ${part('modulesMs')} / ${part('buildMs')} / ${part('listenMs')} ms | ${cached} | ${target} | ${met} |`,
      );
    }
    const idleMiB = median(idle);
    console.log(
      `\n| figure | vidkeep | target | met |\n|---|---:|---|---|\n` +
        `| idle RSS, empty library, 5 s after the first answer (median of ${RUNS}; range ${fmt(Math.min(...idle), 1)}-${fmt(Math.max(...idle), 1)}) | ${fmt(idleMiB, 1)} MiB | < 100 MiB | ${idleMiB < 100 ? 'yes' : 'NO'} |\n` +
        `| idle RSS, empty library, 15 s after the first answer (last run) | ${fmt(settled, 1)} MiB | < 100 MiB | ${settled < 100 ? 'yes' : 'NO'} |`,
    );
    console.log(`start flags: ${SERVER_COMMAND.slice(1, -1).join(' ') || '(none)'}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
