import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import { describe, expect, it } from 'vitest';
import { login } from '@vidkeep/core/testing';
import {
  call,
  Harness,
  loginRequest,
  sha256Hex,
  sharedConfiguredApp,
  sql,
  TEST_PASSWORD,
  TEST_USERNAME,
} from './test-support.js';

const h = new Harness();
const DAY_MS = 24 * 3600_000;

interface SessionRow {
  id: number;
  token_hash: string;
  username: string;
  user_agent: string;
  ip_address: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
}

describe('POST /auth/login', () => {
  it('answers 503 with requiresSetup before any credentials exist, as do protected routes', async () => {
    const t = await h.boot();
    const res = await loginRequest(t, TEST_USERNAME, TEST_PASSWORD);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ requiresSetup: true, error: expect.any(String) });
    const sessions = await call(t, '/auth/sessions');
    expect(sessions.statusCode).toBe(503);
    expect(sessions.json().requiresSetup).toBe(true);
    expect((await call(t, '/auth/sessions', { token: 'anything' })).statusCode).toBe(503);
  });

  it('rejects a wrong password and an unknown username with 401', async () => {
    const { t } = await h.bootConfigured();
    const wrongPassword = await loginRequest(t, TEST_USERNAME, `${TEST_PASSWORD}x`);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().token).toBeUndefined();
    expect(typeof wrongPassword.json().error).toBe('string');
    expect((await loginRequest(t, 'someone-else', TEST_PASSWORD)).statusCode).toBe(401);
    // Usernames are exact: a different case is a different user.
    expect((await loginRequest(t, TEST_USERNAME.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(401);
  });

  describe('body validation', () => {
    const shared = sharedConfiguredApp();
    it.each([
      ['no username', { password: TEST_PASSWORD }],
      ['no password', { username: TEST_USERNAME }],
      ['an empty body', {}],
      ['a username of 33 characters', { username: 'u'.repeat(33), password: TEST_PASSWORD }],
      ['a password of 65 characters', { username: TEST_USERNAME, password: 'p'.repeat(65) }],
      ['an extra property', { username: TEST_USERNAME, password: TEST_PASSWORD, remember: true }],
      ['a numeric username', { username: 12345, password: TEST_PASSWORD }],
      ['a password that is not a string', { username: TEST_USERNAME, password: ['x'] }],
    ])('rejects a body with %s with 400', async (_label, payload) => {
      const res = await call(shared.t, '/auth/login', { method: 'POST', payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().token).toBeUndefined();
    });
  });

  it('returns token, expires (about 7 days ahead, ISO 8601) and username', async () => {
    const { t } = await h.bootConfigured();
    const before = Date.now();
    const res = await loginRequest(t, TEST_USERNAME, TEST_PASSWORD);
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expires: string; username: string }>();
    expect(body.username).toBe(TEST_USERNAME);
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(new Date(body.expires).toISOString()).toBe(body.expires);
    const expires = Date.parse(body.expires);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(after + 7 * DAY_MS + 1000);
  });

  it('stores the password in config.json only as a bcrypt hash of cost 10', async () => {
    const { t } = await h.bootConfigured();
    const text = await readFile(join(t.configDir, 'config.json'), 'utf8');
    expect(text).not.toContain(TEST_PASSWORD);
    const config = JSON.parse(text) as Record<string, unknown>;
    expect(config.username).toBe(TEST_USERNAME);
    const hash = config.passwordHash as string;
    expect(hash).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(await bcrypt.compare(TEST_PASSWORD, hash)).toBe(true);
    // The hash is never shown by the configuration endpoint.
    const view = await call(t, '/getconfig', { token: await login(t) });
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(hash);
  });
});

