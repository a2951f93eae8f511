import { randomUUID } from 'node:crypto';
import {
  type DeliveryStatus,
  type NotificationKind,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@vidkeep/contracts/notifications';
import { readBool, readJson, type Sql } from '@vidkeep/plugin-kit';
import { maskWebhookUrl } from './url.js';

/** A webhook as stored, with its URL and secret. */
export interface WebhookRow {
  id: number;
  name: string;
  url: string;
  events: NotificationKind[];
  secret: string;
  enabled: boolean;
  createdAt: number;
}

/** A delivery that is due, with what the attempt needs. */
export interface DueDelivery {
  id: string;
  webhookId: number;
  event: WebhookEvent;
  body: string;
  attempts: number;
  maxAttempts: number;
}

/** Deliveries kept per webhook in the log (the newest; pending ones are never pruned). */
export const LOG_KEEP = 200;

const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

type Raw = Record<string, unknown>;

function webhookOf(r: Raw): WebhookRow {
  return {
    id: Number(r.id),
    name: String(r.name),
    url: String(r.url),
    events: readJson<NotificationKind[]>(r.events) ?? [],
    secret: String(r.secret),
    enabled: readBool(r.enabled),
    createdAt: Number(r.created_at),
  };
}

function deliveryOf(r: Raw): WebhookDelivery {
  return {
    id: String(r.id),
    webhookId: Number(r.webhook_id),
    event: String(r.event) as WebhookEvent,
    title: String(r.title),
    status: String(r.status) as DeliveryStatus,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
    lastError: (r.last_error as string | null) ?? null,
    createdAt: iso(r.created_at)!,
    lastAttemptAt: iso(r.last_attempt_at),
    nextAttemptAt: iso(r.next_attempt_at),
    deliveredAt: iso(r.delivered_at),
  };
}

/** The webhooks and their delivery log, in the plugin's own tables. */
export class WebhookStore {
  constructor(private readonly sql: Sql) {}

  async all(): Promise<WebhookRow[]> {
    return (await this.sql.all<Raw>('SELECT * FROM notifications_webhooks ORDER BY id')).map(webhookOf);
  }

  async get(id: number): Promise<WebhookRow | null> {
    const r = await this.sql.one<Raw>('SELECT * FROM notifications_webhooks WHERE id = ?', [id]);
    return r ? webhookOf(r) : null;
  }

  async count(): Promise<number> {
    const r = await this.sql.one<{ n: number }>('SELECT COUNT(*) AS n FROM notifications_webhooks');
    return Number(r?.n ?? 0);
  }

  async create(w: Omit<WebhookRow, 'id' | 'createdAt'>): Promise<WebhookRow> {
    const now = Date.now();
    const rows = await this.sql.all<{ id: number }>(
      'INSERT INTO notifications_webhooks (name, url, events, secret, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
      [w.name, w.url, JSON.stringify(w.events), w.secret, w.enabled ? 1 : 0, now, now],
    );
    return { ...w, id: Number(rows[0]!.id), createdAt: now };
  }

  async update(id: number, patch: Partial<Omit<WebhookRow, 'id' | 'createdAt'>>): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    const col = { name: 'name', url: 'url', events: 'events', secret: 'secret', enabled: 'enabled' } as const;
    for (const [key, column] of Object.entries(col)) {
      const value = patch[key as keyof typeof col];
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(key === 'events' ? JSON.stringify(value) : key === 'enabled' ? (value ? 1 : 0) : value);
    }
    sets.push('updated_at = ?');
    params.push(Date.now(), id);
    await this.sql.run(`UPDATE notifications_webhooks SET ${sets.join(', ')} WHERE id = ?`, params);
  }

  async remove(id: number): Promise<void> {
    await this.sql.transaction(async (run) => {
      await run('DELETE FROM notifications_deliveries WHERE webhook_id = ?', [id]);
      await run('DELETE FROM notifications_webhooks WHERE id = ?', [id]);
    });
  }

  /** Views for clients: never the secret; the URL masked; the last delivery and the pending count. */
  async views(rows: WebhookRow[]): Promise<Webhook[]> {
    if (rows.length === 0) return [];
    const last = await this.sql.all<Raw>(
      `SELECT d.* FROM notifications_deliveries d
       JOIN (SELECT webhook_id, MAX(created_at) AS at FROM notifications_deliveries GROUP BY webhook_id) m
         ON m.webhook_id = d.webhook_id AND m.at = d.created_at`,
    );
    const pending = await this.sql.all<{ webhook_id: number; n: number }>(
      "SELECT webhook_id, COUNT(*) AS n FROM notifications_deliveries WHERE status = 'pending' GROUP BY webhook_id",
    );
    const lastOf = new Map(last.map((r) => [Number(r.webhook_id), deliveryOf(r)]));
    const pendingOf = new Map(pending.map((r) => [Number(r.webhook_id), Number(r.n)]));
    return rows.map((w) => {
      const d = lastOf.get(w.id);
      return {
        id: w.id,
        name: w.name,
        url: maskWebhookUrl(w.url),
        events: w.events,
        enabled: w.enabled,
        secretSet: w.secret.length > 0,
        createdAt: new Date(w.createdAt).toISOString(),
        lastDelivery: d
          ? {
              status: d.status,
              statusCode: d.lastStatusCode,
              error: d.lastError,
              at: d.deliveredAt ?? d.lastAttemptAt ?? d.createdAt,
            }
          : null,
        pendingCount: pendingOf.get(w.id) ?? 0,
      };
    });
  }

  /** Queues one delivery per webhook, due now; returns their ids. */
  async enqueue(
    deliveries: { webhookId: number; event: WebhookEvent; title: string; body: (id: string) => string }[],
    maxAttempts: number,
  ): Promise<string[]> {
    const now = Date.now();
    const ids: string[] = [];
    await this.sql.transaction(async (run) => {
      for (const d of deliveries) {
        const id = randomUUID();
        ids.push(id);
        await run(
          `INSERT INTO notifications_deliveries (id, webhook_id, event, title, body, status, attempts, max_attempts, next_attempt_at, created_at)
           VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
          [id, d.webhookId, d.event, d.title.slice(0, 300), d.body(id), maxAttempts, now, now],
        );
      }
    });
    return ids;
  }

  /** Pending deliveries due by `now`, oldest first. */
  async due(now: number, limit: number): Promise<DueDelivery[]> {
    const rows = await this.sql.all<Raw>(
      `SELECT id, webhook_id, event, body, attempts, max_attempts FROM notifications_deliveries
       WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, created_at LIMIT ?`,
      [now, limit],
    );
    return rows.map((r) => ({
      id: String(r.id),
      webhookId: Number(r.webhook_id),
      event: String(r.event) as WebhookEvent,
      body: String(r.body),
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
    }));
  }

  /** When the next pending delivery is due (null: none). */
  async nextDueAt(): Promise<number | null> {
    const r = await this.sql.one<{ at: number | null }>(
      "SELECT MIN(next_attempt_at) AS at FROM notifications_deliveries WHERE status = 'pending'",
    );
    return r?.at === null || r?.at === undefined ? null : Number(r.at);
  }

  /** Records an attempt: delivered, failed for good, or pending again at `nextAttemptAt`. */
  async attempted(
    id: string,
    r: {
      status: DeliveryStatus;
      attempts: number;
      statusCode: number | null;
      error: string | null;
      nextAttemptAt: number | null;
    },
  ): Promise<void> {
    const now = Date.now();
    await this.sql.run(
      `UPDATE notifications_deliveries SET status = ?, attempts = ?, last_status_code = ?, last_error = ?,
       next_attempt_at = ?, last_attempt_at = ?, delivered_at = ? WHERE id = ?`,
      [
        r.status,
        r.attempts,
        r.statusCode,
        r.error?.slice(0, 500) ?? null,
        r.nextAttemptAt,
        now,
        r.status === 'delivered' ? now : null,
        id,
      ],
    );
  }

  async delivery(id: string): Promise<WebhookDelivery | null> {
    const r = await this.sql.one<Raw>('SELECT * FROM notifications_deliveries WHERE id = ?', [id]);
    return r ? deliveryOf(r) : null;
  }

  async deliveries(
    webhookId: number,
    page: number,
    pageSize: number,
  ): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
    const total = await this.sql.one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM notifications_deliveries WHERE webhook_id = ?',
      [webhookId],
    );
    const rows = await this.sql.all<Raw>(
      'SELECT * FROM notifications_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?',
      [webhookId, pageSize, (page - 1) * pageSize],
    );
    return { deliveries: rows.map(deliveryOf), total: Number(total?.n ?? 0) };
  }

  /** Keeps the newest LOG_KEEP finished deliveries of a webhook. */
  async prune(webhookId: number): Promise<void> {
    await this.sql.run(
      `DELETE FROM notifications_deliveries WHERE webhook_id = ? AND status <> 'pending' AND id NOT IN (
         SELECT id FROM notifications_deliveries WHERE webhook_id = ? ORDER BY created_at DESC LIMIT ?)`,
      [webhookId, webhookId, LOG_KEEP],
    );
  }
}
