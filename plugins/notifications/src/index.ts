/**
 * Notifications: Apprise targets (`appriseUrls`, reference 1.3 and 3) and signed webhooks, for
 * finished downloads, failed jobs, new videos of a sweep, storage pauses, yt-dlp updates,
 * media-server sync failures and automatic removals. One message per occasion, whatever number
 * of videos it covers.
 *
 * Written against `@vidkeep/plugin-kit` alone, as a plugin from outside the repository would be
 * (an architecture test keeps it so): docs/writing-plugins.md uses it as the worked example.
 */
import {
  definePlugin,
  NotificationsConfigSection,
  pluginStatesRef,
  Sql,
  Type,
  type AppriseTarget,
  type PluginContext,
} from '@vidkeep/plugin-kit';
import { AppriseCli, INSTALL_HINT } from './apprise/cli.js';
import {
  discoveredMessage,
  jobMessage,
  retentionMessage,
  storagePausedMessage,
  storageResumedMessage,
  toolUpdateMessage,
} from './messages.js';
import { Notifier } from './notifier.js';
import { notificationRoutes } from './routes.js';
import { DeliveryTable, WebhookTable } from './webhooks/tables.js';
import { WebhookStore } from './webhooks/store.js';
import { DeliveryWorker } from './webhooks/worker.js';

export const ID = 'notifications';
const VERSION = '1.0.0';

/** Manifest options: the command and the timings (tests shorten the retry wait). */
export const NotificationsOptions = Type.Object(
  {
    appriseCommand: Type.String({ minLength: 1, maxLength: 500, default: 'apprise' }),
    appriseTimeoutSeconds: Type.Number({ minimum: 1, maximum: 600, default: 30 }),
    webhookTimeoutSeconds: Type.Number({ minimum: 0.1, maximum: 120, default: 10 }),
    webhookRetryBaseSeconds: Type.Number({ minimum: 0.1, maximum: 3600, default: 30 }),
    webhookRetryMaxSeconds: Type.Number({ minimum: 1, maximum: 86_400, default: 3600 }),
    webhookMaxAttempts: Type.Integer({ minimum: 1, maximum: 50, default: 8 }),
    /** Media-server sync failures within this many seconds go out as one message. */
    coalesceSeconds: Type.Number({ minimum: 0, maximum: 600, default: 10 }),
  },
  { additionalProperties: false },
);
export interface NotificationsOptions {
  appriseCommand: string;
  appriseTimeoutSeconds: number;
  webhookTimeoutSeconds: number;
  webhookRetryBaseSeconds: number;
  webhookRetryMaxSeconds: number;
  webhookMaxAttempts: number;
  coalesceSeconds: number;
}

type Ctx = PluginContext<NotificationsOptions, NotificationsConfigSection>;

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
    const ctx = raw as unknown as Ctx;
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

    // Each subscription builds one message; the bus keeps a failing one from reaching the publisher.
    const on = ctx.events.subscribe.bind(ctx.events);
    on('downloader.job.finished', (e) => notifier.notify(jobMessage(e)));
    on('channels.videos.discovered', (e) => notifier.notify(discoveredMessage(e)));
    on('playlists.videos.discovered', (e) => notifier.notify(discoveredMessage(e)));
    on('downloader.storage.paused', (e) => notifier.notify(storagePausedMessage(e)));
    on('downloader.storage.resumed', (e) => notifier.notify(storageResumedMessage(e)));
    on('downloader.tool.updateChecked', (e) => notifier.notify(toolUpdateMessage(e)));
    on('playlists.mediaServerSync.failed', (e) => notifier.syncFailed(e));
    on('retention.videos.removed', (e) => notifier.notify(retentionMessage(e)));
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

    ctx.healthCheck('apprise', async () => {
      const s = await apprise.status();
      const targets = ctx.config.get().appriseUrls.filter((t) => t.enabled ?? true).length;
      if (s.available)
        return { ok: true, message: `apprise ${s.version ?? ''} with ${targets} target(s)`.replace('  ', ' ') };
      // Without targets nothing depends on it yet: said, but not a failure.
      return targets > 0 && ctx.config.get().notificationsEnabled
        ? { ok: false, message: `${s.problem}. ${targets} Apprise target(s) get nothing until it is installed.` }
        : { ok: true, message: `apprise is not installed (${INSTALL_HINT}); needed only for Apprise targets` };
    });
    ctx.healthCheck('webhooks', async () => {
      const views = await store.views((await store.all()).filter((w) => w.enabled));
      const failing = views.filter(
        (w) => w.lastDelivery?.status === 'failed' || (w.lastDelivery?.statusCode ?? 200) >= 300,
      );
      const pending = views.reduce((n, w) => n + w.pendingCount, 0);
      if (failing.length > 0)
        return {
          ok: false,
          message: `The last delivery to ${failing.map((w) => `"${w.name}"`).join(', ')} failed; ${pending} pending`,
        };
      return { ok: true, message: `${views.length} webhook(s) on, ${pending} delivery(ies) pending` };
    });

    // Deliveries a stop left pending are sent again (the worker does nothing while switched off).
    ctx.onReady(() => worker.poke());
    ctx.onClose(async () => {
      notifier.close();
      await worker.stop();
      await notifier.settled();
    });
  },
});
