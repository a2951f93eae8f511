import type { DownloadProgress, FailureKind, JobLane } from '@vidkeep/contracts';
import { REQUESTS_PER_VIDEO } from './budget.js';
import type { PlatformGate } from './gate.js';

/**
 * One job run's side of the platform gate: it counts what the run asks of the platform, and says
 * when the run should give its slot up (another channel's turn, a spent budget, a cool-down).
 */
export class RunTurn {
  /** Why the run yielded its slot, shown in the job's summary. */
  note: string | null = null;
  private afterVideo: string | null = null;

  constructor(
    private readonly gate: PlatformGate | undefined,
    private readonly lane: JobLane,
  ) {}

  /** Gives the slot up when the video downloading now is done. */
  yieldAfterCurrentVideo(note: string): void {
    this.afterVideo ??= note;
  }

  /** yt-dlp started a video: its page, player and media requests count against the hour. */
  videoStarted(): void {
    this.gate?.spend(REQUESTS_PER_VIDEO);
  }

  /**
   * A video is downloaded: its bytes count against the day, and it is a quiet success. Returns
   * why the run should yield now (null: it goes on): it was asked to, or, being automatic work,
   * the platform budget is spent.
   */
  videoDone(progress: DownloadProgress | null): string | null {
    this.gate?.spend(0, progress?.totalBytes ?? progress?.downloadedBytes ?? 0);
    this.gate?.succeeded();
    if (this.afterVideo) return this.afterVideo;
    return this.lane === 'automatic' && this.gate?.mustYield()
      ? 'the platform budget is spent; it goes on when there is room'
      : null;
  }

  /**
   * A video failed: true when the platform asked us to slow down (429) and a cool-down is in
   * force, so the video waits for it with the rest instead of failing.
   */
  slowedDown(kind: FailureKind): boolean {
    const cooling = this.gate?.failed(kind) ?? false;
    return cooling && kind === 'http_429';
  }
}
