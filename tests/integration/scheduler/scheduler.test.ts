import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import type { ScheduleEntry, ScheduleList, TaskRun, TaskRunList } from '@vidkeep/contracts';
import { REPO_ROOT, startServer, type ServerProcess } from '../../helpers/server-process.js';

const MANIFEST = join(REPO_ROOT, 'tests/fixtures/scheduler/manifest.json');
const h = new TestHarness();
afterEach(() => h.closeAll());
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.stop('SIGKILL');
});

interface App {
  t: TestApp;
  headers: { 'x-access-token': string };
}

async function boot(options: { dir?: string } = {}): Promise<App> {
  const t = await h.boot({ manifestPath: MANIFEST, dir: options.dir });
  const token = await completeSetup(t);
  return { t, headers: { 'x-access-token': token } };
}

async function run(app: App, key: string) {
  return app.t.app.inject({ method: 'POST', url: `/api/schedules/${key}/run`, headers: app.headers });
}

async function runs(app: App, key: string, query = ''): Promise<TaskRunList> {
  return (
    await app.t.app.inject({ url: `/api/schedules/${key}/runs${query}`, headers: app.headers })
  ).json<TaskRunList>();
}

/** Waits until the task's newest run is finished and returns it. */
async function finished(app: App, key: string, timeoutMs = 15_000): Promise<TaskRun> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const last = (await runs(app, key, '?pageSize=1')).runs[0];
    if (last && last.status !== 'running') return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${key} did not finish`);
}

async function schedule(app: App, key: string): Promise<ScheduleEntry> {
  const list = (await app.t.app.inject({ url: '/api/schedules', headers: app.headers })).json<ScheduleList>();
  return list.schedules.find((s) => s.key === key)!;
}

describe('GET /api/schedules', () => {
  it('lists the tasks plugins registered, with schedule, next run and last run', async () => {
    const app = await boot();
    const res = await app.t.app.inject({ url: '/api/schedules', headers: app.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<ScheduleList>();
    const cleanup = list.schedules.find((s) => s.key === 'auth.session-cleanup')!;
    expect(cleanup).toMatchObject({
      plugin: 'auth',
      kind: 'main-thread',
      schedule: '0 3 * * *',
      enabled: true,
      running: false,
      lastRun: null,
    });
    const next = new Date(cleanup.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getHours()).toBe(3);
    expect(next.getMinutes()).toBe(0);
    expect(list.schedules.find((s) => s.key === 'fixture.quick')).toMatchObject({
      kind: 'worker',
      allowOverlap: false,
    });
    expect(list.schedules.find((s) => s.key === 'fixture.every-minute')).toMatchObject({
      enabled: false,
      nextRunAt: null,
    });
  });

  it('needs a session', async () => {
    const app = await boot();
    expect((await app.t.app.inject({ url: '/api/schedules' })).statusCode).toBe(403);
  });
});

describe('manual runs', () => {
  it('run a worker in a thread, pass data both ways and record the result', async () => {
    const app = await boot();
    const res = await run(app, 'fixture.quick');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      success: true,
      run: { taskKey: 'fixture.quick', triggerType: 'manual', status: 'running' },
    });
    const last = await finished(app, 'fixture.quick');
    expect(last).toMatchObject({ status: 'success', outcome: 'done', message: 'Handled 3 rows', details: { rows: 3 } });
    expect(last.finishedAt).not.toBeNull();
    const fixture = (globalThis as { __schedulerFixture?: { received: unknown[] } }).__schedulerFixture!;
    expect(fixture.received.at(-1)).toEqual({ rows: [1, 2, 3], echo: { hello: 'worker' } });
    expect((await schedule(app, 'fixture.quick')).lastRun).toMatchObject({ id: last.id, status: 'success' });
  });

  it('refuse a second run of a running task with 409, and allow it again afterwards', async () => {
    const app = await boot();
    expect((await run(app, 'fixture.slow')).statusCode).toBe(202);
    const again = await run(app, 'fixture.slow');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SCHEDULER_TASK_RUNNING' });
    expect((await schedule(app, 'fixture.slow')).running).toBe(true);
    expect(await finished(app, 'fixture.slow')).toMatchObject({ status: 'success', outcome: 'slept' });
    expect((await run(app, 'fixture.slow')).statusCode).toBe(202);
  });

  it('record a task that throws as error and keep the scheduler working', async () => {
    const app = await boot();
    await run(app, 'fixture.throws');
    expect(await finished(app, 'fixture.throws')).toMatchObject({ status: 'error', message: 'boom' });
    await run(app, 'fixture.quick');
    expect(await finished(app, 'fixture.quick')).toMatchObject({ status: 'success' });
  });

  it('record a crashing worker, and run it again next time', async () => {
    const app = await boot();
    await run(app, 'fixture.crash');
    const crash = await finished(app, 'fixture.crash');
    expect(crash.status).toBe('error');
    expect(crash.message).toContain('worker exploded');
    await run(app, 'fixture.exit');
    expect(await finished(app, 'fixture.exit')).toMatchObject({
      status: 'error',
      message: expect.stringContaining('exited with code 3'),
    });
    // The crashed worker is gone: the task runs again.
    expect((await run(app, 'fixture.crash')).statusCode).toBe(202);
    expect((await finished(app, 'fixture.crash')).status).toBe('error');
    expect((await runs(app, 'fixture.crash')).total).toBe(2);
  });

  it('stop a worker that outlives its time limit', async () => {
    const app = await boot();
    await run(app, 'fixture.hang');
    const last = await finished(app, 'fixture.hang');
    expect(last).toMatchObject({ status: 'error', message: expect.stringContaining('longer than') });
    expect((await run(app, 'fixture.hang')).statusCode).toBe(202);
  });

  it('record a skip decided before the worker starts', async () => {
    const app = await boot();
    await run(app, 'fixture.skip');
    expect(await finished(app, 'fixture.skip')).toMatchObject({ status: 'skipped', message: 'Nothing to do today' });
  });

  it('answer 404 for an unknown task and 400 for a malformed key', async () => {
    const app = await boot();
    expect((await run(app, 'fixture.nope')).statusCode).toBe(404);
    expect((await run(app, 'NOT A KEY')).statusCode).toBe(400);
    expect((await app.t.app.inject({ url: '/api/schedules/fixture.nope/runs', headers: app.headers })).statusCode).toBe(
      404,
    );
  });

  it('run the session cleanup of the auth plugin', async () => {
    const app = await boot();
    await run(app, 'auth.session-cleanup');
    expect(await finished(app, 'auth.session-cleanup')).toMatchObject({ status: 'success', details: { removed: 0 } });
  });
});

describe('changing schedules', () => {
  it('validates cron, saves the change in config.json, and can disable and restore', async () => {
    const app = await boot();
    const patch = (payload: unknown) =>
      app.t.app.inject({
        method: 'PATCH',
        url: '/api/schedules/auth.session-cleanup',
        headers: app.headers,
        payload: payload as object,
      });

    for (const bad of ['61 * * * *', '* * *', '0 0 31 2 *', '*/0 * * * *', 'a b c d e']) {
      const res = await patch({ cron: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toMatch(/^Invalid schedule/);
    }
    expect((await patch({ cron: '0 3 * * *', extra: 1 })).statusCode).toBe(400);

    const ok = await patch({ cron: '30  5 * * mon-fri' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().schedule).toMatchObject({
      schedule: '30 5 * * mon-fri',
      defaultSchedule: '0 3 * * *',
      enabled: true,
    });
    const next = new Date(ok.json().schedule.nextRunAt);
    expect([next.getHours(), next.getMinutes()]).toEqual([5, 30]);
    expect([0, 6]).not.toContain(next.getDay());

    const config = (await app.t.app.inject({ url: '/getconfig', headers: app.headers })).json();
    expect(config.schedules['auth.session-cleanup']).toEqual({ cron: '30 5 * * mon-fri' });

    const off = await patch({ enabled: false });
    expect(off.json().schedule).toMatchObject({ enabled: false, nextRunAt: null });
    // A disabled task still runs when asked to.
    expect((await run(app, 'auth.session-cleanup')).statusCode).toBe(202);

    const restored = await patch({ cron: null, enabled: true });
    expect(restored.json().schedule).toMatchObject({ schedule: '0 3 * * *', enabled: true });

    // The same rules hold when the config is saved directly.
    const direct = await app.t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: app.headers,
      payload: { schedules: { 'auth.session-cleanup': { cron: '99 * * * *' } } },
    });
    expect(direct.statusCode).toBe(400);
  });

  it('runs a task on its schedule with trigger "scheduled"', async () => {
    const app = await boot();
    await app.t.app.inject({
      method: 'PATCH',
      url: '/api/schedules/fixture.every-minute',
      headers: app.headers,
      payload: { enabled: true },
    });
    const last = await finished(app, 'fixture.every-minute', 65_000);
    expect(last).toMatchObject({ triggerType: 'scheduled', status: 'success', outcome: 'tick' });
  }, 70_000);
});

describe('run history retention', () => {
  it('keeps the last 20 runs plus the newest of each status and outcome', async () => {
    const app = await boot();
    for (let i = 0; i < 50; i++) {
      await run(app, 'fixture.mixed');
      await finished(app, 'fixture.mixed');
    }
    const all = await runs(app, 'fixture.mixed', '?pageSize=200');
    const messages = all.runs.map((r) => r.message);
    // The newest 20 (runs 31..50), then the newest 'first-ever' outcome (run 1), which is older.
    expect(messages.slice(0, 20)).toEqual(
      Array.from({ length: 20 }, (_, i) => 50 - i).map((n) =>
        n % 10 === 3 ? `failure ${n}` : n % 10 === 7 ? `skipped ${n}` : `run ${n}`,
      ),
    );
    expect(messages.slice(20)).toEqual(['run 1']);
    expect(all.total).toBe(21);
    const statuses = new Set(all.runs.map((r) => r.status));
    expect(statuses).toEqual(new Set(['success', 'error', 'skipped']));
    // Filter by status.
    const errors = await runs(app, 'fixture.mixed', '?status=error');
    expect(errors.runs.every((r) => r.status === 'error')).toBe(true);
    expect(errors.total).toBe(2);
  }, 60_000);
});

describe('restarts', () => {
  it('a graceful shutdown waits a bounded time, then marks running tasks interrupted', async () => {
    const app = await boot();
    await app.t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers: app.headers,
      payload: { schedulerShutdownWaitSeconds: 1 },
    });
    await run(app, 'fixture.hang');
    await h.stop(app.t);
    const again = await h.restart(app.t, { manifestPath: MANIFEST });
    const login = await again.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'admin', password: 'correct-horse-battery' },
    });
    const headers = { 'x-access-token': login.json().token as string };
    const list = (await again.app.inject({ url: '/api/schedules/fixture.hang/runs', headers })).json<TaskRunList>();
    expect(list.runs[0]).toMatchObject({ status: 'interrupted', message: expect.stringContaining('shut down') });
  });

  it('a run left running by a killed server becomes interrupted at the next start', async () => {
    const env = {
      CONFIG_DIR: join(await h.dir(), 'config'),
      PLUGIN_MANIFEST: MANIFEST,
      AUTH_PRESET_USERNAME: 'admin',
      AUTH_PRESET_PASSWORD: 'correct-horse-battery',
    };
    const first = await startServer(env);
    servers.push(first);
    const login = async (url: string) => {
      const res = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'correct-horse-battery' }),
      });
      return { 'x-access-token': ((await res.json()) as { token: string }).token };
    };
    let headers = await login(first.url);
    const started = await fetch(`${first.url}/api/schedules/fixture.hang/run`, { method: 'POST', headers });
    expect(started.status).toBe(202);
    expect(await first.stop('SIGKILL')).toBeNull();

    const second = await startServer(env);
    servers.push(second);
    headers = await login(second.url);
    const list = (await (
      await fetch(`${second.url}/api/schedules/fixture.hang/runs`, { headers })
    ).json()) as TaskRunList;
    expect(list.runs).toHaveLength(1);
    expect(list.runs[0]).toMatchObject({ status: 'interrupted', message: expect.stringContaining('server stopped') });
    expect(list.runs[0]!.finishedAt).not.toBeNull();
    // Nothing is left running: it can run again.
    expect((await fetch(`${second.url}/api/schedules/fixture.hang/run`, { method: 'POST', headers })).status).toBe(202);
    await second.stop();
  });
});
