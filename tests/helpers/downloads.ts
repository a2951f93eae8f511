import { afterAll, beforeAll } from 'vitest';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import type { JobDetail, JobStatus } from '@vidkeep/contracts';
import { startFakePlatform, type FakePlatform, type FakePlatformInit } from '../fakes/platform/index.js';

/**
 * Settings that keep downloads against the local fake platform fast and deterministic. Automatic
 * retries are off (a failure ends its job at once); `tests/integration/downloader/auto-retry.test.ts`
 * turns them on with a short back-off. So is the platform cool-down: a test that makes a video
 * answer 429 or the bot check means that video, and the tests after it must not wait 15 minutes;
 * `tests/integration/downloader/polite.test.ts` turns it on.
 */
export const FAST_DOWNLOAD_CONFIG = {
  sleepRequests: 0,
  platformCooldownMinutes: 0,
  downloadRetryCount: 0,
  // Long enough for a fake platform slowed by a busy machine (3 s, then once 10 s, timed out on a
  // watch page under load); a test that wants a stalled download to fail fast sets its own.
  downloadSocketTimeoutSeconds: 20,
  downloadAutoRetryCount: 0,
};

export interface DownloadApp {
  t: TestApp;
  token: string;
  headers: { 'x-access-token': string };
}

export interface BootOptions {
  dir?: string;
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  setup?: boolean;
  manifest?: unknown;
  /** Where relative plugin packages of `manifest` resolve from. */
  manifestPath?: string;
}

/** Boots the real app with yt-dlp pointed at the fake platform, completes setup, applies fast settings. */
export async function bootDownloader(
  h: TestHarness,
  platform: FakePlatform,
  options: BootOptions = {},
): Promise<DownloadApp> {
  const t = await h.boot({
    dir: options.dir,
    env: { ...platform.env, ...options.env },
    ...(options.manifest ? { manifest: options.manifest } : {}),
    ...(options.manifestPath ? { manifestPath: options.manifestPath } : {}),
  });
  const token = options.setup === false ? '' : await completeSetup(t);
  const headers = { 'x-access-token': token };
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/config',
    headers,
    payload: { ...FAST_DOWNLOAD_CONFIG, ...options.config },
  });
  if (res.statusCode !== 200) throw new Error(`config failed: ${res.statusCode} ${res.body}`);
  return { t, token, headers };
}

/** A fake platform and the app booted on it, shared by the tests of one `describe` block. */
export interface PlatformSuite {
  /** The harness the app runs in; more apps booted with it are closed with the rest. */
  readonly h: TestHarness;
  readonly p: FakePlatform;
  /** The booted app; a test that restarts it puts the new one here for the tests after it. */
  app: DownloadApp;
}

export interface PlatformSuiteOptions extends BootOptions {
  /** The `beforeAll` timeout (starting the platform and booting the app). */
  timeout?: number;
  /** Runs on the started platform before the app boots (generated tabs, say). */
  prepare?: (p: FakePlatform) => unknown;
}

/**
 * Starts a fake platform from `init()` and boots the app on it in `beforeAll`, closes both in
 * `afterAll`. Call it in a `describe` block; `p` and `app` are there from the block's own hooks on.
 */
export function platformSuite(init: () => FakePlatformInit, options: PlatformSuiteOptions = {}): PlatformSuite {
  const { timeout = 60_000, prepare, ...boot } = options;
  const h = new TestHarness();
  let p: FakePlatform | undefined;
  let app: DownloadApp | undefined;
  beforeAll(async () => {
    p = await startFakePlatform(init());
    await prepare?.(p);
    app = await bootDownloader(h, p, boot);
  }, timeout);
  afterAll(async () => {
    await h.closeAll();
    await p?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the platform suite starts in beforeAll: read it in a test or hook');
    return value;
  };
  return {
    h,
    get p() {
      return started(p);
    },
    get app() {
      return started(app);
    },
    set app(next: DownloadApp) {
      app = next;
    },
  };
}

export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const FINISHED: JobStatus[] = ['completed', 'completed_with_errors', 'failed', 'cancelled', 'interrupted'];

/** Polls a job until it reaches one of `statuses` (default: any finished state). */
export async function waitForJob(
  app: DownloadApp,
  jobId: string,
  statuses: JobStatus[] = FINISHED,
  timeoutMs = 60_000,
): Promise<JobDetail> {
  // A request that queued nothing answers `jobId: null`: say so now instead of polling a minute.
  if (!jobId) throw new Error(`no job to wait for (jobId ${String(jobId)}): the request queued nothing`);
  const deadline = Date.now() + timeoutMs;
  let last: JobDetail | null = null;
  while (Date.now() < deadline) {
    const res = await app.t.app.inject({ url: `/api/jobs/${jobId}`, headers: app.headers });
    last = res.json<JobDetail>();
    if (statuses.includes(last.status)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not reach ${statuses.join('/')} in time; last: ${JSON.stringify(last)}`);
}

export async function queueDownload(app: DownloadApp, payload: Record<string, unknown>) {
  const res = await app.t.app.inject({ method: 'POST', url: '/api/videos/download', headers: app.headers, payload });
  return res;
}
