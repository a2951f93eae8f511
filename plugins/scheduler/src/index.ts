import { liveHubRef, pluginStatesRef, SchedulerConfigSection, schedulerServiceRef } from '@vidkeep/contracts';
import { definePlugin, mapDomainErrors } from '@vidkeep/plugin-kit';
import { SchedulerTaskRunEntity } from './entities.js';
import { errorStatuses } from './routes/errors.js';
import { scheduleRoutes } from './routes/schedule-routes.js';
import { RunStore } from './services/run-store.js';
import { TaskScheduler } from './services/scheduler.js';

/**
 * Scheduled tasks for every plugin. A plugin that wants a task lists `scheduler` in
 * `optionalDependsOn` and calls `ctx.tryResolve(schedulerServiceRef)?.register({...})` in its
 * `register`. Tasks of later plugins (playlist sync, watch-status sync, auto-removal, file
 * rescan) register the same way; nothing here names them.
 */
export default definePlugin({
  id: 'scheduler',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Runs plugin tasks on cron schedules (Bree worker threads) and keeps their run history',
  config: SchedulerConfigSection,
  entities: [SchedulerTaskRunEntity],
  register(ctx) {
    const config = () => ctx.config.get();
    const states = ctx.tryResolve(pluginStatesRef);
    const store = new RunStore(ctx.orm);
    const scheduler = new TaskScheduler({
      store,
      logger: ctx.logger,
      config,
      saveOverrides: async (schedules) => {
        await ctx.config.update({ schedules });
      },
      hub: () => ctx.tryResolve(liveHubRef),
      pluginActive: (id) => states?.isActive(id) ?? true,
    });
    ctx.provide(schedulerServiceRef, scheduler);
    // Any key may move a schedule: `schedules`, or a plugin's own keys behind `configuredSchedule`.
    ctx.events.subscribe('core.config.updated', () => scheduler.rescheduleAll());
    ctx.routes(async (app) => {
      mapDomainErrors(app, errorStatuses);
      await app.register(scheduleRoutes, { scheduler, store });
    });
    ctx.onReady(() => scheduler.start());
    ctx.onClose(() => scheduler.stop(config().schedulerShutdownWaitSeconds * 1000));
    ctx.healthCheck('scheduler', () => ({ ok: true, message: `${scheduler.keys().length} tasks` }));
  },
});
