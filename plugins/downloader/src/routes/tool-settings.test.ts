import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, multipartFile, TestHarness, type TestApp } from '@vidkeep/core/testing';

const NOW = Math.floor(Date.now() / 1000);
const COOKIES = [
  '# Netscape HTTP Cookie File',
  '# exported for a test',
  ['.youtube.com', 'TRUE', '/', 'TRUE', String(NOW + 86_400 * 90), 'LOGIN_INFO', 'login-secret-value'].join('\t'),
  ['#HttpOnly_.youtube.com', 'TRUE', '/', 'TRUE', String(NOW + 86_400 * 90), '__Secure-3PSID', 'sid-secret'].join('\t'),
  ['.google.com', 'TRUE', '/', 'TRUE', String(NOW - 60), 'NID', 'old'].join('\t'),
  '',
].join('\n');

/** Settings → Cookies and the custom-argument rules, through the real app and its HTTP routes. */
describe('cookie file and custom arguments', () => {
  const h = new TestHarness();
  let t: TestApp;
  let headers: { 'x-access-token': string };
  const cookieFile = () => join(t.configDir, 'cookies.user.txt');

  beforeAll(async () => {
    t = await h.boot();
    headers = { 'x-access-token': await completeSetup(t) };
  });
  afterAll(() => h.closeAll());

  const upload = (text: string | Buffer, field = 'cookieFile') =>
    t.app.inject({
      method: 'POST',
      url: '/api/cookies/upload',
      ...withAuth(multipartFile(field, 'cookies.txt', text)),
    });
  const withAuth = (form: ReturnType<typeof multipartFile>) => ({
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
  const status = async () => (await t.app.inject({ url: '/api/cookies/status', headers })).json();
  const config = async () => (await t.app.inject({ url: '/getconfig', headers })).json();

  it('starts with no file and cookies off', async () => {
    expect(await status()).toMatchObject({
      cookiesEnabled: false,
      customFileExists: false,
      customCookiesUploaded: false,
      inUse: false,
      sizeBytes: null,
      loginCookiePresent: false,
    });
  });

  it('refuses what is not a Netscape cookie file, naming the problem, and stores nothing', async () => {
    const json = await upload('[{"name":"SID","value":"x","domain":".youtube.com"}]');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'DOWNLOAD_COOKIES_INVALID' });
    expect(json.json().error).toMatch(/first line must be "# Netscape HTTP Cookie File"/);

    const spaces = await upload('# Netscape HTTP Cookie File\n.youtube.com TRUE / TRUE 0 SID x\n');
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().error).toMatch(/Line 2 .*tabs may have become spaces/);

    expect((await upload(COOKIES, 'file')).json().error).toMatch(/form field "cookieFile"/);
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/cookies/upload', headers, payload: { a: 1 } });
    expect(notMultipart.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/larger than 5 MB/);
    expect((await status()).customFileExists).toBe(false);
    expect((await config()).cookiesEnabled).toBe(false);
  });

  it('stores a good file with mode 0600, turns cookies on, and reports it without any value', async () => {
    const res = await upload(COOKIES);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('secret');
    const body = res.json();
    expect(body.message).toMatch(/3 cookies; they include the platform’s login cookies/);
    expect(body.cookieStatus).toMatchObject({
      cookiesEnabled: true,
      customFileExists: true,
      customCookiesUploaded: true,
      inUse: true,
      valid: true,
      sizeBytes: Buffer.byteLength(COOKIES),
      cookieCount: 3,
      domains: ['google.com', 'youtube.com'],
      expiredCount: 1,
      loginCookiePresent: true,
      loginCookies: ['LOGIN_INFO', '__Secure-3PSID'],
    });
    expect(Date.now() - Date.parse(body.cookieStatus.uploadedAt)).toBeLessThan(60_000);
    expect(await readFile(cookieFile(), 'utf8')).toBe(COOKIES);
    expect((await stat(cookieFile())).mode & 0o777).toBe(0o600);
    expect((await config()).cookiesEnabled).toBe(true);
    expect(JSON.stringify(await config())).not.toContain('secret');
  });

  it('tells about a file edited by hand that yt-dlp could not read', async () => {
    await writeFile(cookieFile(), 'garbage\n');
    expect(await status()).toMatchObject({ customFileExists: true, valid: false, cookieCount: 0 });
    expect((await status()).problem).toMatch(/not a Netscape cookie file/);
  });

  it('deletes the file and keeps cookiesEnabled as it was', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/cookies', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'The cookie file was deleted.',
      cookieStatus: { customFileExists: false, inUse: false, cookiesEnabled: true },
    });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/cookies', headers })).json().message).toMatch(
      /no cookie file/,
    );
  });

  it('refuses custom arguments on save with the rule a job start applies, naming the option', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers,
      payload: { ytdlpCustomArgs: '--embed-chapters --exec "rm -rf ~"', apiKeyRateLimit: 20 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      {
        path: 'body/ytdlpCustomArgs',
        message: 'The custom yt-dlp arguments are refused: --exec is not allowed: it would run commands on the server',
      },
    ]);
    // Nothing of the request was saved.
    expect(await config()).toMatchObject({ ytdlpCustomArgs: '', apiKeyRateLimit: 10 });
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      headers,
      payload: { ytdlpCustomArgs: '--embed-chapters --retries 4' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