describe('failed-login limit (5 failures per client address and username in the window)', () => {
  it('answers 429 with Retry-After after 5 failed attempts for the same address+username, even with the right password', async () => {
    const { t } = await h.bootConfigured();
    const from = { remoteAddress: '10.9.0.1' };
    for (let i = 0; i < 5; i++) {
      expect((await loginRequest(t, TEST_USERNAME, `wrong-${i}-password`, from)).statusCode).toBe(401);
    }
    const limited = await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, from);
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json().error).toBe('string');
    expect(limited.json().token).toBeUndefined();
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another username from the same address is not limited by that counter.
    expect((await loginRequest(t, 'other-user', 'whatever-password', from)).statusCode).toBe(401);
    // Other usernames from another address, and the same user from another address, are unaffected.
    expect((await loginRequest(t, 'other-user', 'whatever-password', { remoteAddress: '10.9.0.2' })).statusCode).toBe(
      401,
    );
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, { remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
  });

  it('does not count successful logins, and a success clears the earlier failures', async () => {
    const { t } = await h.bootConfigured();
    const from = { remoteAddress: '10.9.1.1' };
    for (let i = 0; i < 4; i++)
      expect((await loginRequest(t, TEST_USERNAME, 'bad-password', from)).statusCode).toBe(401);
    // Two successes after 4 failures: if successes counted, the second would be refused.
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, from)).statusCode).toBe(200);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, from)).statusCode).toBe(200);
    // The counter restarted: 4 more failures are still answered 401 and the right password works.
    for (let i = 0; i < 4; i++)
      expect((await loginRequest(t, TEST_USERNAME, 'bad-password', from)).statusCode).toBe(401);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, from)).statusCode).toBe(200);
  });
});

describe('failed-login warning and lockout across restarts', () => {
  it('counts down the attempts left and warns in words on the last one', async () => {
    const { t } = await h.bootConfigured();
    const from = { remoteAddress: '10.9.2.1' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await loginRequest(t, TEST_USERNAME, 'bad-password', from)).json());
    expect(answers.map((a) => a.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    expect(answers[0].error).toBe('Invalid credentials');
    expect(answers[3].error).toBe('Invalid credentials. One more failed attempt locks sign-in for 15 minutes.');
    expect(answers[4].error).toBe('Invalid credentials. Too many failed attempts: sign-in is locked for 15 minutes.');
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, from)).statusCode).toBe(429);
  });

  it('keeps a lockout and the failures counted so far across restarts, except those a success cleared', async () => {
    const { t } = await h.bootConfigured();
    const from = { remoteAddress: '10.9.3.1' };
    for (let i = 0; i < 5; i++) await loginRequest(t, TEST_USERNAME, 'bad-password', from);
    const dir = t.dir;
    await t.close({ keepDir: true });

    const again = await h.boot({ dir });
    const limited = await loginRequest(again, TEST_USERNAME, TEST_PASSWORD, from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address is not locked, and 4 stored failures of this one come back as 4.
    expect((await loginRequest(again, TEST_USERNAME, TEST_PASSWORD, { remoteAddress: '10.9.3.2' })).statusCode).toBe(
      200,
    );
    const other = { remoteAddress: '10.9.3.3' };
    for (let i = 0; i < 4; i++) await loginRequest(again, TEST_USERNAME, 'bad-password', other);
    const cleared = { remoteAddress: '10.9.3.4' };
    for (let i = 0; i < 4; i++) await loginRequest(again, TEST_USERNAME, 'bad-password', cleared);
    expect((await loginRequest(again, TEST_USERNAME, TEST_PASSWORD, cleared)).statusCode).toBe(200);
    await again.close({ keepDir: true });

    const third = await h.boot({ dir });
    expect((await loginRequest(third, TEST_USERNAME, 'bad-password', other)).json().attemptsLeft).toBe(0);
    // The success before the restart cleared its failures: a fresh count of 5 again.
    expect((await loginRequest(third, TEST_USERNAME, 'bad-password', cleared)).json().attemptsLeft).toBe(4);
  });
});

