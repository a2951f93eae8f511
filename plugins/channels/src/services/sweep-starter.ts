import { ChannelErrorCodes as E, ConflictError, type SchedulerService } from '@vidkeep/contracts';

/** Starts the automatic-download sweep on request, as the hourly task would. */
export class SweepStarter {
  constructor(
    private readonly deps: {
      /** With the scheduler plugin the run goes through it, so its run history records it. */
      scheduler: Pick<SchedulerService, 'isRunning' | 'runNow'> | null;
      taskKey: string;
      sweep: () => Promise<unknown>;
    },
  ) {}

  async start(): Promise<{ status: 'started'; runId: number | null }> {
    const { scheduler, taskKey } = this.deps;
    if (!scheduler) {
      void this.deps.sweep();
      return { status: 'started', runId: null };
    }
    if (scheduler.isRunning(taskKey))
      throw new ConflictError(E.alreadyRunning, 'The automatic-download sweep is already running');
    const { run } = await scheduler.runNow(taskKey, 'manual');
    return { status: 'started', runId: run.id };
  }
}
