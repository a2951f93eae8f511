import { defineEntity } from '@vidkeep/plugin-kit';

/**
 * The plugin's two tables as the ORM sees them. The store reads and writes them with SQL; these
 * descriptions exist so the schema check of the core (entities against the migrated database)
 * covers them like any other plugin's tables, and so a migration that drifts from them is caught.
 * Times are epoch milliseconds.
 */
export const WebhookTable = defineEntity<Record<string, unknown>>({
  name: 'NotificationsWebhook',
  tableName: 'notifications_webhooks',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 100, columnType: 'varchar(100)' },
    url: { type: 'string', length: 2000, columnType: 'varchar(2000)' },
    events: { type: 'text' },
    secret: { type: 'string', length: 200, columnType: 'varchar(200)' },
    enabled: { type: 'boolean', columnType: 'boolean', default: true },
    created_at: { type: 'bigint', fieldName: 'created_at' },
    updated_at: { type: 'bigint', fieldName: 'updated_at' },
  },
});

export const DeliveryTable = defineEntity<Record<string, unknown>>({
  name: 'NotificationsDelivery',
  tableName: 'notifications_deliveries',
  properties: {
    id: { type: 'string', length: 36, columnType: 'varchar(36)', primary: true },
    webhook_id: { type: 'integer', fieldName: 'webhook_id', index: true },
    event: { type: 'string', length: 40, columnType: 'varchar(40)' },
    title: { type: 'string', length: 300, columnType: 'varchar(300)' },
    body: { type: 'text' },
    status: { type: 'string', length: 10, columnType: 'varchar(10)' },
    attempts: { type: 'integer', default: 0 },
    max_attempts: { type: 'integer', fieldName: 'max_attempts' },
    next_attempt_at: { type: 'bigint', fieldName: 'next_attempt_at', nullable: true, index: true },
    last_attempt_at: { type: 'bigint', fieldName: 'last_attempt_at', nullable: true },
    last_status_code: { type: 'integer', fieldName: 'last_status_code', nullable: true },
    last_error: { type: 'string', length: 500, columnType: 'varchar(500)', fieldName: 'last_error', nullable: true },
    created_at: { type: 'bigint', fieldName: 'created_at' },
    delivered_at: { type: 'bigint', fieldName: 'delivered_at', nullable: true },
  },
});
