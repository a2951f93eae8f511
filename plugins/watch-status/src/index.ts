import {
  watchedLibrariesRef,
  schedulerServiceRef,
  WatchStatusConfigSection,
  watchStatusProvidersRef,
  watchStatusServiceRef,
  type TaskResult,
  type WatchStatusRun,
} from '@vidkeep/contracts';
import { definePlugin } from '@vidkeep/plugin-kit';
import { WatchCursorEntity, WatchRowEntity, WatchRunEntity, WatchUserEntity } from './entities.js';
import { watchRoutes } from './routes/watch-routes.js';
import { SYNC_TASK, WatchStatusState } from './services/state.js';
import { WatchStore } from './services/store.js';
import { WatchSync } from './services/sync.js';
import { LocalWatchStatusService } from './services/watch-service.js';

/** A run as the scheduler's history records it. */
function taskResult(run: WatchStatusRun): TaskResult {
  const outcomes = Object.entries(run.servers);
  const failed = outcomes.filter(([, o]) => 'error' in o);
  const updated = outcomes.reduce((n, [, o]) => n + ('updated' in o ? o.updated : 0), 0);
  if (run.skipped) return { status: 'skipped', outcome: 'no-server', message: run.skipped, details: { ...run } };
  if (run.error || (failed.length && failed.length === outcomes.length)) {
    const message = run.error ?? failed.map(([k, o]) => `${k}: ${'error' in o ? o.error : ''}`).join('; ');
    return { status: 'error', outcome: 'failed', message, details: { ...run } };
  }
  const message = outcomes
    .map(([k, o]) => ('error' in o ? `${k}: ${o.error}` : `${k}: ${o.updated} updated`))
    .join('; ');
  return { status: 'success', outcome: updated ? `updated-${updated}` : 'up-to-date', message, details: { ...run } };
}

/**
 * Watch status (spec 1 item 4, 2.10 to 2.12): pulls who watched what from every media-server
 * plugin that contributes a watch-status provider (no kind is named here), keeps it per video,
 * server and user, and offers it to the plugins that list or remove videos
 * (`watchStatusServiceRef`, `watch-status.videos.changed`).
 */
export default definePlugin({
  id: 'watch-status',
  version: '1.0.0',
  core: '^1.0.0',
  description: 'Watch status: who watched what on every media server',
  // The media-server plugins contribute providers to its extension point and the library its
  // present videos: they need it, not it them.
  optionalDependsOn: ['scheduler'],
  consumes: [watchedLibrariesRef, watchStatusProvidersRef],
  optionalConsumes: [schedulerServiceRef],
  config: WatchStatusConfigSection,
  entities: [WatchRowEntity, WatchUserEntity, WatchCursorEntity, WatchRunEntity],
  register(ctx) {
    const providers = ctx.resolveAll(watchStatusProvidersRef);
    const shutdown = new AbortController();
    const store = new WatchStore(ctx.orm);
    const enabled = () => ctx.config.get().watchStatusSyncEnabled;
    const rule = () => ctx.config.get().watchStatusWatchedRule;
    const changed = (sourceIds: string[]) => ctx.events.publish('watch-status.videos.changed', { sourceIds });
    const sync = new WatchSync({
      store,
      providers,
      libraries: ctx.resolveAll(watchedLibrariesRef),
      outputDir: ctx.env.paths.outputDir,
      changed,
      logger: ctx.logger,
      signal: shutdown.signal,
    });
    const service = new LocalWatchStatusService({ store, providers, rule, enabled });
    ctx.provide(watchStatusServiceRef, service);

    const scheduler = ctx.tryResolve(schedulerServiceRef) ?? null;
    scheduler?.register({
      key: SYNC_TASK,
      title: 'Watch-status sync',
      description:
        'Reads what every user watched on each configured media server (only what changed since the last sync where the server keeps a play history). Schedule and switch: watchStatusSyncFrequency and watchStatusSyncEnabled.',
      defaultSchedule: '0 */4 * * *',
      configuredSchedule: () => ({ cron: ctx.config.get().watchStatusSyncFrequency, enabled: enabled() }),
      run: async (run) => taskResult(await sync.run(run.trigger)),
    });

    // The rule decides what counts as watched: every known video may change.
    ctx.events.subscribe('core.config.updated', async ({ changedKeys }) => {
      if (changedKeys.includes('watchStatusWatchedRule')) changed(await store.knownSourceIds());
    });

    const state = new WatchStatusState({ store, sync, service, scheduler, enabled, rule });
    ctx.routes(async (app) => {
      await app.register(watchRoutes, { state });
    });
    ctx.onClose(() => shutdown.abort());
  },
});
