import type { JobSummary, LiveHub } from '@vidkeep/contracts';

/** How often a changing job is read and pushed at most (the hub's own pace for coalesced messages). */
const PUSH_INTERVAL_MS = 250;

/**
 * The `jobUpdated` pushes. A running job changes several times per video (downloading, title,
 * processing, completed), and each push needs its summary read from the database. Changes are
 * therefore gathered: a job that changed is read once when the interval ends, its latest state
 * wins, and nothing is read while no client is connected (the page loads jobs over HTTP when it
 * opens).
 */
export class JobUpdates {
  private readonly changed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly hub: LiveHub | undefined,
    private readonly summary: (jobId: string) => Promise<JobSummary | null>,
    private readonly intervalMs = PUSH_INTERVAL_MS,
  ) {}

  /** The job changed in a way worth showing. */
  jobChanged(jobId: string): void {
    if (!this.hub || this.hub.clientCount() === 0) return;
    this.changed.add(jobId);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.push(), this.intervalMs);
      this.timer.unref();
    }
  }

  private async push(): Promise<void> {
    this.timer = null;
    const jobIds = [...this.changed];
    this.changed.clear();
    for (const jobId of jobIds) {
      const job = await this.summary(jobId).catch(() => null);
      if (job) this.hub?.broadcast({ type: 'jobUpdated', job });
    }
  }
}
