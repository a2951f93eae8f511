import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { login } from '@vidkeep/core/testing';
import {
  call,
  fileExists,
  Harness,
  loginRequest,
  logText,
  readSetupToken,
  TEST_PASSWORD,
  TEST_USERNAME,
} from './test-support.js';

const h = new Harness();

const createAuth = (t: Awaited<ReturnType<Harness['boot']>>, body: Record<string, unknown>, remoteAddress?: string) =>
  call(t, '/setup/create-auth', { method: 'POST', payload: body, remoteAddress });

const validBody = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  username: TEST_USERNAME,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  ...overrides,
});

/** 64 hex characters that are not the real token. */
const wrongTokenFor = (token: string) => (token[0] === 'a' ? 'b' : 'a') + token.slice(1);

describe('setup token', () => {
  it('is 64 lowercase hex characters in CONFIG_DIR/setup-token with mode 0600', async () => {
    const t = await h.boot();
    const path = join(t.configDir, 'setup-token');
    const token = await readSetupToken(t);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('is written to the log at info level', async () => {
    const t = await h.boot({ logLevel: 'info' });
    const token = await readSetupToken(t);
    const lines = t.logs.filter((line) => JSON.stringify(line).includes(token));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.level === 30)).toBe(true);
  });

  it('is left out of the log at warn level, while a warning names the token file', async () => {
    const t = await h.boot({ logLevel: 'warn' });
    const token = await readSetupToken(t);
    const path = join(t.configDir, 'setup-token');
    expect(t.logs.length).toBeGreaterThan(0);
    expect(logText(t).some((line) => line.includes(token))).toBe(false);
    const warnings = t.logs.filter((line) => line.level === 40 && JSON.stringify(line).includes(path));
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('survives a restart with the same value until setup completes', async () => {
    const first = await h.boot({ dir: await h.dir() });
    const token = await readSetupToken(first);
    const second = await h.restart(first);
    expect(await readSetupToken(second)).toBe(token);
    // ...and the surviving token is the one the server accepts.
    const res = await createAuth(second, validBody(token));
    expect(res.statusCode).toBe(200);
  });

  it('is consumed by a successful setup and not recreated on the next start', async () => {
    const t = await h.boot({ dir: await h.dir() });
    const token = await readSetupToken(t);
    const path = join(t.configDir, 'setup-token');
    expect((await createAuth(t, validBody(token))).statusCode).toBe(200);
    expect(await fileExists(path)).toBe(false);
    const again = await h.restart(t);
    expect(await fileExists(path)).toBe(false);
    expect(logText(again).some((line) => /Setup token/.test(line))).toBe(false);
  });
});

describe('GET /setup/status', () => {
  it('reports that setup is required before, and not after, the wizard completes', async () => {
    const t = await h.boot();
    const before = await call(t, '/setup/status');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ requiresSetup: true, platformManaged: false });
    expect(typeof before.json().message).toBe('string');

    expect((await createAuth(t, validBody(await readSetupToken(t)))).statusCode).toBe(200);
    const after = await call(t, '/setup/status');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ requiresSetup: false, platformManaged: false });
  });
});

