import type { ChannelRetentionSettings, RetentionCandidate, VideoWatch } from '@vidkeep/contracts';

/**
 * The pure part of automatic removal (reference 7.1 and 7.2): which videos each guard keeps and
 * each strategy picks. No I/O here; `engine.ts` feeds it the library, the channels' settings, the
 * watch states and the disk, and carries out (or only counts) the removals.
 */

export const DAY_MS = 86_400_000;
/** The free-space strategy takes the oldest videos in batches of 50, at most 10 batches per run. */
export const SPACE_BATCH_SIZE = 50;
export const SPACE_MAX_BATCHES = 10;

export interface Candidate {
  sourceId: string;
  title: string;
  channelId: string | null;
  channelName: string | null;
  downloadedAt: Date;
  /** Bytes of the video and audio file together, as recorded (0 when unknown). */
  bytes: number;
  /** The same, null when neither size is known (shown as such in samples). */
  fileSize: number | null;
  protected: boolean;
}

export function toCandidate(v: RetentionCandidate): Candidate {
  const known = v.fileSize !== null || v.audioFileSize !== null;
  const bytes = (v.fileSize ?? 0) + (v.audioFileSize ?? 0);
  return {
    sourceId: v.sourceId,
    title: v.title,
    channelId: v.channelId,
    channelName: v.channelName,
    downloadedAt: v.downloadedAt,
    bytes,
    fileSize: known ? bytes : null,
    protected: v.protected,
  };
}

/** Oldest download first; the id breaks ties so every run sees the same order. */
export const oldestFirst = (a: Candidate, b: Candidate) =>
  a.downloadedAt.getTime() - b.downloadedAt.getTime() ||
  (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0);

const newestFirst = (a: Candidate, b: Candidate) => oldestFirst(b, a);

export interface Guarded {
  /** What the strategies may pick from, oldest first. */
  eligible: Candidate[];
  /** Ids kept by the global and per-channel keep-recent counts. */
  keptRecent: Set<string>;
  protectedVideos: number;
  protectedChannelVideos: number;
  /** Videos left out because they are being downloaded right now. */
  active: number;
}

/**
 * The guards, applied before any strategy: protected videos and videos of protected (subscribed)
 * channels never go; the `keepRecentCount` most recently downloaded unprotected videos and, per
 * subscribed channel, its `keepRecentCount` most recent unprotected videos are kept. A video being
 * downloaded again right now is left alone too.
 */
export function applyGuards(
  all: readonly Candidate[],
  keepRecentCount: number,
  channels: readonly ChannelRetentionSettings[],
  active: ReadonlySet<string> = new Set(),
): Guarded {
  const protectedChannels = new Set(channels.filter((c) => c.protected).map((c) => c.channelId));
  const unprotected = all.filter((v) => !v.protected).sort(newestFirst);
  const keptRecent = new Set<string>();
  for (const v of unprotected.slice(0, Math.max(0, keepRecentCount))) keptRecent.add(v.sourceId);
  for (const c of channels) {
    if (c.protected || !c.keepRecentCount || c.keepRecentCount <= 0) continue;
    const mine = unprotected.filter((v) => v.channelId === c.channelId).slice(0, c.keepRecentCount);
    for (const v of mine) keptRecent.add(v.sourceId);
  }
  let protectedVideos = 0;
  let protectedChannelVideos = 0;
  let activeCount = 0;
  const eligible: Candidate[] = [];
  for (const v of all) {
    if (v.protected) protectedVideos++;
    else if (v.channelId !== null && protectedChannels.has(v.channelId)) protectedChannelVideos++;
    else if (keptRecent.has(v.sourceId)) continue;
    else if (active.has(v.sourceId)) activeCount++;
    else eligible.push(v);
  }
  eligible.sort(oldestFirst);
  return { eligible, keptRecent, protectedVideos, protectedChannelVideos, active: activeCount };
}

/** Age strategy: every video downloaded more than `days` days before `now`, oldest first. */
export function ageCandidates(pool: readonly Candidate[], days: number, now: Date): Candidate[] {
  const cutoff = now.getTime() - days * DAY_MS;
  return pool.filter((v) => v.downloadedAt.getTime() < cutoff).sort(oldestFirst);
}

export interface WatchedCandidate extends Candidate {
  lastWatchedAt: Date | null;
}

/**
 * Watched strategy: videos that count as watched (the watch-status service applies
 * `watchStatusWatchedRule`); with `minDaysSinceWatched` only those last watched at least that many
 * days ago (an unknown time does not qualify), with `minVideoAgeDays` only those downloaded at
 * least that many days ago. A video without a known state is unknown, never unwatched or watched.
 */
export function watchedCandidates(
  pool: readonly Candidate[],
  watch: ReadonlyMap<string, VideoWatch>,
  minDaysSinceWatched: number | null,
  minVideoAgeDays: number | null,
  now: Date,
): WatchedCandidate[] {
  const t = now.getTime();
  const out: WatchedCandidate[] = [];
  for (const v of [...pool].sort(oldestFirst)) {
    const w = watch.get(v.sourceId);
    if (!w?.watched) continue;
    if (minDaysSinceWatched !== null) {
      if (!w.lastWatchedAt || w.lastWatchedAt.getTime() > t - minDaysSinceWatched * DAY_MS) continue;
    }
    if (minVideoAgeDays !== null && v.downloadedAt.getTime() > t - minVideoAgeDays * DAY_MS) continue;
    out.push({ ...v, lastWatchedAt: w.lastWatchedAt });
  }
  return out;
}

export interface SpaceOutcome {
  /** Videos the strategy tried to remove, in order. */
  picked: Candidate[];
  freedBytes: number;
  /** Batches taken. */
  iterations: number;
  /** True once the freed bytes reached the need. */
  reached: boolean;
}

/**
 * Free-space strategy: takes the 50 oldest remaining videos at a time (at most 10 batches) and
 * removes them one by one until `needBytes` are freed. `remove` answers the bytes a removal freed
 * (an estimate in a dry run) or null when it failed; a failed one frees nothing and the next goes.
 */
export async function freeSpace(
  pool: readonly Candidate[],
  needBytes: number,
  remove: (v: Candidate) => Promise<number | null>,
  shouldStop: () => boolean = () => false,
): Promise<SpaceOutcome> {
  const ordered = [...pool].sort(oldestFirst);
  const outcome: SpaceOutcome = { picked: [], freedBytes: 0, iterations: 0, reached: needBytes <= 0 };
  let next = 0;
  while (!outcome.reached && outcome.iterations < SPACE_MAX_BATCHES && next < ordered.length && !shouldStop()) {
    const batch = ordered.slice(next, next + SPACE_BATCH_SIZE);
    next += batch.length;
    outcome.iterations++;
    for (const v of batch) {
      if (outcome.freedBytes >= needBytes || shouldStop()) break;
      outcome.picked.push(v);
      outcome.freedBytes += (await remove(v)) ?? 0;
    }
    outcome.reached = outcome.freedBytes >= needBytes;
  }
  return outcome;
}
