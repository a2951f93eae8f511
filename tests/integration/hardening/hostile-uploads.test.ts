import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, completeSetup, type TestApp } from '@vidkeep/core/testing';

/**
 * Issue 31: uploads a hostile client sends within the limits, over real HTTP (Node's fetch).
 * A 5 MiB file of nothing but line breaks once blocked the event loop for seconds and grew the
 * server by 1.3 GB that it never gave back; it is now an ordinary refusal.
 */
describe('hostile uploads over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    headers = { 'x-access-token': await completeSetup(t) };
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.close());

  const upload = (path: string, field: string, text: string, name: string) => {
    const form = new FormData();
    form.append(field, new Blob([text], { type: 'text/plain' }), name);
    return fetch(`${base}${path}`, { method: 'POST', headers, body: form });
  };
  const rssMiB = () => process.memoryUsage().rss / 1024 / 1024;

  const FIVE_MIB = 5 * 1024 * 1024;
  const emptyLines = FIVE_MIB - 64;
  const cookieHeader = '# Netscape HTTP Cookie File\n';
  it.each([
    [
      '/api/subscriptions/preview/takeout',
      'file',
      'subscriptions.csv',
      '\n'.repeat(emptyLines),
      /^This is not the subscriptions CSV/,
    ],
    [
      '/api/subscriptions/preview/cookies',
      'file',
      'cookies.txt',
      cookieHeader + '\r\n'.repeat(emptyLines / 2),
      /has the Netscape header but no cookies/,
    ],
    [
      '/api/cookies/upload',
      'cookieFile',
      'cookies.txt',
      cookieHeader + '\r\n'.repeat(emptyLines / 2),
      /has the Netscape header but no cookies/,
    ],
  ])('%s: 5 MiB of empty lines is a plain 400, and the server stays small', async (path, field, name, body, says) => {
    global.gc?.();
    const before = rssMiB();
    const res = await upload(path, field, body, name);
    const grew = rssMiB() - before;
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(says);
    // 5 M row objects took ~1.3 GB (the CSV; the cookie routes ~35-95 MB); read line by line,
    // 20-45 MB here, a few times the file.
    expect(grew).toBeLessThan(100);
  });

  it('a cookie file over 5 MB is a 413, never cut at 5 MB and then read', async () => {
    for (const filler of ['a', '.youtube.com\tTRUE\t/\tTRUE\t0\tSID\tvalue\n']) {
      const text = `# Netscape HTTP Cookie File\n${filler.repeat(Math.ceil((6 * 1024 * 1024) / filler.length))}`;
      const res = await upload('/api/cookies/upload', 'cookieFile', text, 'cookies.txt');
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toBe('The cookie file is larger than 5 MB');
    }
  });
});
