import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildTestApp } from '@vidkeep/core/testing';
import { definePlugin } from '@vidkeep/core/plugin-api';
import { schedulerServiceRef } from '@vidkeep/contracts';
import { fmt } from './lib.js';

/**
 * Scheduler overhead: RSS and event-loop delay of an idle app without the scheduler, with it and
 * its built-in tasks, and with 20 more registered tasks (10 main-thread, 10 worker), all armed
 * with yearly schedules that never fire during the measurement.
 * Each variant boots in this process in turn, so absolute RSS includes the benchmark itself:
 * read the differences.
 */
const SETTLE_MS = 1500;
const MEASURE_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

async function measure(label: string, manifest: unknown, extraTasks: number, dir: string) {
  const tasks = definePlugin({
    id: 'bench-tasks',
    version: '1.0.0',
    core: '^1.0.0',
    optionalDependsOn: ['scheduler'],
    optionalConsumes: [schedulerServiceRef],
    register(ctx) {
      const scheduler = ctx.tryResolve(schedulerServiceRef);
      if (!scheduler) return;
      for (let i = 0; i < extraTasks; i++) {
        const common = { key: `bench-tasks.task-${i}`, title: `Task ${i}`, defaultSchedule: `${i % 60} 0 1 1 *` };
        if (i % 2 === 0) scheduler.register({ ...common, run: async () => ({ outcome: 'ok' }) });
        else scheduler.register({ ...common, worker: join(dir, 'noop.worker.mjs') });
      }
    },
  });
  global.gc?.();
  const t = await buildTestApp({
    manifest,
    extraPlugins: [{ definition: tasks }],
    logLevel: 'warn',
    dir: await mkdtemp(join(dir, 'app-')),
  });
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  global.gc?.();
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  h.disable();
  const rss = process.memoryUsage().rss / 1024 / 1024;
  await t.close();
  return { label, rss, p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 };
}

export default async function schedulerBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vidkeep-bench-sched-'));
  await writeFile(
    join(dir, 'noop.worker.mjs'),
    "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ type: 'result', result: {} });\n",
  );
  const base = [
    { id: 'auth', package: '@vidkeep/plugin-auth', enabled: true, options: {} },
    { id: 'library', package: '@vidkeep/plugin-library', enabled: true, options: {} },
    { id: 'downloader', package: '@vidkeep/plugin-downloader', enabled: true, options: {} },
  ];
  const withScheduler = [
    { id: 'scheduler', package: '@vidkeep/plugin-scheduler', enabled: true, options: {} },
    ...base,
  ];
  try {
    const rows = [
      await measure('no scheduler plugin', { version: 1, plugins: base }, 0, dir),
      await measure('scheduler, 2 built-in tasks', { version: 1, plugins: withScheduler }, 0, dir),
      await measure('scheduler, 2 built-in + 20 registered tasks', { version: 1, plugins: withScheduler }, 20, dir),
    ];
    console.log(
      `\nscheduler benchmark (idle for ${MEASURE_MS / 1000} s, sampled every 1 ms (the floor of the figures), after ${SETTLE_MS / 1000} s settling; one process, variants in turn)`,
    );
    console.log('| variant | RSS MiB | event-loop delay p50 / p99 / max ms |');
    console.log('|---|---|---|');
    for (const r of rows)
      console.log(`| ${r.label} | ${fmt(r.rss)} | ${fmt(r.p50, 2)} / ${fmt(r.p99, 2)} / ${fmt(r.max, 2)} |`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
