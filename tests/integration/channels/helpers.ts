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
