import type { DownloaderConfigSection, PlatformSleeps } from '@vidkeep/contracts';

/**
 * What one video costs in requests to the platform, as counted against `platformRequestsPerHour`:
 * its page, the player API, the format manifest and the media (yt-dlp's own count varies by
 * format; this is the usual figure for one video with separate audio and video).
 */
export const REQUESTS_PER_VIDEO = 4;
/** Entries per page of a listing: a listing costs one request per page it reads, and one for the page around it. */
export const ENTRIES_PER_LISTING_PAGE = 30;

export const listingRequests = (entries: number): number =>
  1 + Math.max(1, Math.ceil(entries / ENTRIES_PER_LISTING_PAGE));

/** Amounts spent within a sliding window (the last hour of requests, the last day of bytes). */
export class SlidingCount {
  private readonly entries: { at: number; amount: number }[] = [];
  private sum = 0;

  constructor(private readonly windowMs: number) {}

  add(amount: number, at: number): void {
    if (amount <= 0) return;
    this.entries.push({ at, amount });
    this.sum += amount;
  }

  /** What was spent within the window before `at`. */
  total(at: number): number {
    this.prune(at);
    return this.sum;
  }

  /**
   * When the total drops below `limit` (now if it is below already): the moment enough of the
   * oldest spending leaves the window.
   */
  roomAt(limit: number, at: number): number {
    this.prune(at);
    let sum = this.sum;
    for (const e of this.entries) {
      if (sum < limit) break;
      sum -= e.amount;
      if (sum < limit) return e.at + this.windowMs;
    }
    return at;
  }

  private prune(at: number): void {
    while (this.entries.length > 0 && this.entries[0]!.at <= at - this.windowMs) {
      this.sum -= this.entries.shift()!.amount;
    }
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * yt-dlp's sleeps for a request budget: one request per `hour / cap` for each of the downloads
 * that may run at once, so their sum stays under the cap. yt-dlp sleeps that long before each
 * metadata request of a video (`--sleep-requests`), and before its download a random time of two
 * to three requests' worth (`--sleep-interval`, `--max-sleep-interval`): with the video's own
 * requests that makes about its share (`REQUESTS_PER_VIDEO`), and the pattern irregular. The
 * gate's count is the limit; the sleeps spread the requests over the hour. Null without a cap.
 */
export function sleepsOf(
  config: Pick<DownloaderConfigSection, 'platformRequestsPerHour' | 'sleepRequests' | 'concurrentJobs'>,
  hourMs: number,
): PlatformSleeps | null {
  const cap = config.platformRequestsPerHour;
  if (cap <= 0) return null;
  const perRequest = (hourMs / 1000 / cap) * Math.max(1, config.concurrentJobs);
  return {
    requestSeconds: round(Math.max(config.sleepRequests, perRequest)),
    minSeconds: round(perRequest * 2),
    maxSeconds: round(perRequest * 3),
  };
}
