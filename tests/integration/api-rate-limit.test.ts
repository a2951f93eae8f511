import { afterEach, describe, expect, it } from 'vitest';
import { completeSetup, TestHarness, type TestApp } from '@vidkeep/core/testing';
import type { InjectOptions } from 'fastify';

/**
 * Issue 19: a general rate limit on the authenticated API per client address, configurable,
 * beside the login, search and API-key limits, with the RateLimit-* headers.
 */
describe('the general API rate limit', () => {
  const h = new TestHarness();
  afterEach(() => h.closeAll());

  async function boot(env: Record<string, string> = {}) {
    const t = await h.boot({ env });
    const token = await completeSetup(t);
    const as = (remoteAddress: string, extra: Partial<InjectOptions> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/jobs',
        remoteAddress,
        ...extra,
        headers: { 'x-access-token': token, ...(extra.headers as object) },
      });
    return { t, token, as };
  }
  const setLimit = async (t: TestApp, token: string, n: number) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/config',
      remoteAddress: '10.9.9.9',
      headers: { 'x-access-token': token },
      payload: { apiRateLimitPerMinute: n },
    });
    expect(res.statusCode).toBe(200);
  };

  it('answers the (N+1)th request of an address with 429, headers and the error envelope; others go on', async () => {
    const { t, token, as } = await boot();
    expect((await as('10.0.0.1')).headers['ratelimit-limit']).toBe('1200');
    await setLimit(t, token, 3);

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await as('10.0.0.7'));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.slice(0, 3).map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    const refused = answers[3]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/3 API requests per minute/),
      code: 'CORE_RATE_LIMITED',
    });
    expect(refused.headers['ratelimit-limit']).toBe('3');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Without a token too: the address is limited, not the session.
    const anonymous = await t.app.inject({ url: '/api/jobs', remoteAddress: '10.0.0.7' });
    expect(anonymous.statusCode).toBe(429);

    // Another address is unaffected; public routes of the limited one are not counted.
    expect((await as('10.0.0.8')).statusCode).toBe(200);
    for (const url of ['/setup/status', '/api/health']) {
      const res = await t.app.inject({ url, remoteAddress: '10.0.0.7' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['ratelimit-limit'], url).toBeUndefined();
    }

    // A changed setting applies at once: 0 switches the limit off.
    await setLimit(t, token, 0);
    const free = await as('10.0.0.7');
    expect(free.statusCode).toBe(200);
    expect(free.headers['ratelimit-limit']).toBeUndefined();
  });

  it('counts per forwarded client behind a trusted proxy, and ignores X-Forwarded-For from anyone else', async () => {
    const behindProxy = await boot({ TRUST_PROXY: '127.0.0.1' });
    await setLimit(behindProxy.t, behindProxy.token, 2);
    const via = (client: string) =>
      behindProxy.as('127.0.0.1', { headers: { 'x-forwarded-for': client } as Record<string, string> });
    expect([(await via('203.0.113.5')).statusCode, (await via('203.0.113.5')).statusCode]).toEqual([200, 200]);
    expect((await via('203.0.113.5')).statusCode).toBe(429);
    expect((await via('203.0.113.6')).statusCode).toBe(200);

    const direct = await boot();
    await setLimit(direct.t, direct.token, 2);
    const spoof = (client: string) =>
      direct.as('10.0.0.9', { headers: { 'x-forwarded-for': client } as Record<string, string> });
    expect((await spoof('198.51.100.1')).statusCode).toBe(200);
    expect((await spoof('198.51.100.2')).statusCode).toBe(200);
    expect((await spoof('198.51.100.3')).statusCode).toBe(429);
  });

  it('rejects a negative or fractional limit with 400', async () => {
    const { t, token } = await boot();
    for (const value of [-1, 1.5, 'many', 100_001]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/config',
        headers: { 'x-access-token': token },
        payload: { apiRateLimitPerMinute: value },
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().error).toMatch(/apiRateLimitPerMinute/);
    }
  });
});
