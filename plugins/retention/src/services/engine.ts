import { statfs } from 'node:fs/promises';
import {
  isDomainError,
  type AutoRemovalPlan,
  type AutoRemovalResult,
  type AutoRemovalSampleVideo,
  type ChannelRetention,
  type DownloadQueueService,
  type LibraryService,
  type PluginLogger,
  type RetentionConfigSection,
  type VideoWatch,
  type WatchedRule,
  type WatchStatusService,
} from '@vidkeep/contracts';
import {
  ageCandidates,
  applyGuards,
  freeSpace,
  oldestFirst,
  toCandidate,
  watchedCandidates,
  type Candidate,
  type WatchedCandidate,
} from './plan.js';
import { formatBytes, parseSettings, type RetentionSettings } from './settings.js';

const SAMPLE_SIZE = 10;

export interface EngineDeps {
  downloads: DownloadQueueService;
  library: LibraryService;
  /** The channels plugin's settings, when it is loaded. */
  channels: () => ChannelRetention | undefined;
  /** The watch-status service, when a plugin provides it. */
  watch: () => WatchStatusService | undefined;
  watchedRule: () => WatchedRule;
  outputDir: string;
  logger: PluginLogger;
}

export interface RunRequest {
  dryRun: boolean;
  settings: RetentionConfigSection;
  /** An unsaved `watchStatusWatchedRule` (the preview); the saved one otherwise. */
  watchedRule?: WatchedRule;
  signal?: AbortSignal;
}

/** Total and free bytes of the file system holding `dir` (what an unprivileged writer may use). */
export async function diskStatus(dir: string): Promise<{ totalBytes: number; freeBytes: number }> {
  const s = await statfs(dir);
  return { totalBytes: Number(s.blocks) * Number(s.bsize), freeBytes: Number(s.bavail) * Number(s.bsize) };
}

const sample = (v: Candidate, lastWatchedAt: Date | null = null): AutoRemovalSampleVideo => ({
  sourceId: v.sourceId,
  title: v.title,
  channelName: v.channelName,
  fileSize: v.fileSize,
  downloadedAt: v.downloadedAt.toISOString(),
  lastWatchedAt: lastWatchedAt ? lastWatchedAt.toISOString() : null,
});

const sum = (vs: readonly Candidate[]) => vs.reduce((n, v) => n + v.bytes, 0);

function emptyPlan(s: RetentionSettings, rule: WatchedRule): AutoRemovalPlan {
  const strategy = (enabled: boolean) => ({
    enabled,
    candidateCount: 0,
    estimatedFreedBytes: 0,
    deletedCount: 0,
    failedCount: 0,
    sampleVideos: [],
    skipped: null,
  });
  return {
    keepRecent: { count: s.keepRecentCount, protectedCount: 0 },
    ageStrategy: { ...strategy(s.ageDays !== null), thresholdDays: s.ageDays },
    watchedStrategy: {
      ...strategy(s.watchedEnabled),
      rule,
      minDaysSinceWatched: s.minDaysSinceWatched,
      minVideoAgeDays: s.minVideoAgeDays,
    },
    spaceStrategy: {
      ...strategy(s.freeSpaceBytes !== null),
      threshold: s.freeSpaceText,
      thresholdBytes: s.freeSpaceBytes,
      storageStatus: null,
      needsCleanup: false,
      iterations: 0,
    },
  };
}

/**
 * Automatic removal (reference 7.1 and 7.2) in the order keep-recent guard, age, watched, space.
 * A dry run goes through the very same steps and only counts: nothing is deleted and nothing is
 * written. A real run removes one video at a time through the downloader's safe deletion.
 */
export class RetentionEngine {
  constructor(private readonly deps: EngineDeps) {}

