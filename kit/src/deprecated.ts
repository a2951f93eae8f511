/**
 * Names of plugin API 1.0 to 1.2 that 1.3.0 replaced, kept for plugins built against 1.x until
 * 2.0.0 removes them. First-party code uses the replacements (an architecture test checks it);
 * docs/writing-plugins.md, "Stability", lists what replaces what.
 */

// MikroORM's classes and types (deprecated in the core's plugin API): use `defineEntity`,
// `{ type: 'bigint', bigintAs }`, `PluginEntityManager` and `EntityWhere`.
export { BigIntType, EntitySchema, type EntityManager, type FilterQuery } from '@vidkeep/core/plugin-api';

// One plugin's own shapes: the notifications plugin's config keys, HTTP shapes and webhook body
// (kit 1.1 to 1.2), and the error codes of plugins whose services the kit does not expose. They
// live in that plugin's contracts subpath (`@vidkeep/contracts/<plugin id>`).
export {
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NotificationsConfigSection` of `@vidkeep/contracts/notifications` */
  NotificationsConfigSection,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `AppriseTarget` of `@vidkeep/contracts/notifications` */
  AppriseTarget,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `APPRISE_URL_PATTERN` of `@vidkeep/contracts/notifications` */
  APPRISE_URL_PATTERN,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `APPRISE_TARGETS_MAX` of `@vidkeep/contracts/notifications` */
  APPRISE_TARGETS_MAX,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NOTIFICATION_KINDS` of `@vidkeep/contracts/notifications` */
  NOTIFICATION_KINDS,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NotificationKind` of `@vidkeep/contracts/notifications` */
  NotificationKind,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NotificationTestResponse` of `@vidkeep/contracts/notifications` */
  NotificationTestResponse,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NotificationTestSingleRequest` of `@vidkeep/contracts/notifications` */
  NotificationTestSingleRequest,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `AppriseStatus` of `@vidkeep/contracts/notifications` */
  AppriseStatus,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `AppriseTargetView` of `@vidkeep/contracts/notifications` */
  AppriseTargetView,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `AppriseTargetList` of `@vidkeep/contracts/notifications` */
  AppriseTargetList,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NewAppriseTarget` of `@vidkeep/contracts/notifications` */
  NewAppriseTarget,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `AppriseTargetPatch` of `@vidkeep/contracts/notifications` */
  AppriseTargetPatch,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `TargetIdParams` of `@vidkeep/contracts/notifications` */
  TargetIdParams,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WEBHOOKS_MAX` of `@vidkeep/contracts/notifications` */
  WEBHOOKS_MAX,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `DELIVERY_STATUSES` of `@vidkeep/contracts/notifications` */
  DELIVERY_STATUSES,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `DeliveryStatus` of `@vidkeep/contracts/notifications` */
  DeliveryStatus,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookLastDelivery` of `@vidkeep/contracts/notifications` */
  WebhookLastDelivery,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `Webhook` of `@vidkeep/contracts/notifications` */
  Webhook,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookList` of `@vidkeep/contracts/notifications` */
  WebhookList,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NewWebhook` of `@vidkeep/contracts/notifications` */
  NewWebhook,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookPatch` of `@vidkeep/contracts/notifications` */
  WebhookPatch,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookDelivery` of `@vidkeep/contracts/notifications` */
  WebhookDelivery,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookDeliveryList` of `@vidkeep/contracts/notifications` */
  WebhookDeliveryList,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookDeliveryQuery` of `@vidkeep/contracts/notifications` */
  WebhookDeliveryQuery,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `JobNotificationData` of `@vidkeep/contracts/notifications` */
  JobNotificationData,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `SyncFailuresData` of `@vidkeep/contracts/notifications` */
  SyncFailuresData,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WEBHOOK_BODY_VERSION` of `@vidkeep/contracts/notifications` */
  WEBHOOK_BODY_VERSION,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookBody` of `@vidkeep/contracts/notifications` */
  WebhookBody,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `WebhookEvent` of `@vidkeep/contracts/notifications` */
  type WebhookEvent,
  /** @deprecated since 1.3.0, removed in 2.0.0: use `NotificationErrorCodes` of `@vidkeep/contracts/notifications` */
  NotificationErrorCodes,
} from '@vidkeep/contracts/notifications';
export {
  /** @deprecated since 1.3.0, removed in 2.0.0: use `PlaylistErrorCodes` of `@vidkeep/contracts/playlists` */
  PlaylistErrorCodes,
} from '@vidkeep/contracts/playlists';
export {
  /** @deprecated since 1.3.0, removed in 2.0.0: use `PlexErrorCodes` of `@vidkeep/contracts/plex` */
  PlexErrorCodes,
} from '@vidkeep/contracts/plex';
export {
  /** @deprecated since 1.3.0, removed in 2.0.0: use `JellyfinErrorCodes` of `@vidkeep/contracts/jellyfin` */
  JellyfinErrorCodes,
} from '@vidkeep/contracts/jellyfin';
export {
  /** @deprecated since 1.3.0, removed in 2.0.0: use `EmbyErrorCodes` of `@vidkeep/contracts/emby` */
  EmbyErrorCodes,
} from '@vidkeep/contracts/emby';
export {
  /** @deprecated since 1.3.0, removed in 2.0.0: use `RetentionErrorCodes` of `@vidkeep/contracts/retention` */
  RetentionErrorCodes,
} from '@vidkeep/contracts/retention';