describe('sessions', () => {
  it('allows several sessions per user, each valid on /validateToken and /auth/validate', async () => {
    const { t, token: setupSession } = await h.bootConfigured();
    const a = await login(t);
    const b = await login(t);
    expect(new Set([setupSession, a, b]).size).toBe(3);
    for (const token of [setupSession, a, b]) {
      for (const url of ['/validateToken', '/auth/validate']) {
        const res = await call(t, url, { token });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ valid: true, username: TEST_USERNAME });
      }
    }
  });

  it('answers 403 {error} without a token and 401 {error} with an unknown token', async () => {
    const { t, token } = await h.bootConfigured();
    for (const url of ['/validateToken', '/auth/validate', '/auth/sessions']) {
      const none = await call(t, url);
      expect(none.statusCode).toBe(403);
      expect(typeof none.json().error).toBe('string');
      const bad = await call(t, url, { token: `${token}x` });
      expect(bad.statusCode).toBe(401);
      expect(typeof bad.json().error).toBe('string');
    }
    expect((await call(t, '/auth/logout', { method: 'POST' })).statusCode).toBe(403);
  });

  it('logout ends only the session that sent it', async () => {
    const { t } = await h.bootConfigured();
    const a = await login(t);
    const b = await login(t);
    const out = await call(t, '/auth/logout', { method: 'POST', token: a });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await call(t, '/auth/validate', { token: a })).statusCode).toBe(401);
    expect((await call(t, '/auth/validate', { token: b })).statusCode).toBe(200);
    expect((await call(t, '/auth/logout', { method: 'POST', token: a })).statusCode).toBe(401);
    const rows = await sql<SessionRow>(t, 'select * from auth_sessions where token_hash = ?', [sha256Hex(a)]);
    expect(rows).toHaveLength(0);
  });

  it('stores only the SHA-256 of each token, never the token itself', async () => {
    const { t, token: first } = await h.bootConfigured();
    const second = await login(t);
    const rows = await sql<SessionRow>(t, 'select * from auth_sessions order by id');
    expect(rows.map((r) => r.token_hash)).toEqual([sha256Hex(first), sha256Hex(second)]);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(first);
    expect(dump).not.toContain(second);
  });

  it('lists the sessions with id, user_agent, ip_address, createdAt, last_used_at and the current flag', async () => {
    const { t } = await h.bootConfigured();
    const a = (
      await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, {
        remoteAddress: '10.3.0.1',
        headers: { 'user-agent': 'Agent-A' },
      })
    ).json().token as string;
    const b = (
      await loginRequest(t, TEST_USERNAME, TEST_PASSWORD, {
        remoteAddress: '10.3.0.2',
        headers: { 'user-agent': 'Agent-B' },
      })
    ).json().token as string;
    const res = await call(t, '/auth/sessions', { token: a });
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    const byAgent = new Map(list.map((s) => [s.user_agent, s]));
    expect(byAgent.get('Agent-A')).toMatchObject({ ip_address: '10.3.0.1', current: true, id: expect.any(Number) });
    expect(byAgent.get('Agent-B')).toMatchObject({ ip_address: '10.3.0.2', current: false, id: expect.any(Number) });
    for (const s of list) {
      expect(new Date(s.createdAt as string).toISOString()).toBe(s.createdAt);
      expect(new Date(s.last_used_at as string).toISOString()).toBe(s.last_used_at);
    }
    // The ids are those of the stored rows.
    const rows = await sql<SessionRow>(t, 'select id, token_hash from auth_sessions');
    const idOf = (token: string) => rows.find((r) => r.token_hash === sha256Hex(token))?.id;
    expect(byAgent.get('Agent-A')?.id).toBe(idOf(a));
    expect(byAgent.get('Agent-B')?.id).toBe(idOf(b));
    // From B's point of view, B is the current one.
    const fromB = (await call(t, '/auth/sessions', { token: b })).json<Record<string, unknown>[]>();
    expect(fromB.find((s) => s.current)?.user_agent).toBe('Agent-B');
  });

  it('orders the list by last use, most recent first', async () => {
    const { t: first } = await h.bootConfigured({ dir: await h.dir() });
    const agents = ['Agent-1', 'Agent-2', 'Agent-3'];
    const tokens: string[] = [];
    for (const agent of agents) {
      tokens.push(
        (await loginRequest(first, TEST_USERNAME, TEST_PASSWORD, { headers: { 'user-agent': agent } })).json().token,
      );
    }
    // Make the use order differ from the creation order: 1 used an hour ago, 2 two hours ago,
    // 3 three hours ago (it becomes the most recent by making the listing request).
    const now = Date.now();
    for (const [i, token] of tokens.entries()) {
      await sql(first, 'update auth_sessions set last_used_at = ? where token_hash = ?', [
        now - (i + 1) * 3600_000,
        sha256Hex(token),
      ]);
    }
    const t = await h.restart(first);
    const res = await call(t, '/auth/sessions', { token: tokens[2] });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ user_agent: string; last_used_at: string; current: boolean }[]>();
    const mine = list.filter((s) => agents.includes(s.user_agent));
    expect(mine.map((s) => s.user_agent)).toEqual(['Agent-3', 'Agent-1', 'Agent-2']);
    expect(mine[0].current).toBe(true);
    expect(Date.parse(mine[1].last_used_at)).toBe(now - 3600_000);
  });

  it('DELETE /auth/sessions/{id} ends another session; 404 for an unknown id, 400 for a non-integer id', async () => {
    const { t, token: mine } = await h.bootConfigured();
    const other = await login(t);
    const [row] = await sql<SessionRow>(t, 'select id from auth_sessions where token_hash = ?', [sha256Hex(other)]);
    expect((await call(t, '/auth/validate', { token: other })).statusCode).toBe(200);

    const del = await call(t, `/auth/sessions/${row.id}`, { method: 'DELETE', token: mine });
    expect(del.statusCode).toBe(200);
    expect((await call(t, '/auth/validate', { token: other })).statusCode).toBe(401);
    expect((await call(t, '/auth/validate', { token: mine })).statusCode).toBe(200);
    const listed = (await call(t, '/auth/sessions', { token: mine })).json<{ id: number }[]>();
    expect(listed.map((s) => s.id)).not.toContain(row.id);

    const again = await call(t, `/auth/sessions/${row.id}`, { method: 'DELETE', token: mine });
    expect(again.statusCode).toBe(404);
    expect((await call(t, '/auth/sessions/99999', { method: 'DELETE', token: mine })).statusCode).toBe(404);
    for (const bad of ['abc', '1.5', '-1']) {
      expect((await call(t, `/auth/sessions/${bad}`, { method: 'DELETE', token: mine })).statusCode).toBe(400);
    }
    expect((await call(t, `/auth/sessions/${row.id}`, { method: 'DELETE' })).statusCode).toBe(403);
  });

  it('DELETE /auth/sessions/{id} on the current session signs it out', async () => {
    const { t, token } = await h.bootConfigured();
    const other = await login(t);
    const current = (await call(t, '/auth/sessions', { token }))
      .json<{ id: number; current: boolean }[]>()
      .find((s) => s.current);
    expect(current).toBeDefined();
    expect((await call(t, `/auth/sessions/${current?.id}`, { method: 'DELETE', token })).statusCode).toBe(200);
    expect((await call(t, '/auth/validate', { token })).statusCode).toBe(401);
    expect((await call(t, '/auth/validate', { token: other })).statusCode).toBe(200);
  });

  it('rejects a session whose expiry has passed (401)', async () => {
    const { t, token } = await h.bootConfigured();
    // A session row that expired a minute ago, never seen by the server before.
    const expiredToken = 'expired-session-token-0123456789abcdefghijklmnop';
    const now = Date.now();
    await sql(
      t,
      'insert into auth_sessions (token_hash, username, user_agent, ip_address, created_at, last_used_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)',
      [sha256Hex(expiredToken), TEST_USERNAME, 'old', '127.0.0.1', now - 8 * DAY_MS, now - 8 * DAY_MS, now - 60_000],
    );
    const res = await call(t, '/auth/validate', { token: expiredToken });
    expect(res.statusCode).toBe(401);
    // Expired sessions are not listed either.
    const list = (await call(t, '/auth/sessions', { token })).json<{ user_agent: string }[]>();
    expect(list.map((s) => s.user_agent)).not.toContain('old');
  });

  it('removes expired sessions at start; unexpired sessions survive the restart', async () => {
    const { t: first } = await h.bootConfigured({ dir: await h.dir() });
    const expiring = await login(first);
    const keeping = await login(first);
    await sql(first, 'update auth_sessions set expires_at = ? where token_hash = ?', [
      Date.now() - 1000,
      sha256Hex(expiring),
    ]);
    const t = await h.restart(first);
    expect(await sql(t, 'select id from auth_sessions where token_hash = ?', [sha256Hex(expiring)])).toHaveLength(0);
    expect((await call(t, '/auth/validate', { token: expiring })).statusCode).toBe(401);
    expect((await call(t, '/auth/validate', { token: keeping })).statusCode).toBe(200);
  });
});

