import { stat } from 'node:fs/promises';
import type { LibraryRecord, RecordFileStatus } from '@vidkeep/contracts';

/** Whether a library record's file is still there (`removed`: deleted through the library). */
export async function fileStatus(row: LibraryRecord): Promise<RecordFileStatus> {
  if (row.removed) return 'removed';
  const path = row.filePath ?? row.audioFilePath;
  const present = path
    ? await stat(path).then(
        () => true,
        () => false,
      )
    : false;
  return present ? 'downloaded' : 'missing';
}
