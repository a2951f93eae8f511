import type { NotificationKind, Webhook, WebhookDelivery } from './api-types';

/** Every event kind a webhook can ask for, in the order the form shows them, with its label. */
export const EVENT_CHOICES: readonly { value: NotificationKind; label: string }[] = [
  { value: 'download.finished', label: 'Download finished' },
  { value: 'job.failed', label: 'Job failed' },
  { value: 'videos.discovered', label: 'New videos found' },
  { value: 'storage.paused', label: 'Downloads paused (storage)' },
  { value: 'platform.cooling_down', label: 'Cooling down (the platform pushed back)' },
  { value: 'storage.resumed', label: 'Downloads resumed' },
  { value: 'ytdlp.updated', label: 'yt-dlp updated' },
  { value: 'ytdlp.update_failed', label: 'yt-dlp update failed' },
  { value: 'mediaserver.sync_failed', label: 'Media-server sync failed' },
  { value: 'retention.removed', label: 'Videos removed (retention)' },
];

const LABELS = new Map<string, string>([...EVENT_CHOICES.map((c) => [c.value, c.label] as const), ['test', 'Test']]);
export const eventLabel = (kind: string) => LABELS.get(kind) ?? kind;

/** A webhook's last delivery in words: "Delivered (200)", "Failed: …", "Retrying (500)", "Never sent". */
export function lastDeliveryText(w: Pick<Webhook, 'lastDelivery' | 'pendingCount'>): string {
  const d = w.lastDelivery;
  const waiting = w.pendingCount > 0 ? ` · ${w.pendingCount} waiting` : '';
  if (!d) return `Never sent${waiting}`;
  const code = d.statusCode !== null ? ` (${d.statusCode})` : '';
  if (d.status === 'delivered') return `Delivered${code}${waiting}`;
  if (d.status === 'pending') return `Retrying${code}${d.error ? `: ${d.error}` : ''}${waiting}`;
  return `Failed${d.error ? `: ${d.error}` : code}${waiting}`;
}

/** One line of the delivery log. */
export function deliveryText(d: WebhookDelivery): string {
  const attempts = `${d.attempts} of ${d.maxAttempts} attempt${d.maxAttempts === 1 ? '' : 's'}`;
  const code = d.lastStatusCode !== null ? `, HTTP ${d.lastStatusCode}` : '';
  const next = d.status === 'pending' && d.nextAttemptAt ? `, next ${new Date(d.nextAttemptAt).toLocaleString()}` : '';
  const error = d.status !== 'delivered' && d.lastError ? ` — ${d.lastError}` : '';
  return `${eventLabel(d.event)}: ${d.status} (${attempts}${code}${next})${error}`;
}

/** A random secret of 64 hex characters (32 bytes), for a new webhook. */
export function newSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return [...random(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The problem with a webhook URL before it is sent, or null (the server checks the same). */
export function webhookUrlProblem(url: string): string | null {
  const text = url.trim();
  if (!text) return 'Enter the URL of your receiver';
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return 'This is not a URL';
  }
  return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'Only http:// and https:// URLs';
}
