import { Injectable, inject, signal } from '@angular/core';
import type { AppriseTargetList, Webhook } from './api-types';
import { NotificationsApi } from './notifications-api';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * What the Notifications page shows and shares between its sections: the targets, the
 * webhooks, and what the last action did (or why it failed). Provided by the page.
 */
@Injectable()
export class NotificationsState {
  readonly api = inject(NotificationsApi);
  readonly targets = signal<AppriseTargetList | null>(null);
  readonly webhooks = signal<Webhook[]>([]);
  readonly status = signal<string | null>(null);
  readonly error = signal<string | null>(null);

  async load(): Promise<void> {
    try {
      const [t, w] = await Promise.all([this.api.targets(), this.api.webhooks()]);
      this.targets.set(t);
      this.webhooks.set(w.webhooks);
    } catch (e) {
      this.error.set(`Notifications could not be loaded: ${message(e)}`);
    }
  }

  /** Runs an action; says what happened (or what went wrong) and reloads. */
  async act(work: () => Promise<string | null>): Promise<void> {
    this.error.set(null);
    this.status.set(null);
    try {
      this.status.set(await work());
    } catch (e) {
      this.error.set(message(e));
    }
    await this.load();
  }

  /** A failure outside `act` (a delivery log not read, a form refused before sending). */
  fail(e: unknown): void {
    this.error.set(message(e));
  }
}
