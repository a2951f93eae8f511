import type { NotificationKind } from './api-types';
import {
  EVENT_CHOICES,
  deliveryText,
  eventLabel,
  lastDeliveryText,
  newSecret,
  webhookUrlProblem,
} from './notifications-format';

/** Every kind the contracts name: a kind added there fails to compile here until it is listed. */
const EVERY_KIND: Record<NotificationKind, true> = {
  'download.finished': true,
  'job.failed': true,
  'videos.discovered': true,
  'storage.paused': true,
  'storage.resumed': true,
  'platform.cooling_down': true,
  'ytdlp.updated': true,
  'ytdlp.update_failed': true,
  'mediaserver.sync_failed': true,
  'retention.removed': true,
};

describe('notifications format', () => {
  it('offers every kind a webhook can ask for, the platform cool-down included', () => {
    expect(EVENT_CHOICES.map((c) => c.value).sort()).toEqual(Object.keys(EVERY_KIND).sort());
    expect(eventLabel('platform.cooling_down')).toBe('Cooling down (the platform pushed back)');
  });

  it('says how the last delivery went', () => {
    expect(lastDeliveryText({ lastDelivery: null, pendingCount: 0 })).toBe('Never sent');
    const at = '2026-01-01T00:00:00.000Z';
    expect(
      lastDeliveryText({ lastDelivery: { status: 'delivered', statusCode: 204, error: null, at }, pendingCount: 0 }),
    ).toBe('Delivered (204)');
    expect(
      lastDeliveryText({
        lastDelivery: { status: 'pending', statusCode: 500, error: 'The receiver answered HTTP 500', at },
        pendingCount: 2,
      }),
    ).toBe('Retrying (500): The receiver answered HTTP 500 · 2 waiting');
    expect(
      lastDeliveryText({ lastDelivery: { status: 'failed', statusCode: null, error: 'refused', at }, pendingCount: 0 }),
    ).toBe('Failed: refused');
  });

  it('describes a log line with attempts and the error', () => {
    expect(
      deliveryText({
        id: 'x',
        webhookId: 1,
        event: 'download.finished',
        title: 't',
        status: 'failed',
        attempts: 8,
        maxAttempts: 8,
        lastStatusCode: 503,
        lastError: 'The receiver answered HTTP 503',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastAttemptAt: null,
        nextAttemptAt: null,
        deliveredAt: null,
      }),
    ).toBe('Download finished: failed (8 of 8 attempts, HTTP 503) — The receiver answered HTTP 503');
  });

  it('makes a 64-hex-character secret and checks URLs like the server', () => {
    expect(newSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret()).not.toBe(newSecret());
    expect(webhookUrlProblem('http://192.168.1.5:8123/hook')).toBeNull();
    expect(webhookUrlProblem('file:///etc/passwd')).toBe('Only http:// and https:// URLs');
    expect(webhookUrlProblem('nope')).toBe('This is not a URL');
  });
});
