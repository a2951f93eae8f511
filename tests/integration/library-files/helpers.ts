import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { FileScanRun, RescanStatus, Video } from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/core/plugin-api';
import type { DownloadApp } from '../../helpers/downloads.js';

export const outputDir = (app: DownloadApp) => join(app.t.dir, 'data');

export async function call<T = unknown>(
  app: DownloadApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await app.t.app.inject({
    method,
    url,
    headers: app.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json<T>() };
}

export async function video(app: DownloadApp, sourceId: string): Promise<Video> {
  const res = await call<Video>(app, 'GET', `/api/videos/${sourceId}`);
  if (res.status !== 200) throw new Error(`video ${sourceId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Polls the status until run `runId` is no longer running; returns it as the status shows it. */
export async function waitForRun(app: DownloadApp, runId: number, timeoutMs = 60_000): Promise<FileScanRun> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call<RescanStatus>(app, 'GET', '/api/maintenance/rescan-status');
    const done = [body.lastRun, body.lastImport].find((r) => r?.id === runId);
    if (done && !(body.current?.id === runId)) return done;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not finish: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a rescan and waits for its result. */
export async function rescan(app: DownloadApp): Promise<FileScanRun> {
  const res = await call<{ runId: number }>(app, 'POST', '/api/maintenance/rescan-files');
  if (res.status !== 202) throw new Error(`rescan: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForRun(app, res.body.runId);
}

/** Starts a library import and waits for its result. */
export async function importFolder(app: DownloadApp, body: Record<string, unknown>): Promise<FileScanRun> {
  const res = await call<{ runId: number }>(app, 'POST', '/api/maintenance/import', body);
  if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForRun(app, res.body.runId);
}

/** Every file below a folder, relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** A real video file made by ffmpeg (test pattern, `seconds` long). */
export async function makeVideo(path: string, size = '320x240', seconds = 1): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const r = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=10`,
      '-t',
      String(seconds),
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      path,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
}

/** Runs SQL on the app's own database (what an older version or an operator left behind). */
export async function sql(app: DownloadApp, text: string, params: unknown[] = []): Promise<void> {
  const orm = app.t.app.diContainer.resolve<Orm>('orm');
  await orm.em.getConnection().execute(text, params as never[], 'run');
}
