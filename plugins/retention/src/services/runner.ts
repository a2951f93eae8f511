import {
  ConflictError,
  RetentionErrorCodes,
  type AutoRemovalDryRunRequest,
  type AutoRemovalResult,
  type AutoRemovalStatus,
  type EventBus,
  type PluginLogger,
  type RetentionConfigSection,
  type TaskResult,
  type TaskRunContext,
} from '@vidkeep/contracts';
import type { RetentionEngine } from './engine.js';
import type { RunStore } from './run-store.js';
import { effectiveSettings, formatBytes, hasStrategy, parseSettings } from './settings.js';

export interface RunnerDeps {
  engine: RetentionEngine;
  store: RunStore;
  settings: () => RetentionConfigSection;
  logger: PluginLogger;
  /** Publishes `retention.videos.removed` after a real run that removed videos or had errors. */
  events?: Pick<EventBus, 'publish'>;
}

const NOTHING_TO_DO =
  'Nothing to remove by: no age or free-space threshold is set and the watched strategy is off (the keep-recent count alone removes nothing)';

/** Runs automatic removal one at a time (manual and scheduled share the lock), and the preview. */
export class RetentionRunner {
  private current: Promise<AutoRemovalResult> | null = null;

  constructor(private readonly deps: RunnerDeps) {}

  isRunning(): boolean {
    return this.current !== null;
  }

  /** The preview: saved settings with unsaved overrides; works while switched off; changes nothing. */
  dryRun(overrides: AutoRemovalDryRunRequest): Promise<AutoRemovalResult> {
    const { watchStatusWatchedRule, ...keys } = overrides;
    return this.deps.engine.run({
      dryRun: true,
      settings: effectiveSettings(this.deps.settings(), keys),
      ...(watchStatusWatchedRule ? { watchedRule: watchStatusWatchedRule } : {}),
    });
  }

  /** A real run with the saved settings, recorded as the last run. */
  async run(trigger: 'scheduled' | 'manual', signal?: AbortSignal): Promise<AutoRemovalResult> {
    if (this.current) {
      throw new ConflictError(
        RetentionErrorCodes.running,
        'An automatic-removal run is already running; wait for it to finish',
      );
    }
    const settings = this.deps.settings();
    if (!hasStrategy(parseSettings(settings)))
      throw new ConflictError(RetentionErrorCodes.nothingConfigured, NOTHING_TO_DO);
    const work = this.record(trigger, settings, signal);
    this.current = work;
    try {
      return await work;
    } finally {
      this.current = null;
    }
  }

  private async record(
    trigger: 'scheduled' | 'manual',
    settings: RetentionConfigSection,
    signal?: AbortSignal,
  ): Promise<AutoRemovalResult> {
    const id = await this.deps.store.start(trigger, new Date());
    try {
      const result = await this.deps.engine.run({ dryRun: false, settings, signal });
      await this.deps.store.finish(id, { result, error: null });
      if (result.totalDeleted > 0 || result.errors.length > 0) {
        const { ageStrategy, watchedStrategy, spaceStrategy } = result.plan;
        this.deps.events?.publish('retention.videos.removed', {
          trigger,
          totalDeleted: result.totalDeleted,
          deletedByAge: result.deletedByAge,
          deletedByWatched: result.deletedByWatched,
          deletedBySpace: result.deletedBySpace,
          freedBytes: result.freedBytes,
          sampleTitles: [ageStrategy, watchedStrategy, spaceStrategy]
            .flatMap((s) => s.sampleVideos.map((v) => v.title))
            .slice(0, 30),
          errors: result.errors.slice(0, 10),
        });
        this.deps.logger.info(
          { trigger, deleted: result.totalDeleted, freedBytes: result.freedBytes, errors: result.errors.length },
          'Automatic removal finished',
        );
      }
      return result;
    } catch (err) {
      await this.deps.store.finish(id, { result: null, error: (err as Error).message }).catch(() => undefined);
      throw err;
    }
  }

  async status(): Promise<AutoRemovalStatus> {
    const running = this.isRunning();
    return {
      enabled: this.deps.settings().autoRemovalEnabled,
      running,
      lastRun: await this.deps.store.last(running),
    };
  }

  /**
   * The scheduler's task. Its own runs (nightly, at start-up) run only while `autoRemovalEnabled`,
   * otherwise they record why not; a person's Run now (`manual`) always runs, as
   * `POST /api/auto-removal/run` does: the switch is about removing by itself.
   */
  async scheduled(ctx: TaskRunContext): Promise<TaskResult> {
    const settings = this.deps.settings();
    if (!settings.autoRemovalEnabled && ctx.trigger !== 'manual') {
      return {
        status: 'skipped',
        outcome: 'disabled',
        message: 'Automatic removal is switched off (autoRemovalEnabled)',
      };
    }
    if (!hasStrategy(parseSettings(settings)))
      return { status: 'skipped', outcome: 'nothing-set', message: NOTHING_TO_DO };
    if (this.current) {
      return { status: 'skipped', outcome: 'running', message: 'An automatic-removal run is already running' };
    }
    const result = await this.run(ctx.trigger === 'manual' ? 'manual' : 'scheduled', ctx.signal);
    const parts = [
      `${result.deletedByAge} by age`,
      `${result.deletedByWatched} watched`,
      `${result.deletedBySpace} for free space`,
    ];
    const summary = `Removed ${result.totalDeleted} video(s), ${formatBytes(result.freedBytes)} freed (${parts.join(', ')})`;
    return {
      status: result.errors.length > 0 ? 'error' : 'success',
      outcome: `removed-${result.totalDeleted}`,
      message: result.errors.length > 0 ? `${summary}. ${result.errors.slice(0, 3).join('. ')}` : summary,
      details: {
        deletedByAge: result.deletedByAge,
        deletedByWatched: result.deletedByWatched,
        deletedBySpace: result.deletedBySpace,
        freedBytes: result.freedBytes,
        errors: result.errors.slice(0, 20),
      },
    };
  }
}
