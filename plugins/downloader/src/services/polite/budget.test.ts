import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DownloaderConfigSection } from '@vidkeep/contracts';
import { listingRequests, SlidingCount, sleepsOf } from './budget.js';

const HOUR = 3_600_000;
const config = Value.Create(DownloaderConfigSection) as DownloaderConfigSection;

describe('the platform budget', () => {
  it('counts what was spent within the window, and says when there is room again', () => {
    const c = new SlidingCount(HOUR);
    c.add(4, 0);
    c.add(4, 10 * 60_000);
    c.add(4, 20 * 60_000);
    expect(c.total(30 * 60_000)).toBe(12);
    // Under a cap of 10, room returns when the first 4 leave the window (at 60 min).
    expect(c.roomAt(10, 30 * 60_000)).toBe(HOUR);
    // Under a cap of 6, the second must leave too (at 70 min).
    expect(c.roomAt(6, 30 * 60_000)).toBe(HOUR + 10 * 60_000);
    expect(c.roomAt(20, 30 * 60_000)).toBe(30 * 60_000);
    expect(c.total(HOUR + 15 * 60_000)).toBe(4);
  });

  it("derives yt-dlp's sleeps so the downloads that may run at once stay under the cap", () => {
    expect(sleepsOf({ ...config, platformRequestsPerHour: 0 }, HOUR)).toBeNull();
    // 360 requests an hour: one each 10 s; before a video 20-30 s more, so that with its own
    // requests (10 s before each) a video takes about its share of 4 requests, 40 s.
    expect(sleepsOf({ ...config, platformRequestsPerHour: 360, concurrentJobs: 1, sleepRequests: 1 }, HOUR)).toEqual({
      requestSeconds: 10,
      minSeconds: 20,
      maxSeconds: 30,
    });
    // Two downloads at once: each gets half the budget.
    expect(sleepsOf({ ...config, platformRequestsPerHour: 360, concurrentJobs: 2 }, HOUR)?.minSeconds).toBe(40);
    // A generous cap never paces metadata requests below `sleepRequests`.
    expect(
      sleepsOf({ ...config, platformRequestsPerHour: 36000, concurrentJobs: 1, sleepRequests: 2 }, HOUR)
        ?.requestSeconds,
    ).toBe(2);
  });

  it('counts a listing as its pages and the page around them', () => {
    expect(listingRequests(0)).toBe(2);
    expect(listingRequests(30)).toBe(2);
    expect(listingRequests(31)).toBe(3);
    expect(listingRequests(1000)).toBe(35);
  });
});