describe('POST /setup/create-auth', () => {
  it('rejects a wrong token with 401 and does not consume the real one', async () => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const res = await createAuth(t, validBody(wrongTokenFor(token)));
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().error).toBe('string');
    expect(await readSetupToken(t)).toBe(token);
    expect((await call(t, '/setup/status')).json().requiresSetup).toBe(true);
  });

  it.each([
    ['a password that is too short', { password: 'short', confirmPassword: 'short' }],
    ['a password that is too long', { password: 'p'.repeat(65), confirmPassword: 'p'.repeat(65) }],
    ['a username that is too long', { username: 'u'.repeat(33) }],
    ['a blank username', { username: '   ' }],
    ['a mismatching confirmation', { confirmPassword: `${TEST_PASSWORD}-other` }],
  ])('checks the token first: a wrong token with %s is 401, not 400', async (_label, overrides) => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const res = await createAuth(t, validBody(wrongTokenFor(token), overrides));
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty username', { username: '' }],
    ['a username of spaces only (trimmed to nothing)', { username: '    ' }],
    ['a username of 33 characters', { username: 'u'.repeat(33) }],
    ['a username of 33 characters after trimming', { username: ` ${'u'.repeat(33)} ` }],
    ['a password of 7 characters', { password: 'p'.repeat(7), confirmPassword: 'p'.repeat(7) }],
    ['a password of 65 characters', { password: 'p'.repeat(65), confirmPassword: 'p'.repeat(65) }],
    ['a confirmation that does not match', { confirmPassword: `${TEST_PASSWORD}x` }],
  ])('rejects %s with 400 and leaves setup pending', async (_label, overrides) => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const res = await createAuth(t, validBody(token, overrides));
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await readSetupToken(t)).toBe(token);
    expect((await call(t, '/setup/status')).json().requiresSetup).toBe(true);
  });

  it('rejects a body without the token or with extra properties with 400', async () => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const { token: _omit, ...noToken } = validBody(token);
    expect((await createAuth(t, noToken)).statusCode).toBe(400);
    expect((await createAuth(t, { ...validBody(token), admin: true })).statusCode).toBe(400);
    expect((await createAuth(t, { ...validBody(token), password: 12345678 })).statusCode).toBe(400);
    expect(await readSetupToken(t)).toBe(token);
  });

  it('accepts the limits (username of 1 and 32 after trimming, password of 8 and 64) and signs the user in', async () => {
    const t1 = await h.boot();
    const short = await createAuth(
      t1,
      validBody(await readSetupToken(t1), { username: ' a ', password: 'p'.repeat(8), confirmPassword: 'p'.repeat(8) }),
    );
    expect(short.statusCode).toBe(200);
    expect(short.json().username).toBe('a');
    expect((await loginRequest(t1, 'a', 'p'.repeat(8))).statusCode).toBe(200);

    const t2 = await h.boot();
    const longName = 'u'.repeat(32);
    const long = await createAuth(
      t2,
      validBody(await readSetupToken(t2), {
        username: longName,
        password: 'p'.repeat(64),
        confirmPassword: 'p'.repeat(64),
      }),
    );
    expect(long.statusCode).toBe(200);
    expect((await loginRequest(t2, longName, 'p'.repeat(64))).statusCode).toBe(200);
  });

  it('returns a working session token, username and expiry on success', async () => {
    const t = await h.boot();
    const before = Date.now();
    const res = await createAuth(t, validBody(await readSetupToken(t)));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.username).toBe(TEST_USERNAME);
    expect(typeof body.token).toBe('string');
    expect(Date.parse(body.expires)).toBeGreaterThanOrEqual(before + 7 * 24 * 3600_000 - 1000);
    const validate = await call(t, '/auth/validate', { token: body.token });
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toEqual({ valid: true, username: TEST_USERNAME });
    // The credentials were saved: a normal login works too.
    expect(await login(t)).toEqual(expect.any(String));
  });

  it('cannot be completed twice: a second attempt fails and leaves the first credentials in place', async () => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    expect((await createAuth(t, validBody(token))).statusCode).toBe(200);
    const second = await createAuth(
      t,
      validBody(token, { username: 'intruder', password: 'intruder-pass', confirmPassword: 'intruder-pass' }),
    );
    expect(second.statusCode).toBeGreaterThanOrEqual(400);
    expect(second.statusCode).toBeLessThan(500);
    expect((await loginRequest(t, 'intruder', 'intruder-pass')).statusCode).toBe(401);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent submissions with the valid token succeed', async () => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const [a, b] = await Promise.all([
      createAuth(t, validBody(token, { username: 'first' }), '10.5.0.1'),
      createAuth(t, validBody(token, { username: 'second' }), '10.5.0.2'),
    ]);
    const codes = [a.statusCode, b.statusCode];
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.statusCode).toBeGreaterThanOrEqual(400);
    expect(loser.statusCode).toBeLessThan(500);
    const winner = (a.statusCode === 200 ? a : b).json().username as string;
    const other = winner === 'first' ? 'second' : 'first';
    expect((await loginRequest(t, winner, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await loginRequest(t, other, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('allows 10 attempts per 15 minutes per client address, then answers 429 with Retry-After', async () => {
    const t = await h.boot();
    const token = await readSetupToken(t);
    const wrong = wrongTokenFor(token);
    for (let i = 0; i < 10; i++) {
      expect((await createAuth(t, validBody(wrong), '10.1.1.1')).statusCode).toBe(401);
    }
    const limited = await createAuth(t, validBody(wrong), '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right token is refused from that address while limited, and stays unused.
    expect((await createAuth(t, validBody(token), '10.1.1.1')).statusCode).toBe(429);
    expect(await readSetupToken(t)).toBe(token);
    // Another address is not affected.
    expect((await createAuth(t, validBody(token), '10.2.2.2')).statusCode).toBe(200);
  });
});
