/** How long without a new byte before a download says it is stalled (issue 16: "about 15 s"). */
export const STALL_NOTICE_MS = 15_000;

/**
 * Notices downloads that receive nothing: yt-dlp prints no progress while it waits on a silent
 * connection, so the last speed and ETA would stay on screen ("0.1 % · 46 KB/s · 17 s left")
 * for as long as the socket timeout. Each video's last byte count and when it grew are kept; a
 * timer reports the videos whose count has not grown for `noticeMs`, with the seconds since.
 */
export class StallWatch {
  private readonly last = new Map<string, { bytes: number; at: number }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly noticeMs: number,
    private readonly onStalled: (sourceId: string, seconds: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A progress tick: the clock restarts when the count grew past the most the file had (or the
   * video is new). A retry that starts a piece again reports fewer bytes: that is not data
   * arriving, so the stall goes on counting across yt-dlp's retries.
   */
  bytes(sourceId: string, downloaded: number): void {
    const seen = this.last.get(sourceId);
    if (!seen || downloaded > seen.bytes) this.last.set(sourceId, { bytes: downloaded, at: this.now() });
  }

  /** The video's download is over (done, failed, post-processing), or its next file starts: not watched until the next tick. */
  forget(sourceId: string): void {
    this.last.delete(sourceId);
  }

  start(): void {
    // A check a few times per notice period: the notice appears at most a third late.
    const every = Math.max(250, Math.min(5000, Math.round(this.noticeMs / 3)));
    this.timer = setInterval(() => this.check(), every);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.last.clear();
  }

  check(): void {
    const now = this.now();
    for (const [sourceId, { at }] of this.last) {
      if (now - at >= this.noticeMs) this.onStalled(sourceId, Math.floor((now - at) / 1000));
    }
  }
}
