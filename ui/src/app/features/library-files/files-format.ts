import type {
  FileScanCounts,
  FileScanOperation,
  FileScanProgress,
  FileScanRun,
  FileScanStatus,
  ImportAction,
  SubfolderEntry,
} from '@vidkeep/contracts';

/** "1 video" / "3 videos" with thousands separators. */
export const count = (n: number, word: string, many = `${word}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;

/** A run's status in words. */
export function scanStatusLabel(status: FileScanStatus): string {
  switch (status) {
    case 'running':
      return 'Running';
    case 'completed':
      return 'Finished';
    case 'completed_with_errors':
      return 'Finished with problems';
    case 'failed':
      return 'Failed';
    case 'interrupted':
      return 'Interrupted';
  }
}

/** What a run is, in words. */
export const operationLabel = (operation: FileScanOperation): string =>
  operation === 'rescan' ? 'File rescan' : 'Library import';

/** What a progress message says: "Checking videos: 5,000 of 20,000". */
export function progressText(operation: FileScanOperation, p: FileScanProgress | null): string {
  if (!p) return operation === 'rescan' ? 'Starting the rescan…' : 'Starting the import…';
  const of = p.total !== null ? ` of ${p.total.toLocaleString('en-US')}` : '';
  switch (p.phase) {
    case 'walking':
      return p.done > 0 ? `Reading folders: ${count(p.done, 'folder')} read` : 'Reading folders…';
    case 'checking':
      return `Comparing videos with the disk: ${p.done.toLocaleString('en-US')}${of}`;
    case 'importing':
      return `Adding videos: ${p.done.toLocaleString('en-US')}${of}`;
    case 'saving':
      return 'Saving the changes…';
    case 'probing':
      return `Measuring resolutions with ffprobe: ${p.done.toLocaleString('en-US')}${of}`;
  }
}

/** Percent done of a phase with a known total (null: indeterminate). */
export function progressPercent(p: FileScanProgress | null): number | null {
  if (!p || p.total === null || p.total === 0) return null;
  return Math.min(100, Math.round((p.done / p.total) * 100));
}

/** The figures of a finished rescan worth showing, in words (zeros left out, except checked). */
export function rescanFigures(c: FileScanCounts): string[] {
  return [
    `${count(c.checked, 'video')} checked against ${count(c.filesSeen, 'file')}`,
    c.missing ? `${count(c.missing, 'video')} newly missing (files gone from disk)` : null,
    c.stillMissing ? `${count(c.stillMissing, 'video')} still missing` : null,
    c.foundAgain ? `${count(c.foundAgain, 'video')} found again` : null,
    c.moved ? `${count(c.moved, 'video')} found at a new place` : null,
    c.resized ? `${count(c.resized, 'file')} with a new size` : null,
    c.backfilled ? `${count(c.backfilled, 'resolution')} measured` : null,
    c.probeFailed ? `${count(c.probeFailed, 'file')} ffprobe could not read (saved as 0x0)` : null,
    c.untracked ? `${count(c.untracked, 'file')} not in the library (add them with the button below)` : null,
    c.errors ? `${count(c.errors, 'problem')}` : null,
  ].filter((x): x is string => x !== null);
}

/** The figures of a finished import, in words. */
export function importFigures(c: FileScanCounts): string[] {
  return [
    `${count(c.imported, 'video')} added`,
    c.restored ? `${count(c.restored, 'video')} brought back` : null,
    c.alreadyInLibrary ? `${count(c.alreadyInLibrary, 'video')} already in the library` : null,
    c.noId ? `${count(c.noId, 'file')} skipped: no id in the name and no info.json` : null,
    c.backfilled ? `${count(c.backfilled, 'resolution')} measured` : null,
    c.errors ? `${count(c.errors, 'problem')}` : null,
  ].filter((x): x is string => x !== null);
}

/** A run's figures by its operation. */
export const runFigures = (run: FileScanRun): string[] =>
  run.operation === 'rescan' ? rescanFigures(run.counts) : importFigures(run.counts);

export function actionLabel(action: ImportAction): string {
  switch (action) {
    case 'add':
      return 'Add';
    case 'restore':
      return 'Bring back';
    case 'in-library':
      return 'Already in the library';
  }
}

/** A folder to import, checked as the server will (null when it may be sent). */
export function importPathHint(text: string): string | null {
  const t = text.trim();
  if (!t) return 'Give a folder inside the output directory';
  if (t.length > 1024) return 'At most 1,024 characters';
  if (t.includes('\u0000')) return 'Not a folder name';
  if (t.split('/').some((part) => part === '..')) return 'Only folders inside the output directory can be imported';
  return null;
}

/** What uses a subfolder, in words ("1 subscribed channel, the default subfolder, files on disk"). */
export function subfolderUsage(e: SubfolderEntry): string {
  const parts = [
    ...e.users.map((u) => u.text),
    e.usage.isDefault ? 'the default subfolder' : null,
    e.usage.hasFiles ? 'files on disk' : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? parts.join(', ') : 'not used';
}
