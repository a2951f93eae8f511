/**
 * The worker side of a scheduled task, for plugin authors:
 *
 *   // my-task.worker.js (an ES module)
 *   import { runTask } from '@vidkeep/core/plugin-api/worker';
 *   runTask(async ({ workerData, progress, send, signal }) => {
 *     progress({ step: 1 });
 *     send({ rows: [...] });                 // handled by the task's onData on the main thread
 *     return { outcome: 'done', message: 'Did the thing' };
 *   });
 *
 * The function runs in a Bree worker thread. It must not open the database: it sends data to
 * the main thread instead. Returning ends the run as `success` (or the status returned);
 * throwing ends it as `error` with the message. Shutdown posts `cancel`: `signal` aborts and
 * the function has a bounded time to return.
 */
import { parentPort, workerData as rawWorkerData } from 'node:worker_threads';
import type { TaskResult, WorkerMessage } from '@vidkeep/contracts';

export interface WorkerTaskContext {
  workerData: unknown;
  progress(details: Record<string, unknown>): void;
  send(payload: unknown): void;
  signal: AbortSignal;
}

export function runTask(fn: (ctx: WorkerTaskContext) => Promise<TaskResult | void> | TaskResult | void): void {
  if (!parentPort) throw new Error('runTask() must be called inside a worker thread');
  const port = parentPort;
  const post = (m: WorkerMessage) => port.postMessage(m);
  const controller = new AbortController();
  port.on('message', (m) => {
    if (m === 'cancel') controller.abort();
  });
  const data = (rawWorkerData as { vidkeep?: unknown } | undefined)?.vidkeep;
  Promise.resolve()
    .then(() =>
      fn({
        workerData: data,
        progress: (details) => post({ type: 'progress', details }),
        send: (payload) => post({ type: 'data', payload }),
        signal: controller.signal,
      }),
    )
    .then(
      (result) => {
        post({ type: 'result', result: result ?? {} });
        port.close();
      },
      (err: unknown) => {
        post({
          type: 'result',
          result: { status: 'error', message: err instanceof Error ? err.message : String(err) },
        });
        port.close();
      },
    );
}