describe('POST /auth/change-password', () => {
  const change = (t: Parameters<typeof call>[0], token: string, currentPassword: unknown, newPassword: unknown) =>
    call(t, '/auth/change-password', { method: 'POST', token, payload: { currentPassword, newPassword } });

  it('rejects a new password shorter than 8 or longer than 64 characters with 400 and keeps the old one', async () => {
    const { t, token } = await h.bootConfigured();
    expect((await change(t, token, TEST_PASSWORD, 'p'.repeat(7))).statusCode).toBe(400);
    expect((await change(t, token, TEST_PASSWORD, 'p'.repeat(65))).statusCode).toBe(400);
    expect(
      (await call(t, '/auth/change-password', { method: 'POST', token, payload: { newPassword: 'p'.repeat(10) } }))
        .statusCode,
    ).toBe(400);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('rejects a wrong current password with 401 and keeps the old one', async () => {
    const { t, token } = await h.bootConfigured();
    const res = await change(t, token, `${TEST_PASSWORD}-wrong`, 'brand-new-password');
    expect(res.statusCode).toBe(401);
    expect((await loginRequest(t, TEST_USERNAME, 'brand-new-password')).statusCode).toBe(401);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('requires a session (403 without a token)', async () => {
    const { t } = await h.bootConfigured();
    const res = await call(t, '/auth/change-password', {
      method: 'POST',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-password' },
    });
    expect(res.statusCode).toBe(403);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password (8 and 64 characters accepted) without revoking existing sessions', async () => {
    const { t, token } = await h.bootConfigured();
    const other = await login(t);
    const eight = 'n'.repeat(8);
    const res = await change(t, token, TEST_PASSWORD, eight);
    expect(res.statusCode).toBe(200);
    expect((await loginRequest(t, TEST_USERNAME, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await loginRequest(t, TEST_USERNAME, eight)).statusCode).toBe(200);
    for (const session of [token, other]) {
      expect((await call(t, '/auth/validate', { token: session })).statusCode).toBe(200);
    }
    const sixtyFour = 'm'.repeat(64);
    expect((await change(t, other, eight, sixtyFour)).statusCode).toBe(200);
    expect((await loginRequest(t, TEST_USERNAME, sixtyFour)).statusCode).toBe(200);
    const stored = JSON.parse(await readFile(join(t.configDir, 'config.json'), 'utf8')) as { passwordHash: string };
    expect(stored.passwordHash).toMatch(/^\$2b\$10\$/);
    expect(await bcrypt.compare(sixtyFour, stored.passwordHash)).toBe(true);
  });
});
