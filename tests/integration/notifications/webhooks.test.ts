/**
 * Webhooks of the notifications plugin with real downloads: yt-dlp against the fake platform,
 * the repository's manifest (the plugin loaded as in production), a real HTTP receiver on
 * loopback, and a restart on the same database in the middle of a retry.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, TestHarness } from '@vidkeep/core/testing';
import type { DownloadResponse, WebhookBody, WebhookDeliveryList } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { bootDownloader, queueDownload, waitForJob, watchUrl, type DownloadApp } from '../../helpers/downloads.js';
import { withPluginOptions } from '../../helpers/manifest.js';
import { Receiver } from '../../../plugins/notifications/src/test/receiver.js';
import { verifySignature } from '../../../plugins/notifications/src/webhooks/signature.js';

const h = new TestHarness();
const receivers: Receiver[] = [];
afterEach(async () => {
  await h.closeAll();
  for (const r of receivers.splice(0)) await r.close();
});

const SECRET = 'integration-secret-0123456789';
const channelId = fakeChannelId('notify-channel');
const fixture = { channelId, channel: 'Notify Channel', handle: '@notify' };
const ids = {
  a: fakeVideoId('notify-a'),
  b: fakeVideoId('notify-b'),
  locked: fakeVideoId('notify-private'),
  c: fakeVideoId('notify-c'),
};

let platform: FakePlatform;
beforeAll(async () => {
  platform = await startFakePlatform({
    videos: [
      { ...fixture, id: ids.a, title: 'Morning Walk' },
      { ...fixture, id: ids.b, title: 'Evening Swim' },
      { ...fixture, id: ids.locked, title: 'Locked Away', failure: 'private' },
      { ...fixture, id: ids.c, title: 'Night Drive' },
    ],
  });
}, 120_000);
afterAll(() => platform?.close());

async function receiver(statuses: number[]) {
  const r = new Receiver(statuses);
  receivers.push(r);
  return { r, url: await r.start() };
}

async function addWebhook(app: DownloadApp, url: string, events: string[]) {
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/api/notifications/webhooks',
    headers: app.headers,
    payload: { name: 'receiver', url, events, secret: SECRET },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}

const deliveriesOf = async (app: DownloadApp, webhookId: number) =>
  (
    await app.t.app.inject({ url: `/api/notifications/webhooks/${webhookId}/deliveries`, headers: app.headers })
  ).json<WebhookDeliveryList>();

describe('webhooks for real downloads', () => {
  it('a job of three videos sends one signed "download finished" with the titles and the failure diagnosed', async () => {
    const app = await bootDownloader(h, platform);
    const { r, url } = await receiver([200]);
    const webhookId = await addWebhook(app, `${url}/vidkeep`, ['download.finished', 'job.failed']);

    const res = await queueDownload(app, { urls: [ids.a, ids.b, ids.locked].map(watchUrl) });
    const job = await waitForJob(app, res.json<DownloadResponse>().jobId!, undefined, 120_000);
    expect(job.status).toBe('completed_with_errors');

    const [got] = await r.waitFor(1, 30_000);
    expect(verifySignature(SECRET, got!.body, String(got!.headers['x-vidkeep-signature']))).toBe(true);
    const body = JSON.parse(got!.body) as Extract<WebhookBody, { event: 'download.finished' }>;
    expect(body.event).toBe('download.finished');
    expect(body.title).toBe('2 videos downloaded, 1 failed');
    expect(body.data.jobId).toBe(job.id);
    expect(body.data.downloaded.map((v) => v.title).sort()).toEqual(['Evening Swim', 'Morning Walk']);
    expect(body.data.failures).toEqual([
      expect.objectContaining({
        sourceId: ids.locked,
        kind: 'private',
        cause: expect.any(String),
        fix: expect.any(String),
      }),
    ]);
    expect(body.message).toContain('Morning Walk');
    // One job, one message: nothing else arrives.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(r.received).toHaveLength(1);
    expect((await deliveriesOf(app, webhookId)).deliveries).toEqual([
      expect.objectContaining({ event: 'download.finished', status: 'delivered', attempts: 1, lastStatusCode: 200 }),
    ]);
  }, 180_000);

  it('a receiver that answered 500 gets the retry after a restart, and the log says delivered on attempt 2', async () => {
    const { manifest, manifestPath } = withPluginOptions({ notifications: { webhookRetryBaseSeconds: 3 } });
    const first = await bootDownloader(h, platform, { manifest, manifestPath });
    const { r, url } = await receiver([500, 200]);
    const webhookId = await addWebhook(first, url, ['download.finished']);

    const res = await queueDownload(first, { urls: [watchUrl(ids.c)] });
    await waitForJob(first, res.json<DownloadResponse>().jobId!, undefined, 120_000);
    await r.waitFor(1, 30_000);
    const pending = await deliveriesOf(first, webhookId);
    expect(pending.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });

    // Stop before the retry is due, then start again on the same database.
    const dir = first.t.dir;
    await h.stop(first.t);
    expect(r.received).toHaveLength(1);
    const t = await h.boot({ dir, env: platform.env, manifest, manifestPath });
    const token = await login(t);
    const again: DownloadApp = { t, token, headers: { 'x-access-token': token } };

    const got = await r.waitFor(2, 30_000);
    expect(got[1]!.headers['x-vidkeep-delivery']).toBe(got[0]!.headers['x-vidkeep-delivery']);
    expect(verifySignature(SECRET, got[1]!.body, String(got[1]!.headers['x-vidkeep-signature']))).toBe(true);
    expect(JSON.parse(got[1]!.body)).toMatchObject({
      event: 'download.finished',
      data: { downloaded: [{ title: 'Night Drive' }] },
    });
    await expect
      .poll(async () => (await deliveriesOf(again, webhookId)).deliveries[0])
      .toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
  }, 180_000);
});
