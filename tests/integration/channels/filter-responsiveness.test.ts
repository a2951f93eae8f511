import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeChannelId, fakeVideoId, startFakePlatform, type FakePlatform } from '../../fakes/platform/index.js';
import { startServer, type ServerProcess } from '../../helpers/server-process.js';

/**
 * Issue 19: user regular expressions never block the event loop. The real server (built dist,
 * listening on a port) gets eight title-filter previews with a catastrophic pattern at once while
 * the test keeps asking `GET /setup/status`.
 */
describe('catastrophic title filters and everyone else', () => {
  let platform: FakePlatform;
  let server: ServerProcess;
  let dir: string;
  let token: string;
  const channelId = fakeChannelId('regex-slow');
  // 50 titles on which `^(a+)+$` backtracks for minutes each.
  const ids = Array.from({ length: 50 }, (_, i) => fakeVideoId(`regex-slow-${i}`));

  beforeAll(async () => {
    platform = await startFakePlatform({
      videos: ids.map((id, i) => ({
        id,
        title: `${'a'.repeat(40 + (i % 5))}!`,
        channelId,
        channel: 'Slow Regex',
        handle: '@slowregex',
        uploadDate: `202601${String((i % 28) + 1).padStart(2, '0')}`,
      })),
      channels: [{ channelId, handle: '@slowregex', name: 'Slow Regex', tabs: { videos: ids } }],
    });
    dir = await mkdtemp(join(tmpdir(), 'vidkeep-regex-'));
    server = await startServer({
      ...platform.env,
      CONFIG_DIR: join(dir, 'config'),
      SOURCE_OUTPUT_DIR: join(dir, 'data'),
      AUTH_PRESET_USERNAME: 'admin',
      AUTH_PRESET_PASSWORD: 'correct-horse-battery',
    });
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'correct-horse-battery' }),
    });
    token = ((await login.json()) as { token: string }).token;
    const add = await api('/updatechannels', { method: 'POST', body: { add: ['@slowregex'] } });
    expect(add.status).toBe(200);
    expect((await api(`/getchannelvideos/${channelId}?pageSize=50`)).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await platform?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  function api(path: string, init: { method?: string; body?: unknown } = {}) {
    return fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'x-access-token': token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
  }

  /** Eight catastrophic previews at once; meanwhile `GET /setup/status` about every 20 ms. */
  async function eightPreviews() {
    const pattern = encodeURIComponent('^(a+)+$');
    let done = 0;
    const previews = Array.from({ length: 8 }, () =>
      api(`/api/channels/${channelId}/filter-preview?title_filter_regex=${pattern}`).then(async (res) => {
        done++;
        return { status: res.status, body: (await res.json()) as { error?: string; code?: string } };
      }),
    );
    // A page polling the server: one status request every 20 ms or so until every preview has
    // answered (about a hundred over the run).
    const latencies: number[] = [];
    while (done < previews.length) {
      const started = performance.now();
      const res = await fetch(`${server.url}/setup/status`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
    return { answers: await Promise.all(previews), slowest: Math.max(...latencies), samples: latencies.length };
  }

  it('eight previews at once leave GET /setup/status answering within 100 ms, and each preview says why', async () => {
    const sanity = await (await api(`/api/channels/${channelId}/filter-preview?title_filter_regex=a%2B!`)).json();
    expect(sanity).toMatchObject({ totalCount: 50, matchCount: 50 });

    // The bound is the issue's own: "eight catastrophic previews at once leave GET /setup/status
    // answering within 100 ms". Matching on the event loop held it 250 ms per preview, so every
    // run failed; up to two more runs absorb a scheduling hiccup of a machine busy with other
    // work (a status request then waits for a CPU, not for the server).
    let run = await eightPreviews();
    for (let retry = 0; retry < 2 && run.slowest >= 100; retry++) run = await eightPreviews();
    for (const a of run.answers) {
      expect(a.status).toBe(400);
      expect(a.body).toMatchObject({ code: 'CHANNELS_INVALID_REGEX', error: expect.stringMatching(/too long/) });
    }
    expect(run.samples).toBeGreaterThan(3);
    expect(run.slowest).toBeLessThan(100);
  }, 60_000);
});
