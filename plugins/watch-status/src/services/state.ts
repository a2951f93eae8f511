import {
  ConflictError,
  WatchStatusErrorCodes,
  type SchedulerService,
  WatchedRule,
  WatchStatusOverview,
  WatchStatusRun,
} from '@vidkeep/contracts';
import type { WatchStore } from './store.js';
import type { WatchSync } from './sync.js';
import type { LocalWatchStatusService } from './watch-service.js';

export const SYNC_TASK = 'watch-status.sync';

/** What the routes need: the overview, a manual start (through the scheduler when there is one), the service. */
export class WatchStatusState {
  constructor(
    private readonly deps: {
      store: WatchStore;
      sync: WatchSync;
      service: LocalWatchStatusService;
      scheduler: SchedulerService | null;
      enabled: () => boolean;
      rule: () => WatchedRule;
    },
  ) {}

  get service(): LocalWatchStatusService {
    return this.deps.service;
  }

  /** The last run; one left open by a stopped server reads as interrupted. */
  async lastRun(): Promise<WatchStatusRun | null> {
    const run = await this.deps.store.lastRun();
    if (!run || run.completedAt || this.running()) return run;
    return { ...run, completedAt: run.startedAt, error: 'The server stopped while this sync was running' };
  }

  /** A sync runs, or a started one has not closed its run history row yet (the 409 says the same). */
  running(): boolean {
    return this.starting || this.deps.sync.isRunning() || (this.deps.scheduler?.isRunning(SYNC_TASK) ?? false);
  }

  async overview(): Promise<WatchStatusOverview> {
    return {
      running: this.running(),
      enabled: this.deps.enabled(),
      rule: this.deps.rule(),
      lastRun: await this.lastRun(),
    };
  }

  /**
   * Starts a sync and resolves once it runs; a ConflictError (409) while one runs. With the
   * scheduler, the run is also recorded in the task's run history.
   */
  async startManual(): Promise<void> {
    const { sync, scheduler } = this.deps;
    if (!scheduler) {
      void sync.run('manual').catch(() => undefined); // throws the 409 itself, before any await
      return;
    }
    // Claimed before the first await, so two requests at once cannot both start one.
    if (this.running())
      throw new ConflictError(WatchStatusErrorCodes.syncRunning, 'A watch-status sync is already running');
    this.starting = true;
    try {
      const { finished } = await scheduler.runNow(SYNC_TASK, 'manual');
      void finished.finally(() => (this.starting = false)).catch(() => undefined);
    } catch (err) {
      this.starting = false;
      throw err;
    }
  }

  private starting = false;
}
