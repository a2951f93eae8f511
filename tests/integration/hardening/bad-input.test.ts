import { writeFile, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeSetup, login, TestHarness, type TestApp } from '@vidkeep/core/testing';
import { plexManifest } from '../plex/helpers.js';

/**
 * Issue 31, items 10 and 11: input that once answered 500 (malformed multipart, server addresses
 * that are no addresses, a media server answering a web page) is a 400 or 502 in words, and a
 * known path asked with another method is a 405 naming the methods it answers.
 */
describe('bad input answers in words, never 500', () => {
  const h = new TestHarness();
  let t: TestApp;
  let headers: Record<string, string>;
  let html: Server;
  let htmlUrl: string;

  beforeAll(async () => {
    t = await h.boot({ ...plexManifest() });
    headers = { 'x-access-token': await completeSetup(t) };
    html = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Login</html>'));
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await h.closeAll();
    await new Promise((resolve) => html.close(resolve));
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const part = (boundary: string, field: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
  const malformed: [string, string, string | Buffer][] = [
    ['a boundary that does not match', 'multipart/form-data; boundary=AAA', part('BBB', 'file')],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n\r\nx'],
    ['no boundary', 'multipart/form-data', 'abc'],
    [
      'binary garbage',
      'multipart/form-data; boundary=X',
      Buffer.from([0, 1, 2, 255, 254, 13, 10, 45, 45, 88, 13, 10, 200]),
    ],
  ];
  it.each(['/api/cookies/upload', '/api/subscriptions/preview/takeout', '/api/subscriptions/preview/cookies'])(
    '%s: malformed multipart is a 400 saying so',
    async (url) => {
      for (const [label, type, body] of malformed) {
        const res = await send('POST', url, body, { 'content-type': type });
        expect(res.statusCode, label).toBe(400);
        expect(res.json().error, label).toMatch(/cut off or malformed/);
      }
    },
  );

  it.each([
    ['plex', { mediaserverUrl: 'plexbox', plexApiKey: 'k' }],
    ['plex', { mediaserverUrl: 'http://>z', plexApiKey: 'k' }],
    ['plex', { plexIP: 'a b/c', plexApiKey: 'k' }],
    ['jellyfin', { jellyfinUrl: 'http://>z', jellyfinApiKey: 'k' }],
    ['emby', { embyUrl: 'http://>z', embyApiKey: 'k' }],
  ])('a %s test of an address that is none is a 400 naming it: %j', async (kind, body) => {
    const res = await send('POST', `/api/mediaservers/${kind}/test`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CORE_VALIDATION_FAILED',
      error: expect.stringMatching(/is not a (server address|host name)/),
    });
  });

  it('a test IP with a NUL byte is a 400', async () => {
    const res = await send('GET', '/getplexlibraries?testIP=a%00b&testApiKey=k');
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [{ mediaserverUrl: 'plexbox' }, 'mediaserverUrl'],
    [{ mediaserverUrl: 'http://>z' }, 'mediaserverUrl'],
    [{ plexIP: 'host/path' }, 'plexIP'],
    [{ jellyfinUrl: 'http://>z' }, 'jellyfinUrl'],
    [{ embyUrl: 'http://>z' }, 'embyUrl'],
  ])('saving %j is refused with 400 on the key, nothing saved', async (patch, key) => {
    const res = await send('PATCH', '/api/config', patch);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe(`body/${key}`);
  });

  it('an address saved by an older version that is none: the Plex routes answer in words, never 500', async () => {
    const file = join(t.configDir, 'config.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await t.close({ keepDir: true });
    await writeFile(
      file,
      JSON.stringify({ ...saved, mediaserverUrl: 'http://>z', plexApiKey: 'k', plexSourceLibraryId: '1' }),
    );
    t = await h.boot({ dir: t.dir, ...plexManifest() });
    headers = { 'x-access-token': await login(t) };
    for (const url of ['/getplexlibraries', '/refreshlibrary']) {
      const res = await send('GET', url);
      expect(res.statusCode, url).not.toBe(500);
      expect(res.json().error, url).toMatch(/"http:\/\/>z" is not a (valid|server) address/);
    }
  });

  it('a Jellyfin or Emby URL that answers a web page is a 502 saying so', async () => {
    for (const kind of ['jellyfin', 'emby']) {
      const res = await send('POST', `/api/mediaservers/${kind}/test`, {
        [`${kind}Url`]: htmlUrl,
        [`${kind}ApiKey`]: 'abc',
      });
      expect(res.statusCode, kind).toBe(502);
      expect(res.json().error, kind).toMatch(/with something that is not JSON \(HTTP 200, text\/html\)/);
    }
  });
});
