/**
 * The plugin in the real core (the kit's test harness: real SQLite, every route through the
 * app), with real HTTP receivers on loopback and, where installed, the real apprise command.
 */
import { execFileSync } from 'node:child_process';
import { completeSetup, startCore, type TestApp } from '@vidkeep/plugin-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Receiver } from './test/receiver.js';
import { verifySignature } from './webhooks/signature.js';

// By its package name, as the repository's manifest loads it (resolved from the working directory).
const PKG = '@vidkeep/plugin-notifications';
const SECRET = 'a-long-enough-secret-0123456789';

const hasApprise = (() => {
  try {
    execFileSync('apprise', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let apps: TestApp[] = [];
let receivers: Receiver[] = [];
afterEach(async () => {
  for (const t of apps) await t.close();
  for (const r of receivers) await r.close();
  apps = [];
  receivers = [];
});

async function boot(options: Record<string, unknown> = {}, dir?: string) {
  const t = await startCore({
    plugins: [{ id: 'notifications', package: PKG, options: { webhookRetryBaseSeconds: 0.2, ...options } }],
    ...(dir ? { dir } : {}),
  });
  apps.push(t);
  const token = dir ? null : await completeSetup(t);
  return { t, token };
}

async function receiver(statuses?: number[]) {
  const r = new Receiver(statuses);
  receivers.push(r);
  return { r, url: await r.start() };
}

const call = (t: TestApp, token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-access-token': token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const jobFinished = {
  jobId: 'job-1',
  jobType: 'manual',
  status: 'completed_with_errors' as const,
  ownerChannelId: null,
  completedSourceIds: ['aaaaaaaaaaa'],
  failedSourceIds: ['bbbbbbbbbbb'],
  label: 'Manual download',
  message: '1 downloaded, 1 failed',
  completed: [{ sourceId: 'aaaaaaaaaaa', title: 'First video' }],
  failures: [
    {
      sourceId: 'bbbbbbbbbbb',
      title: 'Second video',
      diagnosis: {
        kind: 'private' as const,
        cause: 'The video is private',
        fix: 'Nothing to do',
        sourceId: 'bbbbbbbbbbb',
        detail: null,
      },
    },
  ],
};

describe('webhooks', () => {
  it('a finished job reaches a subscribed webhook as one signed JSON delivery; the log shows it delivered', async () => {
    const { t, token } = await boot();
    const { r, url } = await receiver();
    const created = await call(t, token!, 'POST', '/api/notifications/webhooks', {
      name: 'home',
      url: `${url}/hook?token=abc`,
      events: ['download.finished'],
      secret: SECRET,
    });
    expect(created.statusCode).toBe(200);
    const hook = created.json();
    expect(hook).toMatchObject({ name: 'home', enabled: true, secretSet: true, url: `${url}/hook?token=***` });
    expect(JSON.stringify(hook)).not.toContain(SECRET);

    t.app.vidkeep.events.publish('downloader.job.finished', jobFinished);
    const [got] = await r.waitFor(1);
    expect(got!.path).toBe('/hook?token=abc');
    expect(got!.headers['x-vidkeep-event']).toBe('download.finished');
    expect(verifySignature(SECRET, got!.body, String(got!.headers['x-vidkeep-signature']))).toBe(true);
    expect(verifySignature('another-secret-0123456789', got!.body, String(got!.headers['x-vidkeep-signature']))).toBe(
      false,
    );
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({
      version: 1,
      event: 'download.finished',
      id: got!.headers['x-vidkeep-delivery'],
      title: '1 video downloaded, 1 failed',
      data: {
        downloaded: [{ sourceId: 'aaaaaaaaaaa', title: 'First video' }],
        failures: [{ sourceId: 'bbbbbbbbbbb', kind: 'private', cause: 'The video is private' }],
      },
    });
    await expect
      .poll(async () => (await call(t, token!, 'GET', `/api/notifications/webhooks/${hook.id}/deliveries`)).json())
      .toMatchObject({ total: 1, deliveries: [{ status: 'delivered', attempts: 1, lastStatusCode: 200 }] });
    // Not subscribed: nothing sent.
    t.app.vidkeep.events.publish('downloader.storage.paused', { reason: 'full', freeBytes: 1, usedBytes: 2 });
    await new Promise((res) => setTimeout(res, 300));
    expect(r.received).toHaveLength(1);
  });

  it('retries a receiver that answers 500 with back-off until it answers 200', async () => {
    const { t, token } = await boot();
    const { r, url } = await receiver([500, 500, 200]);
    const hook = (
      await call(t, token!, 'POST', '/api/notifications/webhooks', {
        name: 'flaky',
        url,
        events: ['storage.paused'],
        secret: SECRET,
      })
    ).json();
    t.app.vidkeep.events.publish('downloader.storage.paused', { reason: 'full', freeBytes: 1, usedBytes: 2 });
    const got = await r.waitFor(3);
    // The same delivery each time (one id), signed again for each attempt.
    expect(new Set(got.map((g) => g.headers['x-vidkeep-delivery'])).size).toBe(1);
    await expect
      .poll(async () => (await call(t, token!, 'GET', `/api/notifications/webhooks/${hook.id}/deliveries`)).json())
      .toMatchObject({ deliveries: [{ status: 'delivered', attempts: 3, lastStatusCode: 200 }] });
  });

  it('gives up after the maximum attempts and says why', async () => {
    const { t, token } = await boot({ webhookMaxAttempts: 2 });
    const { r, url } = await receiver([503]);
    const hook = (
      await call(t, token!, 'POST', '/api/notifications/webhooks', {
        name: 'down',
        url,
        events: ['storage.resumed'],
        secret: SECRET,
      })
    ).json();
    t.app.vidkeep.events.publish('downloader.storage.resumed', { freeBytes: 1, usedBytes: 2 });
    await r.waitFor(2);
    await expect
      .poll(async () => (await call(t, token!, 'GET', '/api/notifications/webhooks')).json())
      .toMatchObject({
        webhooks: [
          {
            id: hook.id,
            pendingCount: 0,
            lastDelivery: { status: 'failed', statusCode: 503, error: 'The receiver answered HTTP 503' },
          },
        ],
      });
    await new Promise((res) => setTimeout(res, 600));
    expect(r.received).toHaveLength(2);
  });

  it('"send test" answers with the outcome of one signed attempt', async () => {
    const { t, token } = await boot();
    const { r, url } = await receiver([200]);
    const hook = (
      await call(t, token!, 'POST', '/api/notifications/webhooks', {
        name: 'x',
        url,
        events: ['job.failed'],
        secret: SECRET,
      })
    ).json();
    const res = await call(t, token!, 'POST', `/api/notifications/webhooks/${hook.id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ event: 'test', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(JSON.parse(r.received[0]!.body)).toMatchObject({ event: 'test', data: { webhookId: hook.id } });

    r.statuses = [404];
    const failed = await call(t, token!, 'POST', `/api/notifications/webhooks/${hook.id}/test`);
    expect(failed.json()).toMatchObject({ status: 'failed', lastStatusCode: 404, nextAttemptAt: null });
  });

  it("sends a URL's user:password as Basic auth, and never shows them or query tokens in answers or the log", async () => {
    const { t, token } = await boot();
    const { r, url } = await receiver([200]);
    const port = new URL(url).port;
    const create = async (address: string) =>
      (
        await call(t, token!, 'POST', '/api/notifications/webhooks', {
          name: 'with credentials',
          url: address,
          events: ['job.failed'],
          secret: SECRET,
        })
      ).json<{ id: number; url: string }>();
    const hook = await create(`http://ops:p%40ss-word@127.0.0.1:${port}/hook?token=tok-123456`);
    expect(hook.url).toBe(`http://ops:***@127.0.0.1:${port}/hook?token=***`);
    const sent = await call(t, token!, 'POST', `/api/notifications/webhooks/${hook.id}/test`);
    expect(sent.json()).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
    expect(r.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('ops:p@ss-word').toString('base64')}`);
    expect(r.received[0]!.path).toBe('/hook?token=tok-123456');

    // A receiver gone: the failure's words name the address without its secrets.
    const gone = await receiver();
    await gone.r.close();
    const down = await create(`http://ops:p%40ss-word@127.0.0.1:${new URL(gone.url).port}/hook?token=tok-123456`);
    const failed = await call(t, token!, 'POST', `/api/notifications/webhooks/${down.id}/test`);
    expect(failed.json()).toMatchObject({ status: 'failed', lastError: expect.stringMatching(/ECONNREFUSED/) });
    const log = await call(t, token!, 'GET', `/api/notifications/webhooks/${down.id}/deliveries`);
    const list = await call(t, token!, 'GET', '/api/notifications/webhooks');
    for (const text of [sent.body, failed.body, log.body, list.body]) {
      for (const secret of ['p%40ss-word', 'p@ss-word', 'tok-123456']) expect(text).not.toContain(secret);
    }
  });

  it('refuses URLs that are not http(s) and bad input with 400, unknown ids with 404', async () => {
    const { t, token } = await boot();
    for (const url of ['file:///etc/passwd', 'ftp://example.test/x', 'javascript:alert(1)', 'http//missing']) {
      const res = await call(t, token!, 'POST', '/api/notifications/webhooks', {
        name: 'x',
        url,
        events: ['job.failed'],
        secret: SECRET,
      });
      expect(res.statusCode, url).toBe(400);
    }
    const short = await call(t, token!, 'POST', '/api/notifications/webhooks', {
      name: 'x',
      url: 'http://127.0.0.1:1/',
      events: ['job.failed'],
      secret: 'short',
    });
    expect(short.statusCode).toBe(400);
    const badEvent = await call(t, token!, 'POST', '/api/notifications/webhooks', {
      name: 'x',
      url: 'http://127.0.0.1:1/',
      events: ['nope'],
      secret: SECRET,
    });
    expect(badEvent.statusCode).toBe(400);
    expect((await call(t, token!, 'PATCH', '/api/notifications/webhooks/999', { enabled: false })).statusCode).toBe(
      404,
    );
    expect((await call(t, token!, 'GET', '/api/notifications/webhooks/999/deliveries')).json().code).toBe(
      'NOTIFICATIONS_WEBHOOK_NOT_FOUND',
    );
  });
});

describe('Apprise targets', () => {
  it('are write-only: listed masked, never returned by the config endpoint', async () => {
    const { t, token } = await boot();
    const before = await call(t, token!, 'GET', '/getconfig');
    expect(before.json().configuredSecrets).not.toContain('appriseUrls');
    const add = await call(t, token!, 'POST', '/api/notifications/targets', {
      url: 'discord://1234/secret-token-xyz',
      name: 'Discord',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({
      service: 'discord',
      maskedUrl: 'discord://…',
      richFormatting: true,
      enabled: true,
    });
    const list = await call(t, token!, 'GET', '/api/notifications/targets');
    const config = await call(t, token!, 'GET', '/getconfig');
    for (const res of [add, list, config]) expect(res.body).not.toContain('secret-token-xyz');
    expect(config.json().configuredSecrets).toContain('appriseUrls');
    const dup = await call(t, token!, 'POST', '/api/notifications/targets', { url: 'discord://1234/secret-token-xyz' });
    expect(dup.statusCode).toBe(409);
    const bad = await call(t, token!, 'POST', '/api/notifications/targets', { url: '--config=/etc/passwd' });
    expect(bad.statusCode).toBe(400);
    const id = add.json().id;
    expect(
      (await call(t, token!, 'PATCH', `/api/notifications/targets/${id}`, { enabled: false })).json().enabled,
    ).toBe(false);
    expect((await call(t, token!, 'DELETE', `/api/notifications/targets/${id}`)).statusCode).toBe(204);
    expect((await call(t, token!, 'GET', '/api/notifications/targets')).json().targets).toEqual([]);
  });

  it.runIf(hasApprise)('the real apprise command delivers a job message to a local json:// receiver', async () => {
    const { t, token } = await boot();
    const { r } = await receiver();
    await call(t, token!, 'PATCH', '/api/config', { notificationsEnabled: true });
    await call(t, token!, 'POST', '/api/notifications/targets', {
      url: `json://127.0.0.1:${r.port}/apprise`,
      name: 'local',
    });
    const test = await call(t, token!, 'POST', '/api/notifications/test');
    expect(test.json()).toEqual({ status: 'success', message: 'Sent to 1 target' });
    t.app.vidkeep.events.publish('downloader.job.finished', jobFinished);
    const got = await r.waitFor(2);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ title: 'vidkeep test notification' });
    const message = JSON.parse(got[1]!.body);
    expect(message.title).toBe('1 video downloaded, 1 failed');
    expect(message.message).toContain('First video');
    expect(message.message).toContain('Second video: The video is private');
  });

  it.runIf(hasApprise)('a target apprise cannot reach answers 502 with the URL masked', async () => {
    const { t, token } = await boot();
    const res = await call(t, token!, 'POST', '/api/notifications/test-single', {
      url: 'json://127.0.0.1:1/tok3n-value',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('NOTIFICATIONS_SEND_FAILED');
    expect(res.body).not.toContain('tok3n-value');
  });

  it('a missing apprise command is a clear 503 and a health warning', async () => {
    const { t, token } = await boot({ appriseCommand: '/nonexistent/apprise' });
    await call(t, token!, 'PATCH', '/api/config', { notificationsEnabled: true });
    await call(t, token!, 'POST', '/api/notifications/targets', { url: 'json://127.0.0.1:1/x' });
    const res = await call(t, token!, 'POST', '/api/notifications/test');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOTIFICATIONS_APPRISE_MISSING' });
    expect(res.json().error).toContain('apt-get install apprise');
    const list = (await call(t, token!, 'GET', '/api/notifications/targets')).json();
    expect(list.apprise).toMatchObject({ available: false });
    const health = (await call(t, token!, 'GET', '/api/health')).body;
    expect(health).toContain('apt-get install apprise');
  });
});
