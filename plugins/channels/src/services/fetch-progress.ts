import type { FetchOutcome, TabCount } from '@vidkeep/contracts';
import { isMembersOnly, type ListedVideo } from './entries.js';

/** A full fetch reads at most this many entries of a tab. */
export const FULL_FETCH_LIMIT = 5000;

/**
 * How many entries a full fetch asks yt-dlp for: one more than it keeps, so that reading all
 * 5,000 entries of a 5,000-video tab is known to be the whole tab (a 5,001st entry would say
 * there are more). The extra entry costs no request: it is on the page the 5,000th came with, or
 * on none.
 */
export const FULL_FETCH_READ = FULL_FETCH_LIMIT + 1;

/**
 * The entries a full fetch should reach: the tab's total as tab-stats knows it, at most the
 * 5,000 a full fetch reads; null when the total is not known.
 */
export function expectedEntries(count: TabCount | undefined): number | null {
  const total = count?.total;
  return typeof total === 'number' ? Math.min(total, FULL_FETCH_LIMIT) : null;
}

/**
 * About how many seconds a listing still needs: the entries left to the expected total at the
 * pace so far (time since the start per entry read, yt-dlp's start-up and `sleepRequests`
 * pauses included). Null before the first entry or without an expected total; 0 once the
 * expected total is reached (the last page is being read).
 */
export function secondsLeft(read: number, expected: number | null, elapsedMs: number): number | null {
  if (expected === null || read <= 0 || elapsedMs <= 0) return null;
  if (read >= expected) return 0;
  return Math.ceil(((expected - read) * elapsedMs) / read / 1000);
}

/** How a full fetch ended, from what it read and whether it was stopped. */
export function fetchOutcome(r: { read: number; ok: boolean; cancelled: boolean }): FetchOutcome {
  if (r.cancelled) return 'cancelled';
  if (!r.ok) return 'failed';
  return r.read > FULL_FETCH_LIMIT ? 'limit' : 'complete';
}

/**
 * The tab total a complete listing establishes: its public entries (members-only ones are
 * counted nowhere, as in tab-stats). Only a listing that reached the end of the tab says this.
 */
export function listedTotal(videos: readonly Pick<ListedVideo, 'availability'>[], now: Date): TabCount {
  return {
    total: videos.filter((v) => !isMembersOnly(v.availability)).length,
    fetchedAt: now.toISOString(),
    source: 'listing',
  };
}
