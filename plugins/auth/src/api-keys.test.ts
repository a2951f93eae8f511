import { beforeAll, describe, expect, it } from 'vitest';
import { call, Harness, sha256Hex, sharedConfiguredApp, sql, withDownloadRoute } from './test-support.js';

const h = new Harness();
type TestApp = Awaited<ReturnType<Harness['boot']>>;

interface CreatedKey {
  success: boolean;
  message: string;
  id: number;
  name: string;
  key: string;
  prefix: string;
}

async function createKey(t: TestApp, token: string, name: string): Promise<CreatedKey> {
  const res = await call(t, '/api/keys', { method: 'POST', token, payload: { name } });
  if (res.statusCode !== 200) throw new Error(`create key failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatedKey>();
}

const download = (t: TestApp, auth: { apiKey?: string; token?: string }) =>
  call(t, '/api/videos/download', { method: 'POST', payload: { url: 'https://example.com/watch?v=1' }, ...auth });

const listKeys = async (t: TestApp, token: string) => {
  const res = await call(t, '/api/keys', { token });
  expect(res.statusCode).toBe(200);
  return res.json<{ keys: Record<string, unknown>[] }>().keys;
};

describe('API key management', () => {
  it('creates a key and returns success, message, id, name, key and prefix', async () => {
    const { t, token } = await h.bootConfigured();
    const res = await call(t, '/api/keys', { method: 'POST', token, payload: { name: 'Bookmarklet' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<CreatedKey>();
    expect(body).toMatchObject({ success: true, name: 'Bookmarklet', id: expect.any(Number) });
    expect(typeof body.message).toBe('string');
    expect(body.key.length).toBeGreaterThanOrEqual(32);
    expect(body.prefix.length).toBeGreaterThan(0);
    expect(body.prefix.length).toBeLessThan(body.key.length);
    expect(body.key.startsWith(body.prefix)).toBe(true);
    // Two keys are different.
    const other = await createKey(t, token, 'Shortcut');
    expect(other.key).not.toBe(body.key);
    expect(other.id).not.toBe(body.id);
  });

  it('never shows the key again: the list has id, name, key_prefix, created_at, last_used_at (null) and is_active', async () => {
    const { t, token } = await h.bootConfigured();
    const before = Date.now();
    const created = await createKey(t, token, 'Automation');
    const res = await call(t, '/api/keys', { token });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(created.key);
    const keys = res.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]).sort()).toEqual([
      'created_at',
      'id',
      'is_active',
      'key_prefix',
      'last_used_at',
      'name',
    ]);
    expect(keys[0]).toMatchObject({
      id: created.id,
      name: 'Automation',
      key_prefix: created.prefix,
      last_used_at: null,
      is_active: true,
    });
    const createdAt = Date.parse(keys[0].created_at as string);
    expect(new Date(createdAt).toISOString()).toBe(keys[0].created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores only the SHA-256 hex of the key', async () => {
    const { t, token } = await h.bootConfigured();
    const created = await createKey(t, token, 'Hashed');
    const rows = await sql<{ id: number; key_hash: string; key_prefix: string }>(t, 'select * from auth_api_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(sha256Hex(created.key));
    expect(rows[0].key_prefix).toBe(created.prefix);
    expect(JSON.stringify(rows)).not.toContain(created.key);
  });

  describe('name validation', () => {
    const shared = sharedConfiguredApp();
    it.each([
      ['a missing name', {}],
      ['an empty name', { name: '' }],
      ['a name of 101 characters', { name: 'n'.repeat(101) }],
      ['a name of control characters only', { name: '\u0001\u0002\u001f\u007f' }],
      ['a name of blanks only', { name: '   ' }],
      ['a name with a control character inside', { name: 'ops\u0007bell' }],
      ['a name with a line break', { name: 'first\nsecond' }],
      ['a numeric name', { name: 42 }],
      ['an extra property', { name: 'ok', scope: 'all' }],
    ])('rejects %s with 400 and creates nothing', async (_label, payload) => {
      const { t, token } = shared;
      const res = await call(t, '/api/keys', { method: 'POST', token, payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(await listKeys(t, token)).toHaveLength(0);
    });
  });

  it('accepts a name of exactly 100 characters', async () => {
    const { t, token } = await h.bootConfigured();
    const name = 'n'.repeat(100);
    expect((await createKey(t, token, name)).name).toBe(name);
    expect((await listKeys(t, token))[0].name).toBe(name);
  });

  it('allows 20 active keys: the 21st is refused with 400 until one is deleted', async () => {
    const { t, token } = await h.bootConfigured();
    const created: CreatedKey[] = [];
    for (let i = 1; i <= 20; i++) created.push(await createKey(t, token, `key ${i}`));
    const refused = await call(t, '/api/keys', { method: 'POST', token, payload: { name: 'key 21' } });
    expect(refused.statusCode).toBe(400);
    expect(typeof refused.json().error).toBe('string');
    expect(await listKeys(t, token)).toHaveLength(20);

    expect((await call(t, `/api/keys/${created[4].id}`, { method: 'DELETE', token })).statusCode).toBe(200);
    const again = await call(t, '/api/keys', { method: 'POST', token, payload: { name: 'key 21' } });
    expect(again.statusCode).toBe(200);
    expect(await listKeys(t, token)).toHaveLength(20);
    expect((await call(t, '/api/keys', { method: 'POST', token, payload: { name: 'key 22' } })).statusCode).toBe(400);
  });

  it('holds the limit of 20 under concurrent creation', async () => {
    const { t, token } = await h.bootConfigured();
    for (let i = 1; i <= 17; i++) await createKey(t, token, `key ${i}`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t, '/api/keys', { method: 'POST', token, payload: { name: `burst ${i}` } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(await listKeys(t, token)).toHaveLength(20);
    expect(await sql(t, 'select id from auth_api_keys')).toHaveLength(20);
  });

  it('the limit of 20 also holds across a restart', async () => {
    const { t: first, token } = await h.bootConfigured({ dir: await h.dir() });
    for (let i = 1; i <= 20; i++) await createKey(first, token, `key ${i}`);
    const t = await h.restart(first);
    expect(await listKeys(t, token)).toHaveLength(20);
    expect((await call(t, '/api/keys', { method: 'POST', token, payload: { name: 'key 21' } })).statusCode).toBe(400);
  });

  it('deletes permanently: 404 afterwards, gone from the list and the database, and the key stops working (401)', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const doomed = await createKey(t, token, 'doomed');
    const kept = await createKey(t, token, 'kept');
    expect((await download(t, { apiKey: doomed.key })).statusCode).toBe(200);

    const del = await call(t, `/api/keys/${doomed.id}`, { method: 'DELETE', token });
    expect(del.statusCode).toBe(200);
    expect((await call(t, `/api/keys/${doomed.id}`, { method: 'DELETE', token })).statusCode).toBe(404);
    expect((await call(t, '/api/keys/99999', { method: 'DELETE', token })).statusCode).toBe(404);
    expect((await call(t, '/api/keys/abc', { method: 'DELETE', token })).statusCode).toBe(400);
    expect((await listKeys(t, token)).map((k) => k.id)).toEqual([kept.id]);
    expect(await sql(t, 'select id from auth_api_keys where id = ?', [doomed.id])).toHaveLength(0);

    const rejected = await download(t, { apiKey: doomed.key });
    expect(rejected.statusCode).toBe(401);
    expect((await download(t, { apiKey: kept.key })).statusCode).toBe(200);
  });

  it('keeps working keys across a restart', async () => {
    const { t: first, token } = await h.bootConfigured({ ...withDownloadRoute, dir: await h.dir() });
    const created = await createKey(first, token, 'persistent');
    const t = await h.restart(first, withDownloadRoute);
    expect((await download(t, { apiKey: created.key })).statusCode).toBe(200);
  });

  it('sets last_used_at when the key is used', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const created = await createKey(t, token, 'used');
    const unused = await createKey(t, token, 'unused');
    const before = Date.now();
    expect((await download(t, { apiKey: created.key })).statusCode).toBe(200);
    const keys = await listKeys(t, token);
    const usedItem = keys.find((k) => k.id === created.id);
    expect(usedItem?.last_used_at).toEqual(expect.any(String));
    expect(Date.parse(usedItem?.last_used_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(keys.find((k) => k.id === unused.id)?.last_used_at).toBeNull();
  });
});

describe('where an API key is accepted', () => {
  describe('any route but the download route', () => {
    const shared = sharedConfiguredApp(withDownloadRoute);
    let created: CreatedKey;
    beforeAll(async () => {
      created = await createKey(shared.t, shared.token, 'bookmarklet');
    });
    it.each([
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', '/api/keys/1'],
      ['GET', '/auth/validate'],
      ['GET', '/validateToken'],
      ['GET', '/auth/sessions'],
      ['POST', '/auth/logout'],
      ['GET', '/getconfig'],
      ['PATCH', '/api/config'],
    ] as const)('%s %s answers 403 {error} to a valid key', async (method, url) => {
      const { t, token } = shared;
      const payload =
        method === 'POST' && url === '/api/keys'
          ? { name: 'made by a key' }
          : method === 'PATCH'
            ? { apiKeyRateLimit: 1000 }
            : undefined;
      const res = await call(t, url, { method, apiKey: created.key, payload });
      expect(res.statusCode).toBe(403);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().success).toBeUndefined();
      // Nothing was changed by the refused request.
      const keys = await listKeys(t, token);
      expect(keys.map((k) => k.id)).toEqual([created.id]);
      expect((await call(t, '/getconfig', { token })).json().apiKeyRateLimit).toBe(10);
    });

    it('while the same key is accepted by the download route', async () => {
      const res = await download(shared.t, { apiKey: created.key });
      expect(res.statusCode).toBe(200);
      expect(res.json().auth).toMatchObject({ kind: 'apiKey', keyId: created.id });
    });
  });

  it('an unknown key on the download route is 401 {error} without the success flag', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const created = await createKey(t, token, 'real');
    for (const bad of ['not-a-key', `${created.key}0`, created.prefix]) {
      const res = await download(t, { apiKey: bad });
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().success).toBeUndefined();
    }
  });

  it('no credentials on the download route is 403 {error}', async () => {
    const { t } = await h.bootConfigured(withDownloadRoute);
    const res = await download(t, {});
    expect(res.statusCode).toBe(403);
    expect(typeof res.json().error).toBe('string');
    expect(res.json().success).toBeUndefined();
  });

  it('a valid key on the download route is 200 with RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const created = await createKey(t, token, 'bookmarklet');
    const res = await download(t, { apiKey: created.key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, auth: { kind: 'apiKey', keyId: created.id } });
    expect(res.headers['ratelimit-limit']).toBe('10');
    expect(res.headers['ratelimit-remaining']).toBe('9');
    const reset = Number(res.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect((await download(t, { apiKey: created.key })).headers['ratelimit-remaining']).toBe('8');
  });
});

describe('API key rate limit (default 10 per minute per key)', () => {
  it('answers the 11th request in a minute with 429 {success:false, error}; another key still works', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const first = await createKey(t, token, 'first');
    const second = await createKey(t, token, 'second');
    for (let i = 0; i < 10; i++) expect((await download(t, { apiKey: first.key })).statusCode).toBe(200);
    const limited = await download(t, { apiKey: first.key });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(limited.headers['ratelimit-limit']).toBe('10');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['ratelimit-reset'])).toBeGreaterThan(0);

    const other = await download(t, { apiKey: second.key });
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('9');
  });

  it('does not limit session requests to the download route, even after a key is exhausted', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const created = await createKey(t, token, 'busy');
    for (let i = 0; i < 11; i++) await download(t, { apiKey: created.key });
    expect((await download(t, { apiKey: created.key })).statusCode).toBe(429);
    for (let i = 0; i < 15; i++) {
      const res = await download(t, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().auth).toMatchObject({ kind: 'session' });
    }
  });

  it('applies apiKeyRateLimit changed through PATCH /api/config', async () => {
    const { t, token } = await h.bootConfigured(withDownloadRoute);
    const patch = await call(t, '/api/config', { method: 'PATCH', token, payload: { apiKeyRateLimit: 3 } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().apiKeyRateLimit).toBe(3);
    const created = await createKey(t, token, 'slow');
    for (let i = 0; i < 3; i++) {
      const res = await download(t, { apiKey: created.key });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
    }
    const limited = await download(t, { apiKey: created.key });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('rejects an out-of-range apiKeyRateLimit with 400', async () => {
    const { t, token } = await h.bootConfigured();
    for (const value of [0, 1001, '5']) {
      const res = await call(t, '/api/config', { method: 'PATCH', token, payload: { apiKeyRateLimit: value } });
      expect(res.statusCode).toBe(400);
    }
    expect((await call(t, '/getconfig', { token })).json().apiKeyRateLimit).toBe(10);
  });
});
