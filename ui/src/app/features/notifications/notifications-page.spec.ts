import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { provideRouter } from '@angular/router';
import { ApiError } from '../../core/api';
import { dom } from '../../../testing/dom';
import { FakeApi, provideFakeApi } from '../../../testing/fake-api';
import { settle } from '../../../testing/settle';
import type { AppriseTargetList, Webhook } from './api-types';
import { NotificationsPage } from './notifications-page';

const targets = (over: Partial<AppriseTargetList> = {}): AppriseTargetList => ({
  notificationsEnabled: true,
  apprise: { available: true, version: '1.2.0', problem: null },
  targets: [
    {
      id: 'abcdef012345',
      name: 'Discord',
      service: 'discord',
      maskedUrl: 'discord://…',
      richFormatting: true,
      enabled: true,
    },
  ],
  ...over,
});

const webhook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 7,
  name: 'Home Assistant',
  url: 'http://192.168.1.5:8123/api/webhook?token=***',
  events: ['download.finished', 'job.failed'],
  enabled: true,
  secretSet: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastDelivery: {
    status: 'pending',
    statusCode: 500,
    error: 'The receiver answered HTTP 500',
    at: '2026-01-01T00:00:00.000Z',
  },
  pendingCount: 1,
  ...over,
});

describe('NotificationsPage', () => {
  let api: FakeApi;
  let fixture: ComponentFixture<NotificationsPage>;
  const d = () => dom(fixture);
  const text = (sel: string) => d().one(sel)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

  async function open(t = targets(), hooks = [webhook()]): Promise<void> {
    api.on('GET', '/api/notifications/targets', () => t);
    api.on('GET', '/api/notifications/webhooks', () => ({ webhooks: hooks }));
    fixture = TestBed.createComponent(NotificationsPage);
    await settle(fixture);
  }

  beforeEach(() => {
    TestBed.configureTestingModule({ providers: [provideFakeApi(), provideRouter([])] });
    api = TestBed.inject(FakeApi);
  });
  afterEach(() => fixture.destroy());

  it('lists targets masked and webhooks with their last delivery, never a secret', async () => {
    await open();
    expect(text('[data-testid="target-row"]')).toContain('Discord');
    expect(text('[data-testid="target-row"]')).toContain('discord://…');
    expect(text('[data-testid="apprise-version"]')).toBe('apprise 1.2.0');
    expect(text('[data-testid="webhook-row"]')).toContain('Download finished, Job failed');
    expect(text('[data-testid="webhook-last"]')).toBe('Retrying (500): The receiver answered HTTP 500 · 1 waiting');
  });

  it('says what to install when apprise is missing', async () => {
    await open(
      targets({
        apprise: {
          available: false,
          version: null,
          problem: 'The apprise command (apprise) is not installed: apt-get install apprise',
        },
      }),
    );
    expect(text('[data-testid="apprise-missing"]')).toContain('apt-get install apprise');
    // Said once, in one place: the Test buttons wait for apprise instead of failing with it again.
    expect(fixture.nativeElement.textContent.match(/is not installed/g)).toHaveLength(1);
    for (const id of ['target-test', 'target-test-unsaved']) {
      const button = d().one<HTMLButtonElement>(`[data-testid="${id}"]`)!;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe('apprise-missing');
    }
  });

  it('uses the Material form fields and switches of the other pages', async () => {
    await open();
    for (const id of ['target-url', 'target-name', 'webhook-name', 'webhook-url', 'webhook-secret']) {
      expect(d().one(`[data-testid="${id}"]`)?.closest('mat-form-field'), id).not.toBeNull();
    }
    expect(d().one('[data-testid="notifications-enabled"] button[role="switch"]')).not.toBeNull();
    expect(d().all('input[type="checkbox"]:not(.mdc-checkbox__native-control)')).toEqual([]);
  });

  it('copies the one-time webhook secret and says so', async () => {
    await open(targets(), []);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      const secret = d().one<HTMLInputElement>('[data-testid="webhook-secret"]')!.value;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      d().click('[data-testid="webhook-secret-copy"]');
      await settle(fixture);
      expect(writeText).toHaveBeenCalledWith(secret);
      expect(text('[data-testid="webhook-secret-copied"]')).toBe('Copied');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('adds a target and tests one, showing the answer or the error', async () => {
    await open();
    api.on('POST', '/api/notifications/targets', () => targets().targets[0]);
    d().type('[data-testid="target-url"]', 'tgram://bot/chat');
    await settle(fixture);
    d().click('[data-testid="target-add"]');
    await settle(fixture);
    expect(api.callsTo('POST', '/api/notifications/targets')[0]?.body).toEqual({
      url: 'tgram://bot/chat',
      richFormatting: true,
    });
    expect(text('[data-testid="notify-status"]')).toBe('Target added');

    api.on('POST', '/api/notifications/targets/abcdef012345/test', () => {
      throw new ApiError(
        502,
        'The test notification was not delivered: WARNING: unreachable',
        'NOTIFICATIONS_SEND_FAILED',
      );
    });
    d().click('[data-testid="target-test"]');
    await settle(fixture);
    expect(text('[data-testid="notify-error"]')).toContain('was not delivered');
  });

  it('adds a webhook with the chosen events and a generated secret, sends a test and shows the log', async () => {
    await open(targets(), []);
    api.on('POST', '/api/notifications/webhooks', () => webhook());
    d().type('[data-testid="webhook-name"]', 'HA');
    d().type('[data-testid="webhook-url"]', 'http://192.168.1.5:8123/hook');
    d().click('[data-testid="webhook-event-videos.discovered"] input');
    await settle(fixture);
    d().click('[data-testid="webhook-add"]');
    await settle(fixture);
    const body = api.callsTo('POST', '/api/notifications/webhooks')[0]?.body as {
      events: string[];
      secret: string;
      url: string;
    };
    expect(body.events).toEqual(['download.finished', 'job.failed', 'videos.discovered']);
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body.url).toBe('http://192.168.1.5:8123/hook');
  });

  it('sends a test to a webhook and shows its delivery log', async () => {
    await open();
    api.on('GET', '/api/notifications/webhooks', () => ({ webhooks: [webhook()] }));
    api.on('POST', '/api/notifications/webhooks/7/test', () => ({ status: 'delivered', lastStatusCode: 204 }));
    api.on('GET', '/api/notifications/webhooks/7/deliveries', () => ({
      deliveries: [
        {
          id: 'd1',
          webhookId: 7,
          event: 'test',
          title: 'vidkeep test notification',
          status: 'delivered',
          attempts: 1,
          maxAttempts: 1,
          lastStatusCode: 204,
          lastError: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          lastAttemptAt: null,
          nextAttemptAt: null,
          deliveredAt: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    }));
    d().click('[data-testid="webhook-test"]');
    await settle(fixture);
    expect(text('[data-testid="notify-status"]')).toBe('Test delivered (HTTP 204)');
    d().click('[data-testid="webhook-log-button"]');
    await settle(fixture);
    expect(text('[data-testid="webhook-log"]')).toContain('Test: delivered (1 of 1 attempt, HTTP 204)');
  });

  it('refuses a URL that is not http(s) before sending it', async () => {
    await open(targets(), []);
    d().type('[data-testid="webhook-url"]', 'file:///etc/passwd');
    await settle(fixture);
    d().click('[data-testid="webhook-add"]');
    await settle(fixture);
    expect(text('[data-testid="notify-error"]')).toBe('Only http:// and https:// URLs');
    expect(api.callsTo('POST', '/api/notifications/webhooks')).toEqual([]);
  });
});
