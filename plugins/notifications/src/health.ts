import { INSTALL_HINT, type AppriseCli } from './apprise/cli.js';
import type { NotificationsContext } from './options.js';
import type { WebhookStore } from './webhooks/store.js';

/** `GET /api/health`: whether Apprise can deliver to the targets, and whether webhook deliveries fail. */
export function addHealthChecks(
  ctx: NotificationsContext,
  { apprise, store }: { apprise: AppriseCli; store: WebhookStore },
) {
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
}