  async run(request: RunRequest): Promise<AutoRemovalResult> {
    const { dryRun, signal } = request;
    const settings = parseSettings(request.settings);
    const rule = request.watchedRule ?? this.deps.watchedRule();
    const now = new Date();
    const plan = emptyPlan(settings, rule);
    const result: AutoRemovalResult = {
      success: true,
      dryRun,
      deletedByAge: 0,
      deletedByWatched: 0,
      deletedBySpace: 0,
      totalDeleted: 0,
      freedBytes: 0,
      errors: [],
      plan,
    };
    const stopped = () => signal?.aborted === true;

    const all = (await this.deps.library.retentionCandidates()).map(toCandidate);
    const channels = (await this.deps.channels()?.retentionSettings()) ?? [];
    const active = new Set(this.deps.downloads.activeVideos().keys());
    const guarded = applyGuards(all, settings.keepRecentCount, channels, active);
    plan.keepRecent.protectedCount = guarded.keptRecent.size;
    /** What later strategies may still pick: not taken (or tried) by an earlier one. */
    const taken = new Set<string>();
    const pool = () => guarded.eligible.filter((v) => !taken.has(v.sourceId));
    let estimatedEarlier = 0;

    /** Removes (or, in a dry run, counts) one video; the bytes freed, or null when it failed. */
    const remove = async (v: Candidate): Promise<number | null> => {
      taken.add(v.sourceId);
      if (dryRun) return v.bytes;
      try {
        const removed = await this.deps.library.removeVideo(v.sourceId, { respectProtection: true });
        result.freedBytes += removed.freedBytes;
        return removed.freedBytes;
      } catch (err) {
        const why = isDomainError(err) ? err.message : `the files could not be deleted (${(err as Error).message})`;
        result.errors.push(`Could not remove "${v.title}" (${v.sourceId}): ${why}`);
        this.deps.logger.warn(
          { sourceId: v.sourceId, err: (err as Error).message },
          'Automatic removal of a video failed',
        );
        return null;
      }
    };
    const removeAll = async (picked: readonly Candidate[], strategy: { deletedCount: number; failedCount: number }) => {
      for (const v of picked) {
        if (stopped()) break;
        if ((await remove(v)) === null) strategy.failedCount++;
        else strategy.deletedCount++;
      }
    };

    // 1. Age.
    if (settings.ageDays !== null) {
      const s = plan.ageStrategy;
      const picked = ageCandidates(pool(), settings.ageDays, now);
      s.candidateCount = picked.length;
      s.estimatedFreedBytes = sum(picked);
      s.sampleVideos = picked.slice(0, SAMPLE_SIZE).map((v) => sample(v));
      await removeAll(picked, s);
      estimatedEarlier += s.estimatedFreedBytes;
      result.deletedByAge = dryRun ? s.candidateCount : s.deletedCount;
    }

    // 2. Watched.
    if (settings.watchedEnabled) {
      const s = plan.watchedStrategy;
      const service = this.deps.watch();
      if (!service) {
        s.skipped = 'Watch status is not available: no plugin provides it (the watch-status plugin is not loaded)';
      } else if (!service.enabled()) {
        s.skipped =
          'Watch-status sync is switched off (watchStatusSyncEnabled), so it is not known which videos were watched';
      } else {
        const candidates = pool();
        let watch: Map<string, VideoWatch> | null = null;
        try {
          watch = await service.watchOf(
            candidates.map((v) => v.sourceId),
            { rule },
          );
        } catch (err) {
          s.skipped = `Watch status could not be read: ${(err as Error).message}`;
          result.errors.push(s.skipped);
        }
        if (watch) {
          const picked: WatchedCandidate[] = watchedCandidates(
            candidates,
            watch,
            settings.minDaysSinceWatched,
            settings.minVideoAgeDays,
            now,
          );
          s.candidateCount = picked.length;
          s.estimatedFreedBytes = sum(picked);
          s.sampleVideos = picked.slice(0, SAMPLE_SIZE).map((v) => sample(v, v.lastWatchedAt));
          await removeAll(picked, s);
          estimatedEarlier += s.estimatedFreedBytes;
          result.deletedByWatched = dryRun ? s.candidateCount : s.deletedCount;
        }
      }
    }

    // 3. Free space, measured on the output directory's file system after the strategies above.
    if (settings.freeSpaceBytes !== null) {
      const s = plan.spaceStrategy;
      const threshold = settings.freeSpaceBytes;
      let disk: { totalBytes: number; freeBytes: number } | null = null;
      try {
        disk = await diskStatus(this.deps.outputDir);
      } catch (err) {
        s.skipped = `The free space of the output directory could not be read (${(err as Error).message})`;
        result.errors.push(s.skipped);
      }
      if (disk && !stopped()) {
        s.storageStatus = disk;
        // A dry run deleted nothing: credit what the strategies above would free, as the real run
        // reads the disk after they deleted.
        const free = disk.freeBytes + (dryRun ? estimatedEarlier : 0);
        s.needsCleanup = free < threshold;
        if (s.needsCleanup) {
          const need = threshold - free;
          const outcome = await freeSpace(
            pool(),
            need,
            async (v) => {
              const freed = await remove(v);
              if (freed === null) s.failedCount++;
              else s.deletedCount++;
              return freed;
            },
            stopped,
          );
          s.iterations = outcome.iterations;
          s.candidateCount = outcome.picked.length;
          s.estimatedFreedBytes = sum(outcome.picked);
          s.sampleVideos = [...outcome.picked]
            .sort(oldestFirst)
            .slice(0, SAMPLE_SIZE)
            .map((v) => sample(v));
          result.deletedBySpace = dryRun ? s.candidateCount : s.deletedCount;
          if (!outcome.reached && !stopped()) {
            result.errors.push(
              `Free space ${dryRun ? 'would still be' : 'is still'} below ${s.threshold}: ${dryRun ? 'removing' : 'removed'} ${outcome.picked.length} video(s) for ${formatBytes(outcome.freedBytes)} of the ${formatBytes(need)} needed; no other video may be removed (protected, kept as recent, or the limit of 500 per run)`,
            );
          }
        }
      }
    }

    if (stopped()) result.errors.push('Stopped early: the server is shutting down');
    result.totalDeleted = result.deletedByAge + result.deletedByWatched + result.deletedBySpace;
    if (dryRun) {
      result.simulationTotals = {
        byAge: result.deletedByAge,
        byWatched: result.deletedByWatched,
        bySpace: result.deletedBySpace,
        total: result.totalDeleted,
        estimatedFreedBytes:
          plan.ageStrategy.estimatedFreedBytes +
          plan.watchedStrategy.estimatedFreedBytes +
          plan.spaceStrategy.estimatedFreedBytes,
      };
    }
    result.success = result.errors.length === 0;
    return result;
  }
}
