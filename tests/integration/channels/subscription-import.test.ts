import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, multipartFile } from '@vidkeep/core/testing';
import type { ImportDetail, ImportPreview, LiveMessage } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { platformSuite } from '../../helpers/downloads.js';
import { call, until } from './helpers.js';

const N = 50;
const ids = Array.from({ length: N }, (_, i) => fakeChannelId(`import-${i}`));
const name = (i: number) => `Import Channel ${String(i).padStart(2, '0')}`;
/** On the platform, in the CSV, subscribed before the import. */
const ALREADY = [ids[3]!, ids[17]!];
/** Subscribed with its own settings, then removed: the import restores it with them. */
const REMOVED = ids[8]!;
/** In the CSV, but the platform never heard of it. */
const UNKNOWN = ids[41]!;
/** In the CSV, terminated on the platform. */
const TERMINATED = ids[42]!;
const SESSION = { name: 'LOGIN_INFO', value: 'import-account-session' };
/** Subscribed on the platform but not in the CSV. */
const FEED_ONLY = fakeChannelId('feed-only');
const FEED = [FEED_ONLY, ids[3]!, ids[8]!];

const url = (id: string) => `http://www.youtube.com/channel/${id}`;
const cookieFile = (value: string, cookie = SESSION.name) =>
  `# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t0\t${cookie}\t${value}\n`;

/** The account export of 50 subscriptions with two broken rows among them (lines 12 and 30). */
function takeoutCsv(): string {
  const rows = ids.map((id, i) => `${id},${url(id)},${i === 20 ? '"Import, ""quoted"" 20"' : name(i)}`);
  rows.splice(10, 0, 'not a channel,http://www.youtube.com/c/nothing,Broken');
  rows.splice(28, 0, `UCtooshort,${url('UCtooshort')},Short id`);
  return `\uFEFFChannel Id,Channel Url,Channel Title\r\n${rows.join('\r\n')}\r\n\r\n`;
}

/**
 * Subscription import against the fake platform with the real yt-dlp: the account export's CSV
 * with bad rows, the cookie preview through the subscriptions feed, a background import of 50
 * channels with live progress, restore, skip and error results, cancel and a restart.
 */
