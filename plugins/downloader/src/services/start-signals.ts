/** Lets a request wait a moment for a job to start, without holding up the queue. */
export class StartSignals {
  private readonly waiters = new Map<string, (() => void)[]>();

  /** True when `started(jobId)` comes within `ms`, false otherwise. */
  wait(jobId: string, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.set(
          jobId,
          (this.waiters.get(jobId) ?? []).filter((w) => w !== started),
        );
        resolve(false);
      }, ms);
      const started = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.set(jobId, [...(this.waiters.get(jobId) ?? []), started]);
    });
  }

  started(jobId: string): void {
    for (const w of this.waiters.get(jobId) ?? []) w();
    this.waiters.delete(jobId);
  }
}
