/**
 * `@vidkeep/plugin-kit/worker`: the worker side of a scheduled task that runs in a worker thread
 * (see `WorkerTask` and `runTask`).
 */
export { runTask, type WorkerTaskContext } from '@vidkeep/core/plugin-api/worker';
