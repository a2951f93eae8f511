import {
  FILE_SCAN_PROBLEMS_MAX,
  type FileScanCounts,
  type FileScanOperation,
  type FileScanProblem,
  type FileScanRun,
  type FileScanStatus,
  type FileScanTrigger,
} from '@vidkeep/contracts';
import type { Orm } from '@vidkeep/plugin-kit';
import type { LibraryFileScan } from '../entities.js';

/** Runs kept per operation: a few months of weekly rescans. */
const KEEP = 20;

export const emptyCounts = (): FileScanCounts => ({
  filesSeen: 0,
  checked: 0,
  unchanged: 0,
  missing: 0,
  stillMissing: 0,
  foundAgain: 0,
  moved: 0,
  resized: 0,
  backfilled: 0,
  probeFailed: 0,
  untracked: 0,
  imported: 0,
  restored: 0,
  alreadyInLibrary: 0,
  noId: 0,
  errors: 0,
});

export function toRun(row: LibraryFileScan): FileScanRun {
  return {
    id: row.id,
    operation: row.operation,
    trigger: row.trigger,
    status: row.status,
    path: row.path,
    move: row.move,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    counts: { ...emptyCounts(), ...row.counts },
    problems: (row.problems ?? []).slice(0, FILE_SCAN_PROBLEMS_MAX),
    message: row.message,
  };
}

/** `library_file_scans`: each run saved when it starts and when it ends. */
export class FileScanStore {
  constructor(private readonly orm: Orm) {}

  async start(input: {
    operation: FileScanOperation;
    trigger: FileScanTrigger;
    path: string | null;
    move: boolean;
    startedAt: Date;
  }): Promise<LibraryFileScan> {
    const em = this.orm.em.fork();
    const row = em.create<LibraryFileScan>('LibraryFileScan', {
      ...input,
      status: 'running',
      finishedAt: null,
      counts: emptyCounts(),
      problems: [],
      message: null,
    } as Omit<LibraryFileScan, 'id'> as LibraryFileScan);
    await em.flush();
    await this.prune(input.operation);
    return row;
  }

  async finish(
    id: number,
    outcome: { status: FileScanStatus; counts: FileScanCounts; problems: FileScanProblem[]; message: string | null },
  ): Promise<FileScanRun | null> {
    const em = this.orm.em.fork();
    const row = await em.findOne<LibraryFileScan>('LibraryFileScan', { id });
    if (!row) return null;
    em.assign(row, {
      ...outcome,
      problems: outcome.problems.slice(0, FILE_SCAN_PROBLEMS_MAX),
      finishedAt: new Date(),
    });
    await em.flush();
    return toRun(row);
  }

  /** The newest finished run of an operation (a run going on is not "last" yet). */
  async last(operation: FileScanOperation): Promise<FileScanRun | null> {
    const [row] = await this.orm.em
      .fork()
      .find<LibraryFileScan>(
        'LibraryFileScan',
        { operation, status: { $ne: 'running' } },
        { orderBy: { startedAt: 'desc', id: 'desc' }, limit: 1 },
      );
    return row ? toRun(row) : null;
  }

  /** At start: runs the previous process left `running` were cut short. */
  async markInterrupted(): Promise<number> {
    return this.orm.em.fork().nativeUpdate<LibraryFileScan>(
      'LibraryFileScan',
      { status: 'running' },
      {
        status: 'interrupted',
        finishedAt: new Date(),
        message: 'The server stopped during this run; what it saved before stays saved',
      },
    );
  }

  private async prune(operation: FileScanOperation): Promise<void> {
    const em = this.orm.em.fork();
    const old = await em.find<LibraryFileScan>(
      'LibraryFileScan',
      { operation },
      { orderBy: { startedAt: 'desc', id: 'desc' }, offset: KEEP, limit: 1000 },
    );
    if (old.length > 0)
      await em.nativeDelete<LibraryFileScan>('LibraryFileScan', { id: { $in: old.map((r) => r.id) } });
  }
}