describe('subscription import', () => {
  let dir: string;

  const suite = platformSuite(
    () => ({
      channels: ids
        .filter((id) => id !== UNKNOWN)
        .map((id, i) => ({
          channelId: id,
          handle: `@import${i}`,
          name: name(ids.indexOf(id)),
          tabs: { videos: [fakeVideoId(`import-video-${i}`)] },
          terminated: id === TERMINATED,
        }))
        .concat([
          { channelId: FEED_ONLY, handle: '@feedonly', name: 'Feed Only', tabs: { videos: [] }, terminated: false },
        ]),
      account: { cookie: SESSION, subscriptions: FEED },
    }),
    { timeout: 120_000 },
  );
  beforeAll(async () => {
    dir = suite.app.t.dir;
    const added = await call(suite.app, 'POST', '/updatechannels', {
      add: [...ALREADY, REMOVED].map((id) => ({
        url: id,
        ...(id === REMOVED ? { settings: { video_quality: '720', sub_folder: 'Kids' } } : {}),
      })),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await call(suite.app, 'POST', '/updatechannels', { remove: [REMOVED] })).status).toBe(200);
  }, 120_000);

  const upload = async (path: string, text: string) => {
    const form = multipartFile('file', 'upload.txt', text);
    const res = await suite.app.t.app.inject({
      method: 'POST',
      url: path,
      payload: form.payload,
      headers: { ...form.headers, ...suite.app.headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const finished = (jobId: string, timeoutMs = 120_000) =>
    until(
      async () => {
        const r = await call<ImportDetail>(suite.app, 'GET', `/api/subscriptions/imports/${jobId}`);
        return r.body.status === 'running' ? undefined : r.body;
      },
      timeoutMs,
      'the import to finish',
    );

  it('previews the account export: 50 channels, the 2 bad rows by line, already and previously subscribed marked', async () => {
    const { status, body } = await upload('/api/subscriptions/preview/takeout', takeoutCsv());
    expect(status, JSON.stringify(body)).toBe(200);
    const preview = body as ImportPreview;
    expect(preview).toMatchObject({ source: 'takeout', totalFound: N, alreadySubscribedCount: 2 });
    expect(preview.problems).toEqual([
      { line: 12, message: expect.stringMatching(/^No channel id .*"not a channel,/) },
      { line: 30, message: expect.stringMatching(/^No channel id .*UCtooshort/) },
    ]);
    expect(
      preview.channels
        .filter((c) => c.alreadySubscribed)
        .map((c) => c.channelId)
        .sort(),
    ).toEqual([...ALREADY].sort());
    expect(preview.channels.find((c) => c.channelId === REMOVED)).toMatchObject({
      alreadySubscribed: false,
      previouslySubscribed: true,
    });
    expect(preview.channels.find((c) => c.channelId === ids[20])?.title).toBe('Import, "quoted" 20');
    // Sorted by title.
    const titles = preview.channels.map((c) => c.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    // Nothing was stored by the preview.
    expect((await call(suite.app, 'GET', '/getchannels?pageSize=100')).body.total).toBe(2);
  });

  it('refuses what is not such a file, and a file without channels', async () => {
    const junk = await upload('/api/subscriptions/preview/takeout', 'hello\nworld\n');
    expect(junk.status).toBe(400);
    expect(junk.body).toMatchObject({ code: 'CHANNELS_IMPORT_FILE_INVALID' });
    expect(junk.body.error).toMatch(/Channel Id,Channel Url,Channel Title/);
    const empty = await upload('/api/subscriptions/preview/takeout', 'Channel Id,Channel Url,Channel Title\n');
    expect(empty).toMatchObject({ status: 422, body: { code: 'CHANNELS_IMPORT_NO_CHANNELS' } });
  });

  it('imports 50 channels in the background with live progress: new, restored with old settings, skipped, errors', async () => {
    const address = await suite.app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/ws`);
    const messages: LiveMessage<'subscriptionImportUpdated'>[] = [];
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as LiveMessage;
      if (m.type === 'subscriptionImportUpdated') messages.push(m as LiveMessage<'subscriptionImportUpdated'>);
    });
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: suite.app.token }));
    await until(async () => (ws.readyState === ws.OPEN ? true : undefined), 5000);
    await new Promise((r) => setTimeout(r, 200));

    const preview = (await upload('/api/subscriptions/preview/takeout', takeoutCsv())).body as ImportPreview;
    const started = Date.now();
    const res = await call(suite.app, 'POST', '/api/subscriptions/imports', {
      source: 'takeout',
      channels: preview.channels.map((c) => ({ channelId: c.channelId, url: c.url, title: c.title })),
      settings: { video_quality: '480' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.total).toBe(N);
    const jobId = res.body.jobId as string;

    // One import at a time.
    const second = await call(suite.app, 'POST', '/api/subscriptions/imports', { channels: [{ channelId: ids[0] }] });
    expect(second).toMatchObject({ status: 409, body: { code: 'CHANNELS_IMPORT_RUNNING' } });
    const active = await call(suite.app, 'GET', '/api/subscriptions/imports/active');
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ jobId, total: N, status: 'running' });

    const detail = await finished(jobId);
    const seconds = (Date.now() - started) / 1000;
    console.log(`imported ${N} channels in ${seconds.toFixed(1)} s`);
    expect(detail).toMatchObject({
      status: 'completed_with_errors',
      total: N,
      done: N,
      successes: 46,
      skipped: 2,
      errors: 2,
    });
    const byId = new Map(detail.results.map((r) => [r.channelId, r]));
    for (const id of ALREADY) expect(byId.get(id)).toMatchObject({ state: 'skipped', reason: 'Already subscribed' });
    expect(byId.get(REMOVED)).toMatchObject({ state: 'success', restored: true });
    expect(byId.get(UNKNOWN)).toMatchObject({
      state: 'error',
      reason: expect.stringMatching(/not found on the platform/),
    });
    expect(byId.get(TERMINATED)).toMatchObject({ state: 'error', reason: expect.stringMatching(/terminated/) });
    expect(detail.results.filter((r) => r.state === 'success' && !r.restored)).toHaveLength(45);

    const channels = await call(suite.app, 'GET', '/getchannels?pageSize=100');
    expect(channels.body.total).toBe(48);
    const settings = async (id: string) => (await call(suite.app, 'GET', `/api/channels/${id}/settings`)).body.settings;
    // The restored channel keeps its own settings; new ones get the import's.
    expect(await settings(REMOVED)).toMatchObject({ video_quality: '720', sub_folder: 'Kids', enabled: true });
    expect(await settings(ids[0]!)).toMatchObject({ video_quality: '480', enabled: true });
    expect(await settings(ids[20]!)).toMatchObject({ title: name(20) });

    // Live: progress while it ran, and the final state last.
    await until(async () => (messages.at(-1)?.import.status === 'running' ? undefined : true), 5000, 'the last push');
    expect(messages.length).toBeGreaterThan(2);
    expect(messages.some((m) => m.import.status === 'running' && m.import.done > 0 && m.import.done < N)).toBe(true);
    expect(messages.at(-1)?.import).toMatchObject({ jobId, status: 'completed_with_errors', done: N });
    ws.close();

    expect((await call(suite.app, 'GET', '/api/subscriptions/imports/active')).status).toBe(204);
    const list = await call(suite.app, 'GET', '/api/subscriptions/imports');
    expect(list.body.imports[0]).toMatchObject({ jobId, status: 'completed_with_errors', successes: 46 });
  }, 180_000);

  it('refuses settings that break the channel settings rules before starting', async () => {
    const res = await call(suite.app, 'POST', '/api/subscriptions/imports', {
      channels: [{ channelId: ids[0] }],
      settings: { sub_folder: '__playlists__' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^No import was started: settings\/sub_folder/);
  });

  it('previews the subscriptions feed with the uploaded cookies only, and keeps nothing of them', async () => {
    const good = await upload('/api/subscriptions/preview/cookies', cookieFile(SESSION.value));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body).toMatchObject({ source: 'cookies', totalFound: FEED.length, problems: [] });
    const found = new Map((good.body as ImportPreview).channels.map((c) => [c.channelId, c]));
    expect([...found.keys()].sort()).toEqual([...FEED].sort());
    expect(found.get(FEED_ONLY)).toMatchObject({ title: 'Feed Only', alreadySubscribed: false });
    expect(found.get(ids[3]!)?.alreadySubscribed).toBe(true);
    expect(found.get(FEED_ONLY)?.thumbnailUrl).toMatch(/avatar\.jpg/);
    const feed = suite.p.requests.filter((r) => r.path === '/api/feed/channels');
    expect(feed.at(-1)?.cookies).toEqual(['LOGIN_INFO']);

    // Another session's cookies reach the platform but do not sign in.
    const stale = await upload('/api/subscriptions/preview/cookies', cookieFile('someone-else'));
    expect(stale).toMatchObject({ status: 422, body: { code: 'CHANNELS_IMPORT_NOT_SIGNED_IN' } });
    expect(stale.body.error).toMatch(/did not accept these cookies/);
    // No login cookie at all: refused before asking the platform.
    const before = suite.p.requests.length;
    const visitor = await upload('/api/subscriptions/preview/cookies', cookieFile('x', 'PREF'));
    expect(visitor).toMatchObject({ status: 422, body: { code: 'CHANNELS_IMPORT_NOT_SIGNED_IN' } });
    expect(suite.p.requests.length).toBe(before);
    const bad = await upload('/api/subscriptions/preview/cookies', '{"cookies": []}');
    expect(bad).toMatchObject({ status: 400, body: { code: 'CHANNELS_IMPORT_FILE_INVALID' } });

    // The uploads never became the service's cookies, and no copy is left in CONFIG_DIR.
    const left = await readdir(suite.app.t.configDir);
    expect(left.filter((n) => n.startsWith('.import-cookies-') || n.startsWith('cookies.user'))).toEqual([]);
    expect((await call(suite.app, 'GET', '/api/cookies/status')).body.customFileExists).toBe(false);
  });

  it('looks a channel up again when the connection dropped, and gives up after three tries', async () => {
    const flaky = fakeChannelId('import-flaky');
    const down = fakeChannelId('import-down');
    for (const [i, id] of [flaky, down].entries()) {
      suite.p.addChannel({
        channelId: id,
        handle: `@retry${i}`,
        name: `Retry ${i}`,
        tabs: { videos: [fakeVideoId(`t-${i}`)] },
      });
    }
    // The first request of one channel's pages drops the connection; the other's always do.
    suite.p.setChannelPageFailures(flaky, { status: 'reset', times: 1 });
    suite.p.setChannelPageFailures(down, { status: 'reset', times: 1000 });
    const res = await call(suite.app, 'POST', '/api/subscriptions/imports', {
      channels: [{ channelId: flaky }, { channelId: down }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const detail = await finished(res.body.jobId as string, 60_000);
    suite.p.setChannelPageFailures(down, null);
    const byId = new Map(detail.results.map((r) => [r.channelId, r]));
    expect(byId.get(flaky)).toMatchObject({ state: 'success', restored: false });
    expect(byId.get(down)).toMatchObject({
      state: 'error',
      reason: expect.stringMatching(/^Cannot reach the platform to read the channel: A network problem/),
    });
    expect(detail).toMatchObject({ status: 'completed_with_errors', successes: 1, errors: 1 });
    // The first lookup and the two after a pause: each one's first request failed.
    expect(suite.p.channelPageRequests(down)).toBe(3);
    expect((await call(suite.app, 'GET', `/api/channels/${flaky}/settings`)).body.settings).toMatchObject({
      enabled: true,
    });
  }, 60_000);

  it('cancels: lookups under way stop, the rest is skipped as cancelled, the done ones stay', async () => {
    const fresh = Array.from({ length: 24 }, (_, i) => fakeChannelId(`cancel-${i}`));
    for (const [i, id] of fresh.entries()) {
      suite.p.addChannel({
        channelId: id,
        handle: `@cancel${i}`,
        name: `Cancel ${i}`,
        tabs: { videos: [fakeVideoId(`c-${i}`)] },
      });
    }
    const res = await call(suite.app, 'POST', '/api/subscriptions/imports', {
      channels: fresh.map((channelId) => ({ channelId })),
    });
    expect(res.status).toBe(202);
    const jobId = res.body.jobId as string;
    await until(
      async () =>
        (await call(suite.app, 'GET', `/api/subscriptions/imports/${jobId}`)).body.done >= 1 ? true : undefined,
      60_000,
      'the first channel',
    );
    const cancel = await call(suite.app, 'POST', `/api/subscriptions/imports/${jobId}/cancel`);
    expect(cancel).toMatchObject({ status: 200, body: { status: 'Cancelling' } });
    const detail = await finished(jobId, 60_000);
    expect(detail.status).toBe('cancelled');
    expect(detail.cancelRequested).toBe(true);
    const cancelled = detail.results.filter((r) => r.state === 'skipped' && r.reason === 'Cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(detail.successes + cancelled.length).toBe(fresh.length);
    expect(detail.results.some((r) => r.state === 'pending')).toBe(false);
    expect((await call(suite.app, 'POST', `/api/subscriptions/imports/${jobId}/cancel`)).status).toBe(404);
  }, 120_000);

  it('an import cut off by a restart is marked interrupted, not lost', async () => {
    const fresh = Array.from({ length: 12 }, (_, i) => fakeChannelId(`restart-${i}`));
    for (const [i, id] of fresh.entries()) {
      suite.p.addChannel({
        channelId: id,
        handle: `@restart${i}`,
        name: `Restart ${i}`,
        tabs: { videos: [fakeVideoId(`r-${i}`)] },
      });
    }
    const res = await call(suite.app, 'POST', '/api/subscriptions/imports', {
      channels: fresh.map((channelId) => ({ channelId })),
    });
    const jobId = res.body.jobId as string;
    // A crash: the process ends with the import marked running (simulated on the stopped
    // service's database, since a kill -9 would also stop this test).
    await suite.app.t.close({ keepDir: true });
    // The graceful stop already marked it interrupted; put it back as a crash leaves it.
    await sql(join(dir, 'config', 'vidkeep.db'), [
      ["update channels_subscription_imports set status = 'running', finished_at = null where id = ?", [jobId]],
      [
        "update channels_subscription_import_items set state = 'pending', reason = null where import_id = ? and state = 'skipped'",
        [jobId],
      ],
    ]);
    const t = await suite.h.boot({ dir, env: suite.p.env });
    const token = await login(t);
    suite.app = { t, token, headers: { 'x-access-token': token } };
    const detail = (await call<ImportDetail>(suite.app, 'GET', `/api/subscriptions/imports/${jobId}`)).body;
    expect(detail.status).toBe('interrupted');
    expect(detail.results.some((r) => r.state === 'pending')).toBe(false);
    const cut = detail.results.filter((r) => r.state === 'skipped');
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.every((r) => /server stopped/.test(r.reason ?? ''))).toBe(true);
  }, 120_000);
});

/** Runs statements on a stopped service's database file. */
function sql(file: string, statements: [string, unknown[]][]): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file);
    db.serialize(() => {
      for (const [text, params] of statements) db.run(text, params, (e) => e && reject(e));
      db.close((e) => (e ? reject(e) : resolve()));
    });
  });
}
