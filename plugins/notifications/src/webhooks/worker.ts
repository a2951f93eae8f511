import type { PluginLogger } from '@vidkeep/plugin-kit';
import { SIGNATURE_HEADER, signatureOf } from './signature.js';
import type { DueDelivery, WebhookRow, WebhookStore } from './store.js';
import { maskSecretsIn, maskWebhookUrl, requestTarget } from './url.js';

export interface RetryPolicy {
  /** The wait before the first retry; each next one doubles it. */
  baseMs: number;
  /** No wait is longer than this. */
  maxMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

/**
 * The wait before retry number `attempt` (1 = after the first failed attempt): exponential,
 * capped, with ±20 % jitter so that many deliveries failed together do not retry together.
 */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(0, Math.round(exp * (0.8 + 0.4 * random())));
}

export interface WorkerDeps {
  store: WebhookStore;
  policy: RetryPolicy;
  requestTimeoutMs: number;
  logger: PluginLogger;
  /** False while the plugin is switched off: nothing is sent, deliveries wait. */
  active: () => boolean;
  userAgent: string;
}

/** Attempts running at once. */
const PARALLEL = 4;
/** setTimeout's limit; a later retry is looked at again after this long. */
const TIMER_MAX = 2 ** 31 - 1;

/**
 * Sends the pending webhook deliveries, on the main thread (an HTTP POST needs no worker
 * thread). Deliveries live in SQLite, so a restart resumes them: `start` looks at what is due, and
 * one timer wakes the loop for the next retry.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly inFlight = new Set<AbortController>();

  constructor(private readonly deps: WorkerDeps) {}

  /** Looks for due deliveries now (after a start, an enqueue, a switch back on). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.clearTimer();
    this.running = this.loop()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'The webhook delivery loop failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        } else void this.schedule();
      });
  }

  /** Stops: no new attempt; attempts in flight are aborted and stay pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    for (const c of this.inFlight) c.abort();
    await this.running;
  }

  /** Resolves when nothing is being sent (tests and the benchmark). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async schedule(): Promise<void> {
    if (this.stopped || !this.deps.active()) return;
    const at = await this.deps.store.nextDueAt().catch(() => null);
    if (at === null || this.stopped || this.running) return;
    this.clearTimer();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.poke();
      },
      Math.min(TIMER_MAX, Math.max(0, at - Date.now())),
    );
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    const webhooks = new Map<number, WebhookRow | null>();
    while (!this.stopped && this.deps.active()) {
      const due = await this.deps.store.due(Date.now(), 20);
      if (due.length === 0) return;
      for (let i = 0; i < due.length && !this.stopped; i += PARALLEL) {
        await Promise.all(due.slice(i, i + PARALLEL).map((d) => this.attempt(d, webhooks)));
      }
    }
  }

  private async attempt(d: DueDelivery, cache: Map<number, WebhookRow | null>): Promise<void> {
    const { store, policy, logger } = this.deps;
    if (!cache.has(d.webhookId)) cache.set(d.webhookId, await store.get(d.webhookId));
    const webhook = cache.get(d.webhookId);
    const attempts = d.attempts + 1;
    if (!webhook || (!webhook.enabled && d.event !== 'test')) {
      await store.attempted(d.id, {
        status: 'failed',
        attempts: d.attempts,
        statusCode: null,
        error: webhook ? 'The webhook was switched off before this was sent' : 'The webhook was deleted',
        nextAttemptAt: null,
      });
      return;
    }
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), this.deps.requestTimeoutMs);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const target = requestTarget(webhook.url);
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          ...target.headers,
          'Content-Type': 'application/json',
          'User-Agent': this.deps.userAgent,
          'X-Vidkeep-Event': d.event,
          'X-Vidkeep-Delivery': d.id,
          [SIGNATURE_HEADER]: signatureOf(webhook.secret, d.body, Math.floor(Date.now() / 1000)),
        },
        body: d.body,
        // A redirect is an answer like any other: never followed (the secret's signature goes
        // only to the address the user gave).
        redirect: 'manual',
        signal: controller.signal,
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status > 299) error = `The receiver answered HTTP ${res.status}`;
    } catch (err) {
      if (this.stopped) return; // shutting down: the delivery stays pending for the next start
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      error = controller.signal.aborted
        ? `No answer within ${Math.round(this.deps.requestTimeoutMs / 1000)} s`
        : `The request failed: ${cause?.code ?? cause?.message ?? (err as Error).message}`;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    // The delivery log and its answers are read by clients: never the URL's credentials.
    if (error !== null) error = maskSecretsIn(error, webhook.url);
    if (error === null) {
      await store.attempted(d.id, { status: 'delivered', attempts, statusCode, error: null, nextAttemptAt: null });
    } else if (attempts >= d.maxAttempts || d.event === 'test') {
      // A test is tried once: its answer is what the user asked to see.
      await store.attempted(d.id, { status: 'failed', attempts, statusCode, error, nextAttemptAt: null });
      logger.warn(
        { webhookId: webhook.id, url: maskWebhookUrl(webhook.url), event: d.event, attempts, error },
        'A webhook delivery failed for good',
      );
    } else {
      const next = Date.now() + backoffMs(attempts, policy);
      await store.attempted(d.id, { status: 'pending', attempts, statusCode, error, nextAttemptAt: next });
      logger.info(
        { webhookId: webhook.id, event: d.event, attempts, retryAt: new Date(next).toISOString(), error },
        'A webhook delivery failed; it is tried again later',
      );
    }
    if (attempts === 1 || error === null) await store.prune(webhook.id).catch(() => undefined);
  }
}
