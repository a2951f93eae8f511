import type { InjectOptions } from 'fastify';
import type { DownloadApp } from '../../helpers/downloads.js';

/** Sends a request as the signed-in user and returns status and parsed body. */
export async function call<T = any>(
  app: DownloadApp,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await app.t.app.inject({
    method,
    url,
    headers: app.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the automatic channel downloads now (`POST /api/channels/auto-download`) and waits for the run to end. */
export async function runSweep(app: DownloadApp): Promise<any> {
  const run = await call(app, 'POST', '/api/channels/auto-download');
  if (run.status !== 202) throw new Error(`the sweep did not start: ${run.status} ${JSON.stringify(run.body)}`);
  return until(
    async () => {
      const runs = await call(app, 'GET', '/api/schedules/channels.auto-download/runs');
      const r = runs.body.runs.find((x: { id: number }) => x.id === run.body.runId);
      return r && r.status !== 'running' ? r : undefined;
    },
    60_000,
    'the sweep run',
  );
}
