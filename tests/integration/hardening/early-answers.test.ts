import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type ServerProcess } from '../../helpers/server-process.js';

/**
 * Issue 31, items 8 and 9: an answer the server gives before it has read the body (413 for a body
 * over the limit, announced or not) reaches clients that are still uploading: Node's fetch and
 * node:http, against the real server process. Closed at once, the socket answered their writes with
 * a reset and they reported EPIPE instead of the 413.
 */
describe('answers given before the body has arrived', () => {
  let dir: string;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vidkeep-early-'));
    ({ server, token } = await startSignedIn(dir));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** node:http, the body written in 64 KiB pieces as a slow client would; the status or the error. */
  function slowPost(path: string, body: Buffer, headers: Record<string, string>): Promise<string> {
    return new Promise((resolve) => {
      const req = httpRequest(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
      let at = 0;
      const next = () => {
        if (at >= body.length) return void req.end();
        const piece = body.subarray(at, at + 64 * 1024);
        at += piece.length;
        if (req.write(piece)) setImmediate(next);
        else req.once('drain', next);
      };
      next();
    });
  }

  const json = (mib: number, key: string) => Buffer.from(JSON.stringify({ [key]: 'x'.repeat(mib * 1024 * 1024) }));

  it.each([2, 8, 30])('Node fetch reads 413 for a %i MiB JSON login or API key body', async (mib) => {
    for (const [path, key] of [
      ['/auth/login', 'username'],
      ['/api/keys', 'name'],
    ]) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: json(mib, key!),
      }).then(
        (r) => String(r.status),
        (err: { cause?: { code?: string } }) => `error ${err.cause?.code}`,
      );
      expect(res, path).toBe('413');
    }
  });

  it('node:http reads 413 while still writing an 8 MiB body, announced or chunked', async () => {
    const body = json(8, 'username');
    const type = { 'content-type': 'application/json' };
    expect(await slowPost('/auth/login', body, { ...type, 'content-length': String(body.length) })).toBe('413');
    expect(await slowPost('/auth/login', body, { ...type, 'transfer-encoding': 'chunked' })).toBe('413');
  });

  it('a 6 MiB cookie file is a 413, announced or chunked, never cut to 5 MB and read', async () => {
    const boundary = 'vidkeepboundary';
    const line = '.youtube.com\tTRUE\t/\tTRUE\t0\tSID\tvalue\n';
    const file = `# Netscape HTTP Cookie File\n${line.repeat(Math.ceil((6 * 1024 * 1024) / line.length))}`;
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="cookieFile"; filename="cookies.txt"\r\nContent-Type: text/plain\r\n\r\n${file}\r\n--${boundary}--\r\n`,
    );
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token };
    expect(await slowPost('/api/cookies/upload', body, { ...headers, 'content-length': String(body.length) })).toBe(
      '413',
    );
    expect(await slowPost('/api/cookies/upload', body, { ...headers, 'transfer-encoding': 'chunked' })).toBe('413');
    const form = new FormData();
    form.append('cookieFile', new Blob([file]), 'cookies.txt');
    const sent = await fetch(`${server.url}/api/cookies/upload`, {
      method: 'POST',
      headers: { 'x-access-token': token },
      body: form,
    });
    expect(sent.status).toBe(413);
    expect(((await sent.json()) as { error: string }).error).toBe('The cookie file is larger than 5 MB');
    const status = await fetch(`${server.url}/api/cookies/status`, { headers: { 'x-access-token': token } });
    expect(((await status.json()) as { customFileExists: boolean }).customFileExists).toBe(false);
  });
});
