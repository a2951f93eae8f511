import { DestroyRef, computed, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import type {
  FileScanOperation,
  FileScanProgress,
  FileScanRun,
  LibraryImportRequest,
  LiveMessage,
  RescanStatus,
} from '@vidkeep/contracts';
import { toApiError } from '../../core/api';
import { Live } from '../../core/live';
import { LibraryFilesApi } from './library-files-api';

/** How often the status is asked while a run goes on and the live connection is down. */
export const STATUS_POLL_MS = 2000;

/** The run going on, as the page shows it. */
export interface CurrentRun {
  id: number;
  operation: FileScanOperation;
  progress: FileScanProgress | null;
}

/**
 * The rescan and import state of the page: `GET /api/maintenance/rescan-status` once, then the
 * `rescanStatus` live messages (progress, the finished run); while the live connection is down
 * and a run goes on, the status is polled instead. Starting a rescan or an import goes through
 * here, so the page shows the run at once. Create it in an injection context.
 */
export class ScanState {
  private readonly api = inject(LibraryFilesApi);
  private readonly live = inject(Live);
  readonly lastRun = signal<FileScanRun | null>(null);
  readonly lastImport = signal<FileScanRun | null>(null);
  readonly current = signal<CurrentRun | null>(null);
  readonly loaded = signal(false);
  readonly loadError = signal<string | null>(null);
  readonly running = computed(() => this.current() !== null);
  private poll: ReturnType<typeof setInterval> | null = null;
  /** Runs whose end was heard (a short run can end before its start request answers). */
  private readonly ended = new Set<number>();

  constructor() {
    this.live
      .on('rescanStatus')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => this.receive(m));
    this.live.ready.pipe(takeUntilDestroyed()).subscribe((r) => {
      if (r.reconnected) void this.load();
    });
    inject(DestroyRef).onDestroy(() => this.stopPolling());
  }

  async load(): Promise<void> {
    try {
      this.apply(await this.api.rescanStatus());
      this.loadError.set(null);
      this.loaded.set(true);
    } catch (err) {
      this.loadError.set(toApiError(err).message);
    }
  }

  /** `POST /api/maintenance/rescan-files`; throws the server's refusal (409 while a run goes on). */
  async startRescan(): Promise<void> {
    const started = await this.api.startRescan();
    this.began(started.runId, 'rescan');
  }

  /** `POST /api/maintenance/import`; throws the server's refusal (400 for the folder, 409). */
  async startImport(request: LibraryImportRequest): Promise<void> {
    const started = await this.api.startImport(request);
    this.began(started.runId, 'import');
  }

  private began(id: number, operation: FileScanOperation): void {
    if (!this.ended.has(id) && this.current()?.id !== id) this.current.set({ id, operation, progress: null });
    this.watch();
  }

  private receive(m: LiveMessage<'rescanStatus'>): void {
    if (m.running) {
      if (this.ended.has(m.runId)) return;
      this.current.set({ id: m.runId, operation: m.operation, progress: m.progress });
      return;
    }
    this.ended.add(m.runId);
    if (this.current()?.id === m.runId) this.current.set(null);
    if (m.lastRun) this.finished(m.lastRun);
    this.watch();
  }

  private finished(run: FileScanRun): void {
    (run.operation === 'rescan' ? this.lastRun : this.lastImport).set(run);
  }

  private apply(s: RescanStatus): void {
    this.lastRun.set(s.lastRun);
    this.lastImport.set(s.lastImport);
    for (const r of [s.lastRun, s.lastImport]) if (r) this.ended.add(r.id);
    this.current.set(
      s.current ? { id: s.current.id, operation: s.current.operation, progress: s.current.progress } : null,
    );
    this.watch();
  }

  /** Polls while a run goes on without a live connection to report it. */
  private watch(): void {
    const needed = this.current() !== null && !this.live.connected();
    if (needed && !this.poll) this.poll = setInterval(() => void this.load(), STATUS_POLL_MS);
    if (!needed) this.stopPolling();
  }

  private stopPolling(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
  }
}
