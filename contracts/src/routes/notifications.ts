// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { DefaultsOptional } from './defaults.js';

/** The routes of the notifications plugin. */
export interface NotificationsRoutes {
  'DELETE /api/notifications/targets/:targetId': {
    params: Static<typeof C.TargetIdParams>;
    response: null;
  };
  'DELETE /api/notifications/webhooks/:id': {
    params: Static<typeof C.IdParams>;
    response: null;
  };
  'GET /api/notifications/targets': {
    response: Static<typeof C.AppriseTargetList>;
  };
  'GET /api/notifications/webhooks': {
    response: Static<typeof C.WebhookList>;
  };
  'GET /api/notifications/webhooks/:id/deliveries': {
    params: Static<typeof C.IdParams>;
    query: DefaultsOptional<Static<typeof C.WebhookDeliveryQuery>, 'page' | 'pageSize'>;
    response: Static<typeof C.WebhookDeliveryList>;
  };
  'PATCH /api/notifications/targets/:targetId': {
    params: Static<typeof C.TargetIdParams>;
    body: Static<typeof C.AppriseTargetPatch>;
    response: Static<typeof C.AppriseTargetView>;
  };
  'PATCH /api/notifications/webhooks/:id': {
    params: Static<typeof C.IdParams>;
    body: Static<typeof C.WebhookPatch>;
    response: Static<typeof C.Webhook>;
  };
  'POST /api/notifications/targets': {
    body: DefaultsOptional<Static<typeof C.NewAppriseTarget>, 'richFormatting' | 'enabled'>;
    response: Static<typeof C.AppriseTargetView>;
  };
  'POST /api/notifications/targets/:targetId/test': {
    params: Static<typeof C.TargetIdParams>;
    response: Static<typeof C.NotificationTestResponse>;
  };
  'POST /api/notifications/test': {
    response: Static<typeof C.NotificationTestResponse>;
  };
  'POST /api/notifications/test-single': {
    body: DefaultsOptional<Static<typeof C.NotificationTestSingleRequest>, 'richFormatting'>;
    response: Static<typeof C.NotificationTestResponse>;
  };
  'POST /api/notifications/webhooks': {
    body: DefaultsOptional<Static<typeof C.NewWebhook>, 'enabled'>;
    response: Static<typeof C.Webhook>;
  };
  'POST /api/notifications/webhooks/:id/test': {
    params: Static<typeof C.IdParams>;
    response: Static<typeof C.WebhookDelivery>;
  };
}
