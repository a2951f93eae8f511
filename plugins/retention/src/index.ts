import {
  channelRetentionRef,
  downloadQueueServiceRef,
  libraryServiceRef,
  RetentionConfigSection,
  schedulerServiceRef,
  watchStatusServiceRef,
  type WatchedRule,
} from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import { RetentionRunEntity } from './entities.js';
import { errorStatuses } from './routes/errors.js';
import { retentionRoutes } from './routes/retention-routes.js';
import { RetentionEngine } from './services/engine.js';
import { RunStore } from './services/run-store.js';
import { RetentionRunner } from './services/runner.js';

export const AUTO_REMOVAL_TASK = 'retention.auto-removal';

/**
 * Retention (automatic removal, reference 7.1 and 7.2): the nightly run, the preview with unsaved
 * settings and the last run's result. It decides what goes and never deletes a file itself: every
 * removal goes through the downloader's safe deletion, one video at a time.
 */
export default definePlugin({
  id: 'retention',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Automatic removal: by age, by free space, by watched state, with keep-recent and protection guards',
  dependsOn: ['downloader', 'library'],
  optionalDependsOn: ['scheduler', 'channels', 'watch-status'],
  consumes: [downloadQueueServiceRef, libraryServiceRef],
  optionalConsumes: [schedulerServiceRef, channelRetentionRef, watchStatusServiceRef],
  config: RetentionConfigSection,
  entities: [RetentionRunEntity],
  register(ctx) {
    const settings = () => ctx.config.get();
    const engine = new RetentionEngine({
      downloads: ctx.resolve(downloadQueueServiceRef),
      library: ctx.resolve(libraryServiceRef),
      // Resolved at each run: a provider registered after this plugin (or none) is fine.
      channels: () => ctx.tryResolve(channelRetentionRef),
      watch: () => ctx.tryResolve(watchStatusServiceRef),
      watchedRule: () => (ctx.config.read('watchStatusWatchedRule') as WatchedRule | undefined) ?? 'any',
      outputDir: ctx.env.paths.outputDir,
      logger: ctx.logger,
    });
    const runner = new RetentionRunner({
      engine,
      store: new RunStore(ctx.orm),
      settings,
      logger: ctx.logger,
      events: ctx.events,
    });

    ctx.tryResolve(schedulerServiceRef)?.register({
      key: AUTO_REMOVAL_TASK,
      title: 'Automatic removal',
      description:
        'Removes videos by age, watched state and free space (Settings, Retention) on schedule while autoRemovalEnabled is on (otherwise recorded as skipped); Run now always runs.',
      defaultSchedule: '0 2 * * *',
      run: (run) => runner.scheduled(run),
    });

    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(retentionRoutes, { runner });
    });
  },
});
