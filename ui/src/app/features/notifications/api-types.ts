/**
 * The contracts types this feature names (type-only: nothing is bundled). What a route answers
 * comes typed from `notifications-api.ts`.
 */
export type { AppriseTargetList, NotificationKind, Webhook, WebhookDelivery } from '@vidkeep/contracts';
