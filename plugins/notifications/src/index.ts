/**
 * Notifications: Apprise targets (`appriseUrls`, reference 1.3 and 3) and signed webhooks, for
 * finished downloads, failed jobs, new videos of a sweep, storage pauses, yt-dlp updates,
 * media-server sync failures and automatic removals. One message per occasion, whatever number
 * of videos it covers.
 *
 * Written against `@vidkeep/plugin-kit` alone, as a plugin from outside the repository would be
 * (an architecture test keeps it so): docs/writing-plugins.md uses it as the worked example.
 */
import { NotificationsConfigSection, type AppriseTarget } from '@vidkeep/contracts/notifications';
import { definePlugin, pluginStatesRef, Sql } from '@vidkeep/plugin-kit';
import { AppriseCli } from './apprise/cli.js';
import { addHealthChecks } from './health.js';
import { Notifier } from './notifier.js';
import { NotificationsOptions, type NotificationsContext } from './options.js';
import { subscribeMessages } from './subscribers/messages.js';
import { notificationRoutes } from './routes.js';
import { DeliveryTable, WebhookTable } from './webhooks/tables.js';
import { WebhookStore } from './webhooks/store.js';
import { DeliveryWorker } from './webhooks/worker.js';

export { NotificationsOptions };
export const ID = 'notifications';
const VERSION = '1.0.0';

export default definePlugin({
  id: ID,
  version: VERSION,
  core: '^1.1.0',
  description:
    'Notifications: Apprise targets and signed webhooks for downloads, new videos, storage, updates and removals',
  toggleable: true,
  options: NotificationsOptions,
  config: NotificationsConfigSection,
  migrations: [
    {
      name: '20261128060000_initial',
      load: async () => (await import('./migrations/20261128060000_initial.js')).Initial,
    },
  ],
  entities: [WebhookTable, DeliveryTable],
  optionalConsumes: [pluginStatesRef],
  register(raw) {
    const ctx = raw as unknown as NotificationsContext;
    const o = ctx.options;
    const states = ctx.tryResolve(pluginStatesRef);
    const active = () => states?.isActive(ID) ?? true;
    const store = new WebhookStore(new Sql(ctx.orm));
    const apprise = new AppriseCli(o.appriseCommand, o.appriseTimeoutSeconds * 1000);
    const worker = new DeliveryWorker({
      store,
      policy: {
        baseMs: o.webhookRetryBaseSeconds * 1000,
        maxMs: o.webhookRetryMaxSeconds * 1000,
        maxAttempts: o.webhookMaxAttempts,
      },
      requestTimeoutMs: o.webhookTimeoutSeconds * 1000,
      logger: ctx.logger,
      active,
      userAgent: `vidkeep-webhooks/${VERSION}`,
    });
    const notifier = new Notifier({
      config: () => ctx.config.get(),
      apprise,
      store,
      worker,
      maxAttempts: () => o.webhookMaxAttempts,
      coalesceMs: o.coalesceSeconds * 1000,
      logger: ctx.logger,
    });

    subscribeMessages(ctx.events, notifier);
    // Switched back on: what waited is sent now.
    states?.onChange((id, on) => {
      if (id === ID && on) worker.poke();
    });

    // Target edits are read-modify-write of one config key: one at a time.
    let saving: Promise<unknown> = Promise.resolve();
    const saveTargets = (change: (targets: AppriseTarget[]) => AppriseTarget[]) => {
      const run = saving.then(async () => {
        const next = change([...ctx.config.get().appriseUrls]);
        await ctx.config.update({ appriseUrls: next });
      });
      saving = run.catch(() => undefined);
      return run;
    };

    ctx.routes(async (app) => {
      await app.register(notificationRoutes, {
        notifier,
        apprise,
        store,
        worker,
        targets: () => ctx.config.get().appriseUrls,
        notificationsEnabled: () => ctx.config.get().notificationsEnabled,
        saveTargets,
        requestTimeoutMs: o.webhookTimeoutSeconds * 1000,
      });
    });

    addHealthChecks(ctx, { apprise, store });

    // Deliveries a stop left pending are sent again (the worker does nothing while switched off).
    ctx.onReady(() => worker.poke());
    ctx.onClose(async () => {
      notifier.close();
      await worker.stop();
      await notifier.settled();
    });
  },
});
