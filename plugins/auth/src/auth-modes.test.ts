import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeSetup } from '@vidkeep/core/testing';
import {
  call,
  fileExists,
  Harness,
  loginRequest,
  readSetupToken,
  sql,
  TEST_PASSWORD,
  TEST_USERNAME,
  withDownloadRoute,
} from './test-support.js';

const h = new Harness();
type TestApp = Awaited<ReturnType<Harness['boot']>>;

const setupTokenPath = (t: TestApp) => join(t.configDir, 'setup-token');

describe('AUTH_ENABLED=false', () => {
  const disabled = { env: { AUTH_ENABLED: 'false' } };

  it('accepts every endpoint without a token', async () => {
    const t = await h.boot({ ...disabled, ...withDownloadRoute });
    const sessions = await call(t, '/auth/sessions');
    expect(sessions.statusCode).toBe(200);
    expect(Array.isArray(sessions.json())).toBe(true);
    const config = await call(t, '/getconfig');
    expect(config.statusCode).toBe(200);
    expect(config.json().isPlatformManaged.authEnabled).toBe(false);
    const validate = await call(t, '/auth/validate');
    expect(validate.statusCode).toBe(200);
    expect(validate.json().valid).toBe(true);
    expect((await call(t, '/validateToken')).statusCode).toBe(200);
    expect((await call(t, '/api/keys')).statusCode).toBe(200);
    const created = await call(t, '/api/keys', { method: 'POST', payload: { name: 'no auth' } });
    expect(created.statusCode).toBe(200);
    expect((await call(t, '/api/videos/download', { method: 'POST', payload: {} })).statusCode).toBe(200);
    expect((await call(t, '/api/config', { method: 'PATCH', payload: { apiKeyRateLimit: 20 } })).statusCode).toBe(200);
    // A stale or synthetic token is not an obstacle either.
    expect((await call(t, '/auth/sessions', { token: 'platform-managed-auth' })).statusCode).toBe(200);
  });

  it('reports platform-managed on /setup/status', async () => {
    const t = await h.boot(disabled);
    const res = await call(t, '/setup/status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ requiresSetup: false, platformManaged: true });
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('makes login a no-op that returns a token without checking or storing anything', async () => {
    const t = await h.boot(disabled);
    const res = await loginRequest(t, 'anyone', 'any-password');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(body.expires))).toBe(false);
    expect(typeof body.username).toBe('string');
    expect(await sql(t, 'select id from auth_sessions')).toHaveLength(0);
    // The returned token is accepted.
    expect((await call(t, '/auth/validate', { token: body.token })).statusCode).toBe(200);
  });

  it('creates no setup-token file and logs no setup token', async () => {
    const t = await h.boot(disabled);
    expect(await fileExists(setupTokenPath(t))).toBe(false);
    expect(t.logs.some((line) => 'setupToken' in line)).toBe(false);
  });

  it('is case-insensitive ("FALSE") and only "false" disables authentication', async () => {
    const upper = await h.boot({ env: { AUTH_ENABLED: 'FALSE' } });
    expect((await call(upper, '/auth/sessions')).statusCode).toBe(200);
    const other = await h.boot({ env: { AUTH_ENABLED: 'no' } });
    expect((await call(other, '/auth/sessions')).statusCode).toBe(503);
    expect((await call(other, '/setup/status')).json()).toMatchObject({ requiresSetup: true, platformManaged: false });
  });
});

describe('AUTH_PRESET_USERNAME / AUTH_PRESET_PASSWORD', () => {
  const preset = (username?: string, password?: string) => ({
    env: { AUTH_PRESET_USERNAME: username, AUTH_PRESET_PASSWORD: password },
  });

  it('sets the credentials when both are valid: login works, no setup is required, no setup token exists', async () => {
    const t = await h.boot(preset('operator', 'preset-password'));
    expect((await loginRequest(t, 'operator', 'preset-password')).statusCode).toBe(200);
    expect((await loginRequest(t, 'operator', 'wrong-password')).statusCode).toBe(401);
    expect(await fileExists(setupTokenPath(t))).toBe(false);
    expect((await call(t, '/setup/status')).json()).toMatchObject({ requiresSetup: false });
  });

  it('accepts the minimum lengths (username of 1, password of 8)', async () => {
    const t = await h.boot(preset('o', '12345678'));
    expect((await loginRequest(t, 'o', '12345678')).statusCode).toBe(200);
  });

  it('is applied again on every start, overriding a password changed through the API', async () => {
    const first = await h.boot({ ...preset('operator', 'preset-password'), dir: await h.dir() });
    const token = (await loginRequest(first, 'operator', 'preset-password')).json().token as string;
    const changed = await call(first, '/auth/change-password', {
      method: 'POST',
      token,
      payload: { currentPassword: 'preset-password', newPassword: 'changed-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await loginRequest(first, 'operator', 'changed-password')).statusCode).toBe(200);

    const t = await h.restart(first, preset('operator', 'preset-password'));
    expect((await loginRequest(t, 'operator', 'preset-password')).statusCode).toBe(200);
    expect((await loginRequest(t, 'operator', 'changed-password')).statusCode).toBe(401);
  });

  it('overrides credentials made by the setup wizard and removes a pending setup token', async () => {
    const first = await h.boot({ dir: await h.dir() });
    expect(await fileExists(setupTokenPath(first))).toBe(true);
    const second = await h.restart(first, preset('operator', 'preset-password'));
    expect(await fileExists(setupTokenPath(second))).toBe(false);
    expect((await loginRequest(second, 'operator', 'preset-password')).statusCode).toBe(200);

    // Without the variables the preset credentials stay (they were saved in config.json).
    const third = await h.restart(second);
    expect((await loginRequest(third, 'operator', 'preset-password')).statusCode).toBe(200);
    expect(await fileExists(setupTokenPath(third))).toBe(false);
  });

  it("replaces wizard credentials on the next start with the preset and ends the renamed account's sessions", async () => {
    const first = await h.boot({ dir: await h.dir() });
    const oldSession = await completeSetup(first);
    const t = await h.restart(first, preset('operator', 'preset-password'));
    expect((await loginRequest(t, 'operator', 'preset-password')).statusCode).toBe(200);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await call(t, '/auth/validate', { token: oldSession })).statusCode).toBe(401);
  });

  it('keeps existing sessions when the preset only changes the password of the same account', async () => {
    const first = await h.boot({ dir: await h.dir() });
    const session = await completeSetup(first);
    const t = await h.restart(first, preset(TEST_USERNAME, 'a-new-preset-password'));
    expect((await loginRequest(t, TEST_USERNAME, 'a-new-preset-password')).statusCode).toBe(200);
    expect((await call(t, '/auth/validate', { token: session })).json()).toEqual({
      valid: true,
      username: TEST_USERNAME,
    });
  });

  it.each([
    ['an empty username', preset('', 'preset-password')],
    ['a blank username', preset('   ', 'preset-password')],
    ['a password of 7 characters', preset('operator', '1234567')],
    ['a username of 33 characters', preset('u'.repeat(33), 'preset-password')],
    ['only the username set', preset('operator', undefined)],
    ['only the password set', preset(undefined, 'preset-password')],
  ])('ignores the pair with %s, logs a warning and still requires setup', async (_label, options) => {
    const t = await h.boot(options);
    const warnings = t.logs.filter((line) => line.level === 40 && /preset/i.test(JSON.stringify(line)));
    expect(warnings.length).toBeGreaterThan(0);
    expect((await call(t, '/setup/status')).json()).toMatchObject({ requiresSetup: true });
    expect(await readSetupToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect((await loginRequest(t, 'operator', 'preset-password')).statusCode).toBe(503);
  });

  it('ignores a too-short preset without touching existing credentials', async () => {
    const first = await h.boot({ dir: await h.dir() });
    await completeSetup(first);
    const t = await h.restart(first, preset(TEST_USERNAME, '1234567'));
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await loginRequest(t, TEST_USERNAME, '1234567')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  const peer = '10.0.0.5';
  const forwarded = '203.0.113.9';

  async function sessionAddress(trustProxy: string | undefined): Promise<string> {
    const t = await h.boot({ env: { TRUST_PROXY: trustProxy } });
    await completeSetup(t);
    const res = await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, {
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwarded, 'user-agent': 'proxy-test' },
    });
    expect(res.statusCode).toBe(200);
    const list = (await call(t, '/auth/sessions', { token: res.json().token })).json<
      { user_agent: string; ip_address: string; current: boolean }[]
    >();
    const mine = list.find((s) => s.current);
    expect(mine?.user_agent).toBe('proxy-test');
    const rows = await sql<{ ip_address: string }>(t, 'select ip_address from auth_sessions where user_agent = ?', [
      'proxy-test',
    ]);
    expect(rows.map((r) => r.ip_address)).toEqual([mine?.ip_address]);
    return mine?.ip_address ?? '';
  }

  // Spec 5 rule 8: TRUST_PROXY accepts false, a hop count or a trusted subnet. The hop-count
  // cases fail at the moment: core/src/app.ts hands the number to Fastify, whose 5.x request
  // builder treats a numeric trustProxy as "trust nobody", so the peer address is always used.
  it.each([
    ['unset', undefined, peer],
    ['false', 'false', peer],
    ['true', 'true', forwarded],
    ['a hop count of 1', '1', forwarded],
    ['a trusted subnet containing the peer (10.0.0.0/8)', '10.0.0.0/8', forwarded],
    ['a trusted subnet not containing the peer (192.168.0.0/16)', '192.168.0.0/16', peer],
  ])(
    '%s: the session ip_address is the expected one of peer and X-Forwarded-For',
    async (_label, trustProxy, expected) => {
      expect(await sessionAddress(trustProxy)).toBe(expected);
    },
  );

  it('unset: the failed-login limit keys on the peer, so rotating X-Forwarded-For does not escape it', async () => {
    const { t } = await h.bootConfigured();
    for (let i = 0; i < 5; i++) {
      const res = await loginRequest(t, TEST_USERNAME, 'wrong-password', {
        remoteAddress: peer,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, {
      remoteAddress: peer,
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(res.statusCode).toBe(429);
  });

  it.each([
    ['a hop count of 1', '1'],
    ['a trusted subnet (10.0.0.0/8)', '10.0.0.0/8'],
  ])('%s: the failed-login limit keys on the forwarded client address', async (_label, trustProxy) => {
    const { t } = await h.bootConfigured({ env: { TRUST_PROXY: trustProxy } });
    const via = (client: string) => ({ remoteAddress: peer, headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < 5; i++)
      expect((await loginRequest(t, TEST_USERNAME, 'wrong-password', via(forwarded))).statusCode).toBe(401);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, via(forwarded))).statusCode).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, via('203.0.113.10'))).statusCode).toBe(200);
  });

  it('unset: the setup attempt limit keys on the peer, not on X-Forwarded-For', async () => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const body = (value: string) => ({
      token: value,
      username: TEST_USERNAME,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    const wrong = (token[0] === 'a' ? 'b' : 'a') + token.slice(1);
    for (let i = 0; i < 10; i++) {
      const res = await call(t, '/setup/create-auth', {
        method: 'POST',
        payload: body(wrong),
        remoteAddress: peer,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await call(t, '/setup/create-auth', {
      method: 'POST',
      payload: body(token),
      remoteAddress: peer,
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(res.statusCode).toBe(429);
  });
});
