import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@vidkeep/core/testing';

/**
 * Issue 31: requests only a raw socket sends (browsers and fetch normalise `..` away), over real
 * HTTP to a listening server that serves the web UI, as `npm start` does.
 */

/** Writes `request` on a fresh connection; resolves with what came back when the server closes it. */
function raw(port: number, request: string, waitMs = 15_000): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer: answer || 'NO ANSWER', closedAfterMs: Date.now() - started });
    }, waitMs);
  });
}
const statusLine = (answer: string) => answer.split('\r\n')[0];

describe('raw requests over real HTTP', () => {
  let uiDir: string;
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    uiDir = await mkdtemp(join(tmpdir(), 'vidkeep-ui-raw-'));
    await writeFile(join(uiDir, 'index.html'), '<!doctype html><title>vidkeep</title>');
    t = await buildTestApp({ uiDir, env: { REQUEST_TIMEOUT_SECONDS: '2' } });
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(uiDir, { recursive: true, force: true });
  });

  it.each([
    '/api/docs/static/../x',
    '/api/docs/static/%2e%2e/x',
    '/api/docs/../../etc/passwd',
    '/api/docs/static/./index.html',
    '/../config/config.json',
    '/api/docs/static/..%2F..%2Fpackage.json',
  ])('answers %s with 404 at once, without a login', async (path) => {
    const { answer } = await raw(port, `GET ${path} HTTP/1.1\r\nHost: vidkeep\r\nConnection: close\r\n\r\n`);
    expect(statusLine(answer)).toBe('HTTP/1.1 404 Not Found');
    expect(answer).toContain('"code":"CORE_NOT_FOUND"');
  });

  it('still serves the documentation and the UI', async () => {
    const docs = await raw(
      port,
      `GET /api/docs/static/index.html HTTP/1.1\r\nHost: vidkeep\r\nConnection: close\r\n\r\n`,
    );
    expect(statusLine(docs.answer)).toMatch(/^HTTP\/1\.1 (200|302)/);
    const ui = await raw(
      port,
      `GET /downloads HTTP/1.1\r\nHost: vidkeep\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
    );
    expect(statusLine(ui.answer)).toBe('HTTP/1.1 200 OK');
  });

  it('answers a client that stalls mid-upload with 408 and closes the connection (REQUEST_TIMEOUT_SECONDS)', async () => {
    const stalled = await raw(
      port,
      'POST /auth/login HTTP/1.1\r\nHost: vidkeep\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"user',
    );
    expect(statusLine(stalled.answer)).toBe('HTTP/1.1 408 Request Timeout');
    // Closed by the server (the helper would have given up at 15 s).
    expect(stalled.closedAfterMs).toBeLessThan(15_000);
    const headersOnly = await raw(port, 'GET /api/health HTTP/1.1\r\nHost: vidkeep\r\n');
    expect(statusLine(headersOnly.answer)).toBe('HTTP/1.1 408 Request Timeout');
  });
});
