/** The API types this feature uses, from the contracts (type-only: nothing is bundled). */
export type {
  AppriseTargetList,
  AppriseTargetView,
  NotificationKind,
  NotificationTestResponse,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from '@vidkeep/contracts';
