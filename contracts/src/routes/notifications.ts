// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { DefaultsOptional, Route } from './route.js';

/** The routes of the notifications plugin. */
export interface NotificationsRoutes {
  'DELETE /api/notifications/targets/:targetId': Route<null, 'TargetIdParams'>;
  'DELETE /api/notifications/webhooks/:id': Route<null, 'IdParams'>;
  'GET /api/notifications/targets': Route<'AppriseTargetList'>;
  'GET /api/notifications/webhooks': Route<'WebhookList'>;
  'GET /api/notifications/webhooks/:id/deliveries': Route<
    'WebhookDeliveryList',
    'IdParams',
    DefaultsOptional<'WebhookDeliveryQuery', 'page' | 'pageSize'>
  >;
  'PATCH /api/notifications/targets/:targetId': Route<
    'AppriseTargetView',
    'TargetIdParams',
    never,
    'AppriseTargetPatch'
  >;
  'PATCH /api/notifications/webhooks/:id': Route<'Webhook', 'IdParams', never, 'WebhookPatch'>;
  'POST /api/notifications/targets': Route<
    'AppriseTargetView',
    never,
    never,
    DefaultsOptional<'NewAppriseTarget', 'richFormatting' | 'enabled'>
  >;
  'POST /api/notifications/targets/:targetId/test': Route<'NotificationTestResponse', 'TargetIdParams'>;
  'POST /api/notifications/test': Route<'NotificationTestResponse'>;
  'POST /api/notifications/test-single': Route<
    'NotificationTestResponse',
    never,
    never,
    DefaultsOptional<'NotificationTestSingleRequest', 'richFormatting'>
  >;
  'POST /api/notifications/webhooks': Route<'Webhook', never, never, DefaultsOptional<'NewWebhook', 'enabled'>>;
  'POST /api/notifications/webhooks/:id/test': Route<'WebhookDelivery', 'IdParams'>;
}
