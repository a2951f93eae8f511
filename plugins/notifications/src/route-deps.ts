/** What the notifications routes are given, and the tag they share in the API document. */
import type { AppriseTarget } from '@vidkeep/contracts/notifications';
import type { AppriseCli } from './apprise/cli.js';
import type { Notifier } from './notifier.js';
import type { WebhookStore } from './webhooks/store.js';
import type { DeliveryWorker } from './webhooks/worker.js';

export interface RouteDeps {
  notifier: Notifier;
  apprise: AppriseCli;
  store: WebhookStore;
  worker: DeliveryWorker;
  targets: () => readonly AppriseTarget[];
  notificationsEnabled: () => boolean;
  /** Replaces the targets (config key `appriseUrls`), one change at a time. */
  saveTargets: (change: (targets: AppriseTarget[]) => AppriseTarget[]) => Promise<void>;
  requestTimeoutMs: number;
}

export const TAG = ['notifications'];
