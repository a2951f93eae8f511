import {
  WEBHOOK_BODY_VERSION,
  type AppriseTarget,
  type NotificationsConfigSection,
  type WebhookBody,
} from '@vidkeep/contracts/notifications';
import { type MediaServerSyncFailedPayload, type PluginLogger } from '@vidkeep/plugin-kit';
import type { AppriseCli, SendResult } from './apprise/cli.js';
import { maskAppriseUrl, wantsMarkdown } from './apprise/targets.js';
import { syncFailedMessage, type Notification } from './messages.js';
import type { WebhookRow, WebhookStore } from './webhooks/store.js';
import type { DeliveryWorker } from './webhooks/worker.js';

export interface NotifierDeps {
  config: () => Readonly<NotificationsConfigSection>;
  apprise: AppriseCli;
  store: WebhookStore;
  worker: DeliveryWorker;
  maxAttempts: () => number;
  /** Media-server sync failures within this many ms go out as one message. */
  coalesceMs: number;
  logger: PluginLogger;
}

/** The JSON body of a webhook delivery (typed in the contracts as `WebhookBody`). */
export function bodyOf(n: Notification, id: string): string {
  const body = {
    version: WEBHOOK_BODY_VERSION,
    id,
    event: n.kind,
    occurredAt: n.occurredAt.toISOString(),
    title: n.title,
    message: n.text,
    data: n.data,
  } as WebhookBody;
  return JSON.stringify(body);
}

/**
 * The fan-out: one notification goes to every enabled Apprise target (while
 * `notificationsEnabled`) and to every enabled webhook that asked for its kind. Apprise runs one
 * at a time, in the background; webhook deliveries are stored first and sent by the worker.
 */
export class Notifier {
  private apprise$: Promise<unknown> = Promise.resolve();
  private webhooks$: Promise<WebhookRow[]> | null = null;
  private syncFailures: MediaServerSyncFailedPayload[] = [];
  private syncTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: NotifierDeps) {}

  /** The webhooks changed: read them again at the next notification. */
  webhooksChanged(): void {
    this.webhooks$ = null;
  }

  async notify(n: Notification | null): Promise<void> {
    if (!n) return;
    await Promise.all([this.toWebhooks(n), this.toApprise(n)]);
  }

  /** Collects sync failures for `coalesceMs`, then sends them as one notification. */
  syncFailed(e: MediaServerSyncFailedPayload): void {
    this.syncFailures.push(e);
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = null;
      const batch = this.syncFailures;
      this.syncFailures = [];
      this.notify(syncFailedMessage(batch)).catch((err: unknown) =>
        this.deps.logger.error({ err }, 'Sending the media-server sync failures failed'),
      );
    }, this.deps.coalesceMs);
    this.syncTimer.unref();
  }

  /** Resolves when every Apprise run queued so far has ended (tests and the benchmark). */
  async settled(): Promise<void> {
    await this.apprise$;
  }

  close(): void {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
  }

  private async toWebhooks(n: Notification): Promise<void> {
    this.webhooks$ ??= this.deps.store.all();
    const hooks = (await this.webhooks$).filter((w) => w.enabled && n.kind !== 'test' && w.events.includes(n.kind));
    if (hooks.length === 0) return;
    await this.deps.store.enqueue(
      hooks.map((w) => ({ webhookId: w.id, event: n.kind, title: n.title, body: (id: string) => bodyOf(n, id) })),
      this.deps.maxAttempts(),
    );
    this.deps.worker.poke();
  }

  private toApprise(n: Notification): Promise<void> {
    const config = this.deps.config();
    if (!config.notificationsEnabled) return Promise.resolve();
    const targets = config.appriseUrls.filter((t) => t.enabled ?? true);
    if (targets.length === 0) return Promise.resolve();
    this.apprise$ = this.apprise$.then(async () => {
      const r = await this.send(targets, n);
      if (!r.ok)
        this.deps.logger.warn({ kind: n.kind, problem: r.message }, 'A notification was not delivered by Apprise');
    });
    return Promise.resolve();
  }

  /** Sends one notification to these targets now: Markdown to those that show it, text to the rest. */
  async send(targets: readonly AppriseTarget[], n: Notification): Promise<SendResult> {
    const rich = targets.filter(wantsMarkdown).map((t) => t.url);
    const plain = targets.filter((t) => !wantsMarkdown(t)).map((t) => t.url);
    const results: SendResult[] = [];
    if (rich.length)
      results.push(await this.deps.apprise.send(rich, { title: n.title, body: n.markdown, format: 'markdown' }));
    if (plain.length)
      results.push(await this.deps.apprise.send(plain, { title: n.title, body: n.text, format: 'text' }));
    const failed = results.filter((r) => !r.ok);
    if (failed.length === 0)
      return { ok: true, message: `Sent to ${targets.length} target${targets.length === 1 ? '' : 's'}` };
    return { ok: false, missing: failed.some((r) => r.missing), message: failed.map((r) => r.message).join('; ') };
  }

  /** For logs: which targets, never their URLs. */
  static describe(targets: readonly AppriseTarget[]): string[] {
    return targets.map((t) => t.name || maskAppriseUrl(t.url));
  }
}
