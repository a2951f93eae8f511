import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipartFile } from '@vidkeep/core/testing';
import type { DownloadResponse, JobDetail } from '@vidkeep/contracts';
import { fakeChannelId, fakeVideoId } from '../../fakes/platform/index.js';
import { queueDownload, waitForJob, watchUrl, platformSuite } from '../../helpers/downloads.js';

const SESSION = { name: 'LOGIN_INFO', value: 'AFmmF2swRQIhAL-signed-in' };
const cookieText = (value: string) =>
  [
    '# Netscape HTTP Cookie File',
    [
      '.youtube.com',
      'TRUE',
      '/',
      'TRUE',
      String(Math.floor(Date.now() / 1000) + 86_400 * 30),
      SESSION.name,
      value,
    ].join('\t'),
    '',
  ].join('\n');

/**
 * Settings → Cookies with the real yt-dlp: an uploaded cookie file is what the next yt-dlp call
 * signs in with (the fake platform only lets a request through that carries the account's
 * cookie), and the custom-argument check asks the real yt-dlp.
 */
describe('cookies and custom arguments with the real yt-dlp', () => {
  const channelId = fakeChannelId('cookie-channel');
  const locked = fakeVideoId('cookie-locked');
  const lockedToo = fakeVideoId('cookie-locked-2');
  /** Channels added all at once by the parallel test. */
  const parallel = Array.from({ length: 6 }, (_, i) => ({
    channelId: fakeChannelId(`cookie-parallel-${i}`),
    handle: `@cookieparallel${i}`,
    name: `Cookie Parallel ${i}`,
    tabs: { videos: [locked] },
  }));

  const v = { channelId, channel: 'Cookie Channel', handle: '@cookies', requiresSignIn: true };
  const suite = platformSuite(
    () => ({
      videos: [
        { ...v, id: locked, title: 'Signed-in viewers only' },
        { ...v, id: lockedToo, title: 'Also for signed-in viewers' },
      ],
      channels: [
        { channelId, handle: '@cookies', name: 'Cookie Channel', tabs: { videos: [locked, lockedToo] } },
        ...parallel,
      ],
      account: { cookie: SESSION, subscriptions: [channelId] },
    }),
    { timeout: 120_000 },
  );

  const download = async (id: string): Promise<JobDetail> => {
    const res = await queueDownload(suite.app, { url: watchUrl(id) });
    expect(res.statusCode, res.body).toBe(200);
    return waitForJob(suite.app, res.json<DownloadResponse>().jobId!);
  };
  const upload = (text: string) => {
    const form = multipartFile('cookieFile', 'cookies.txt', text);
    return suite.app.t.app.inject({
      method: 'POST',
      url: '/api/cookies/upload',
      payload: form.payload,
      headers: { ...form.headers, ...suite.app.headers },
    });
  };

  it('an uploaded cookie file is used by the next yt-dlp call, and its deletion by the one after', async () => {
    // Without cookies the platform bot-checks the download, and the advice points at Settings → Cookies.
    const before = await download(locked);
    expect(before.status).toBe('failed');
    expect(before.videos[0]?.diagnosis).toMatchObject({ kind: 'bot_check' });
    expect(before.videos[0]?.diagnosis?.fix).toMatch(/upload them under Settings → Cookies/);

    const res = await upload(cookieText(SESSION.value));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cookieStatus).toMatchObject({
      inUse: true,
      loginCookiePresent: true,
      loginCookies: ['LOGIN_INFO'],
    });

    const after = await download(locked);
    expect(after.status, JSON.stringify(after.videos[0]?.diagnosis)).toBe('completed');
    const watch = suite.p.requests.filter((r) => r.path === `/api/watch/${locked}`);
    expect(watch.at(-1)?.cookies).toEqual(['LOGIN_INFO']);
    // yt-dlp writes the jar back into the file; it stays a cookie file with the session in it.
    const file = await readFile(join(suite.app.t.configDir, 'cookies.user.txt'), 'utf8');
    expect(file).toMatch(/^# Netscape HTTP Cookie File/);
    expect(file).toContain(`${SESSION.name}\t${SESSION.value}`);

    expect(
      (await suite.app.t.app.inject({ method: 'DELETE', url: '/api/cookies', headers: suite.app.headers })).statusCode,
    ).toBe(200);
    const without = await download(lockedToo);
    expect(without.status).toBe('failed');
    expect(suite.p.requests.filter((r) => r.path === `/api/watch/${lockedToo}`).at(-1)?.cookies).toEqual([]);
  });

  it('a cookie file of another session is sent but does not sign in; the advice then says the cookies are stale', async () => {
    expect((await upload(cookieText('an-old-session'))).statusCode).toBe(200);
    const job = await download(lockedToo);
    expect(job.status).toBe('failed');
    expect(job.videos[0]?.diagnosis?.fix).toMatch(/probably stale.*upload them again under Settings → Cookies/);
  });

  it('the listings that channels use get the cookies too', async () => {
    expect((await upload(cookieText(SESSION.value))).statusCode).toBe(200);
    const seen = suite.p.requests.length;
    const res = await suite.app.t.app.inject({
      method: 'POST',
      url: '/addchannelinfo',
      headers: suite.app.headers,
      payload: { url: '@cookies' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lookups = suite.p.requests.slice(seen).filter((r) => r.path.startsWith('/api/channel/'));
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every((r) => r.cookies.includes('LOGIN_INFO'))).toBe(true);
  });

  it('parallel yt-dlp calls each sign in with a copy of their own, and the cookie file stays whole', async () => {
    expect((await upload(cookieText(SESSION.value))).statusCode).toBe(200);
    const seen = suite.p.requests.length;
    // yt-dlp truncates and rewrites its --cookies file on exit: on one shared file, a process
    // starting meanwhile read it half-written and failed.
    const answers = await Promise.all(
      parallel.map((c) =>
        suite.app.t.app.inject({
          method: 'POST',
          url: '/addchannelinfo',
          headers: suite.app.headers,
          payload: { url: c.handle },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(parallel.map(() => 200));
    const lookups = suite.p.requests.slice(seen).filter((r) => r.path.startsWith('/api/channel/'));
    expect(lookups.length).toBeGreaterThanOrEqual(6);
    expect(lookups.filter((r) => !r.cookies.includes('LOGIN_INFO'))).toEqual([]);
    const file = await readFile(join(suite.app.t.configDir, 'cookies.user.txt'), 'utf8');
    expect(file).toMatch(/^# Netscape HTTP Cookie File/);
    expect(file).toContain(`${SESSION.name}\t${SESSION.value}`);
    // Each copy is deleted once its process has exited.
    expect(await readdir(join(suite.app.t.configDir, '.cookies-in-use'))).toEqual([]);
  });

  it('checks custom arguments with the real yt-dlp as the form types', async () => {
    const check = (args: string) =>
      suite.app.t.app.inject({
        method: 'POST',
        url: '/api/ytdlp/validate-args',
        headers: suite.app.headers,
        payload: { args },
      });
    const denied = await check('-o "/etc/%(title)s"');
    expect(denied.statusCode).toBe(400);
    expect(denied.json()).toMatchObject({ code: 'DOWNLOAD_CUSTOM_ARGS_INVALID', option: '-o' });
    expect(denied.json().error).toMatch(/-o is not allowed \(it means --output\)/);
    expect((await check('--retries "3')).json()).toMatchObject({
      option: null,
      error: expect.stringMatching(/Unterminated double quote/),
    });

    const good = await check("--embed-chapters --match-filters 'duration > 60'");
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({
      ok: true,
      message: 'yt-dlp accepts these arguments.',
      args: ['--embed-chapters', '--match-filters', 'duration > 60'],
      stderr: null,
    });
    expect((await check('--no-such-option')).json()).toMatchObject({
      ok: false,
      message: 'yt-dlp refuses these arguments: no such option: --no-such-option',
    });
    expect((await check('--retries abc')).json().message).toMatch(/invalid .*retry count "abc"/);
    expect((await check('')).json()).toMatchObject({ ok: true, args: [] });
  });
});
