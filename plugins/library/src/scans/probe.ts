import { checkStop, type ScanRun } from './file-scans.js';
import type { LibraryFileStore } from '../rescan/library-file-store.js';

/** ffprobe processes at a time: one per core of a small home server. */
const PROBES_AT_ONCE = 2;
/** Measured resolutions saved per transaction. */
const SAVE_EVERY = 50;

/**
 * Measures the resolution of each video file with ffprobe and saves it (spec 2.5: `WIDTHxHEIGHT`,
 * `0x0` when ffprobe cannot read the file). Only files the caller chose: an unknown resolution or
 * a file whose size changed, never every file on every run.
 */
export async function measureResolutions(
  items: { id: number; path: string }[],
  deps: { probe: (file: string) => Promise<string>; store: Pick<LibraryFileStore, 'saveResolutions'> },
  run: ScanRun,
): Promise<void> {
  if (items.length === 0) return;
  const pending: { id: number; filePath: string; resolution: string }[] = [];
  let next = 0;
  let done = 0;
  run.progress('probing', 0, items.length);
  const flush = async () => {
    const batch = pending.splice(0, pending.length);
    if (batch.length > 0) await deps.store.saveResolutions(batch);
  };
  const worker = async () => {
    while (next < items.length) {
      checkStop(run.signal);
      const item = items[next++]!;
      const resolution = await deps.probe(item.path);
      if (resolution === '0x0') {
        run.counts.probeFailed++;
        run.problem(item.path, 'ffprobe could not read the video stream; its resolution is saved as 0x0', {
          count: false,
        });
      } else run.counts.backfilled++;
      pending.push({ id: item.id, filePath: item.path, resolution });
      done++;
      run.progress('probing', done, items.length);
      if (pending.length >= SAVE_EVERY) await flush();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PROBES_AT_ONCE, items.length) }, worker));
  } finally {
    await flush();
  }
}
