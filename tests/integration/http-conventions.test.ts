import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  PlatformRefusedError,
  RateLimitedError,
} from '@vidkeep/contracts';
import { definePlugin, HttpError, mapDomainErrors, type FastifyInstance } from '@vidkeep/core/plugin-api';
import { buildTestApp, completeSetup, login, type TestApp } from '@vidkeep/core/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startFakePlexTv, type FakePlexTv } from '../fakes/mediaservers/plex-tv.js';

const MiB = 1024 * 1024;

interface Envelope {
  error: string;
  code: string;
  details?: { path: string; message: string }[];
}

function expectEnvelope(res: LightMyRequestResponse, status: number, code?: string): Envelope {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Envelope>();
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body;
}

describe('HTTP conventions', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await buildTestApp();
    token = await completeSetup(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const withSession = (options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { 'x-access-token': token, ...(options.headers ?? {}) },
  });

  describe('validation errors', () => {
    it('are 400 with every problem listed by path', async () => {
      const res = await t.app.inject(
        withSession({
          method: 'PATCH',
          url: '/api/config',
          payload: { apiKeyRateLimit: 'ten', useTmpForDownloads: 3 },
        }),
      );
      const body = expectEnvelope(res, 400, 'CORE_VALIDATION_FAILED');
      expect(body.details).toEqual(
        expect.arrayContaining([
          { path: 'body/apiKeyRateLimit', message: expect.any(String) },
          { path: 'body/useTmpForDownloads', message: expect.any(String) },
        ]),
      );
      // The summary names the first problem.
      expect(body.error).toContain(body.details?.[0]?.path);
    });

    it('name a missing required field and an unexpected one', async () => {
      const missing = expectEnvelope(
        await t.app.inject(withSession({ method: 'POST', url: '/api/keys', payload: {} })),
        400,
        'CORE_VALIDATION_FAILED',
      );
      expect(missing.details).toContainEqual({ path: 'body/name', message: 'is required' });
      const extra = expectEnvelope(
        await t.app.inject(withSession({ method: 'POST', url: '/api/keys', payload: { name: 'k', admin: true } })),
        400,
        'CORE_VALIDATION_FAILED',
      );
      expect(extra.details).toContainEqual({ path: 'body/admin', message: 'is not allowed' });
    });

    it('cover path parameters too', async () => {
      const res = await t.app.inject(withSession({ method: 'DELETE', url: '/api/keys/abc' }));
      const body = expectEnvelope(res, 400, 'CORE_VALIDATION_FAILED');
      expect(body.details?.[0]?.path).toMatch(/^params/);
    });

    it.each(['Infinity', '-Infinity', '1e400', '9'.repeat(400)])(
      'refuse a non-finite number %s in a path parameter',
      async (id) => {
        const keys = await t.app.inject(withSession({ method: 'DELETE', url: `/api/keys/${id}` }));
        expect(expectEnvelope(keys, 400, 'CORE_VALIDATION_FAILED').details?.[0]?.path).toBe('params/id');
        const sessions = await t.app.inject(withSession({ method: 'DELETE', url: `/auth/sessions/${id}` }));
        expectEnvelope(sessions, 400, 'CORE_VALIDATION_FAILED');
      },
    );

    it('do not coerce body types: "10" is not a number', async () => {
      const res = await t.app.inject(
        withSession({ method: 'PATCH', url: '/api/config', payload: { apiKeyRateLimit: '10' } }),
      );
      expectEnvelope(res, 400, 'CORE_VALIDATION_FAILED');
    });
  });

  it('a body over 1 MiB is 413', async () => {
    const res = await t.app.inject(
      withSession({
        method: 'POST',
        url: '/api/keys',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(MiB + 10) }),
      }),
    );
    expectEnvelope(res, 413, 'CORE_PAYLOAD_TOO_LARGE');
  });

  it('a body just under 1 MiB is read (and then judged on its content)', async () => {
    const res = await t.app.inject(
      withSession({
        method: 'POST',
        url: '/api/keys',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(MiB - 100) }),
      }),
    );
    expectEnvelope(res, 400, 'CORE_VALIDATION_FAILED');
  });

  it.each([
    ['GET', '/no/such/route'],
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no-such-thing'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expectEnvelope(res, 404, 'CORE_NOT_FOUND');
    // Same answer with a session: 404 does not depend on who asks.
    expectEnvelope(await t.app.inject(withSession({ method, url })), 404, 'CORE_NOT_FOUND');
  });

  it.each([
    ['DELETE', '/getconfig', 'GET, HEAD'],
    ['PUT', '/api/config', 'PATCH'],
    ['POST', '/api/health/', 'GET, HEAD'],
  ] as const)('%s %s, a known path with another method, is a JSON 405 with Allow: %s', async (method, url, allow) => {
    for (const res of [await t.app.inject({ method, url }), await t.app.inject(withSession({ method, url }))]) {
      expectEnvelope(res, 405, 'CORE_METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe(allow);
    }
  });

  it('an API path asked for as HTML is still a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expectEnvelope(res, 404, 'CORE_NOT_FOUND');
  });

  it.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'image/png'])(
    'a body of type %s is 415',
    async (contentType) => {
      const res = await t.app.inject(
        withSession({ method: 'POST', url: '/api/keys', headers: { 'content-type': contentType }, payload: 'name=x' }),
      );
      expectEnvelope(res, 415, 'CORE_UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it.each(['{"name":', '{name: "x"}', "{'name':'x'}", '{"name":"x"}}', 'undefined'])(
    'malformed JSON %j is 400',
    async (payload) => {
      const res = await t.app.inject(
        withSession({ method: 'POST', url: '/api/keys', headers: { 'content-type': 'application/json' }, payload }),
      );
      expectEnvelope(res, 400);
    },
  );

  it('a JSON body that tries prototype pollution is refused', async () => {
    const res = await t.app.inject(
      withSession({
        method: 'PATCH',
        url: '/api/config',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"apiKeyRateLimit":1}}',
      }),
    );
    expectEnvelope(res, 400);
    expect(t.app.vidkeep.config.get().apiKeyRateLimit).toBe(10);
    expect(({} as Record<string, unknown>).apiKeyRateLimit).toBeUndefined();
  });
});

describe('server faults', () => {
  let t: TestApp;
  beforeEach(async () => {
    const faulty = definePlugin({
      id: 'fx-faulty',
      version: '1.0.0',
      core: '^1.0.0',
      register(ctx) {
        ctx.routes(async (app) => {
          app.get('/api/fx-faulty', { config: { auth: 'public' } }, async () => {
            throw new Error('secret internals: /etc/shadow at line 42');
          });
          app.get('/api/fx-faulty/http-error', { config: { auth: 'public' } }, async () => {
            throw new HttpError(409, 'FX_CONFLICT', 'Already there', { hint: 'try later' }, { 'retry-after': '5' });
          });
        });
      },
    });
    t = await buildTestApp({ extraPlugins: [{ definition: faulty }] });
  });
  afterEach(async () => {
    await t.close();
  });

  it('an unexpected error is a 500 envelope that leaks nothing, and is logged', async () => {
    const res = await t.app.inject({ url: '/api/fx-faulty' });
    expectEnvelope(res, 500, 'CORE_INTERNAL_ERROR');
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('/etc/shadow');
    const logged = t.logs.find((l) => l.level === 50 && JSON.stringify(l).includes('secret internals'));
    expect(logged).toBeDefined();
  });

  it('an HttpError keeps its status, code, extra fields and headers', async () => {
    const res = await t.app.inject({ url: '/api/fx-faulty/http-error' });
    const body = expectEnvelope(res, 409, 'FX_CONFLICT');
    expect(body).toMatchObject({ error: 'Already there', hint: 'try later' });
    expect(res.headers['retry-after']).toBe('5');
  });
});

describe('domain errors thrown by services', () => {
  let t: TestApp;
  const throwing = (err: Error) => async () => {
    throw err;
  };
  beforeEach(async () => {
    const plugin = definePlugin({
      id: 'fx-domain',
      version: '1.0.0',
      core: '^1.0.0',
      register(ctx) {
        const routes = (prefix: string) => async (app: FastifyInstance) => {
          const get = (path: string, err: Error) =>
            app.get(`${prefix}/${path}`, { config: { auth: 'public' } }, throwing(err));
          get('not-found', new NotFoundError('FX_NOT_FOUND', 'No such thing'));
          get('conflict', new ConflictError('FX_BUSY', 'Already running'));
          get(
            'invalid',
            new InvalidInputError('FX_INVALID', 'name: too long', {
              details: [{ path: 'name', message: 'too long' }],
            }),
          );
          get('unreachable', new PlatformRefusedError('unreachable', 'FX_PLATFORM', 'Cannot reach the platform'));
          get('cookies', new PlatformRefusedError('cookies-required', 'FX_COOKIES', 'Sign-in required'));
          get('limited', new RateLimitedError('FX_LIMIT', 'Slow down', 61.2));
          get('unprocessable', new InvalidInputError('FX_UNPROCESSABLE', 'Nothing in it'));
          get('fault', new Error('internal detail'));
        };
        // Mapped: this plugin answers an unreachable platform with 502, a conflict with 423, and
        // one invalid input (by its code) with 422.
        ctx.routes(async (app) => {
          mapDomainErrors(app, {
            kinds: { conflict: 423 },
            platform: { unreachable: 502 },
            codes: { FX_UNPROCESSABLE: 422 },
          });
          await routes('/api/fx-domain/mapped')(app);
        });
        // Unmapped: the core's defaults.
        ctx.routes(async (app) => routes('/api/fx-domain/default')(app));
      },
    });
    t = await buildTestApp({ extraPlugins: [{ definition: plugin }] });
  });
  afterEach(async () => {
    await t.close();
  });
  const get = (url: string) => t.app.inject({ url: `/api/fx-domain/${url}` });

  it.each([
    ['not-found', 404, 'FX_NOT_FOUND'],
    ['conflict', 409, 'FX_BUSY'],
    ['invalid', 400, 'FX_INVALID'],
    ['unreachable', 503, 'FX_PLATFORM'],
    ['cookies', 403, 'FX_COOKIES'],
    ['limited', 429, 'FX_LIMIT'],
  ])('unmapped, %s answers the default status', async (path, status, code) => {
    expectEnvelope(await get(`default/${path}`), status, code);
  });

  it("a plugin's map overrides the defaults for its own routes only", async () => {
    expectEnvelope(await get('mapped/conflict'), 423, 'FX_BUSY');
    expectEnvelope(await get('mapped/unreachable'), 502, 'FX_PLATFORM');
    expectEnvelope(await get('mapped/not-found'), 404, 'FX_NOT_FOUND');
    expectEnvelope(await get('default/conflict'), 409, 'FX_BUSY');
  });

  it('a code the map names answers its own status, before its kind', async () => {
    expectEnvelope(await get('mapped/unprocessable'), 422, 'FX_UNPROCESSABLE');
    expectEnvelope(await get('mapped/invalid'), 400, 'FX_INVALID');
    expectEnvelope(await get('default/unprocessable'), 400, 'FX_UNPROCESSABLE');
  });

  it('carries the message, the field details and a Retry-After in whole seconds', async () => {
    const invalid = expectEnvelope(await get('mapped/invalid'), 400, 'FX_INVALID');
    expect(invalid).toMatchObject({ error: 'name: too long', details: [{ path: 'name', message: 'too long' }] });
    const limited = await get('mapped/limited');
    expect(limited.headers['retry-after']).toBe('62');
  });

  it('anything else still reaches the core as a 500 that leaks nothing, mapped or not', async () => {
    for (const path of ['mapped/fault', 'default/fault']) {
      const res = await get(path);
      expectEnvelope(res, 500, 'CORE_INTERNAL_ERROR');
      expect(res.body).not.toContain('internal detail');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzz: every documented operation against a battery of hostile inputs.
// ---------------------------------------------------------------------------------------------

interface Operation {
  method: string;
  path: string;
  security: Record<string, string[]>[];
  bodySchema?: { type?: string; properties?: Record<string, unknown> };
}

const HOSTILE_PARAMS = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%2500',
  '%',
  '%E0%A4%A',
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('1; DROP TABLE auth_sessions; --'),
  '-1',
  '0',
  '1.5',
  '1e0',
  '1e308',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999999999',
  '2147483648',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%20',
  '9'.repeat(400),
  'a'.repeat(600),
  'a'.repeat(5000),
];

const HOSTILE_QUERIES = [
  '',
  '?page=-1&pageSize=1e99&sortOrder=%00',
  '?__proto__[polluted]=1&constructor[prototype][polluted]=1',
  '?a[]=1&a[]=2&a[b]=3',
  `?q=${'x'.repeat(10000)}`,
  '?%E0%A4%A=1',
];

const HOSTILE_VALUES: unknown[] = [
  123,
  -1,
  0,
  1.5,
  1e308,
  true,
  null,
  [],
  ['a', 1, null],
  {},
  { nested: { deeper: [{ x: '\u0000' }] } },
  '',
  ' ',
  '\u0000',
  '\u202e\u0000\uffff',
  '../../etc/passwd',
  'x'.repeat(10_000),
  '$2b$10$' + 'a'.repeat(53),
];

function deeplyNested(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

interface RawBody {
  contentType?: string;
  payload?: string;
  label: string;
}

function hostileBodies(op: Operation): RawBody[] {
  const json = (value: unknown, label: string): RawBody => ({
    contentType: 'application/json',
    payload: JSON.stringify(value),
    label,
  });
  const bodies: RawBody[] = [
    { label: 'no body' },
    { contentType: 'application/json', payload: '', label: 'empty JSON body' },
    json(null, 'null'),
    json(true, 'true'),
    json(0, 'zero'),
    json('a string', 'a string'),
    json([], 'empty array'),
    json([{ name: 'x' }], 'array instead of object'),
    json({}, 'empty object'),
    json({ unexpected: 'x'.repeat(100_000) }, 'huge unknown field'),
    { contentType: 'application/json', payload: deeplyNested(2000), label: 'deeply nested object' },
    { contentType: 'application/json', payload: '['.repeat(3000) + ']'.repeat(3000), label: 'deeply nested arrays' },
    { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}', label: '__proto__ key' },
    {
      contentType: 'application/json',
      payload: '{"constructor":{"prototype":{"isAdmin":true}}}',
      label: 'constructor key',
    },
    { contentType: 'application/json', payload: 'not json at all', label: 'not JSON' },
    { contentType: 'application/json', payload: '{"a":1', label: 'truncated JSON' },
    { contentType: 'application/json', payload: '\uFEFF{}', label: 'BOM' },
    { contentType: 'application/json; charset=utf-16', payload: '{}', label: 'utf-16 charset' },
    { contentType: 'text/plain', payload: 'hello', label: 'text/plain' },
    { contentType: 'application/x-www-form-urlencoded', payload: 'name=x&password=y', label: 'form body' },
    { contentType: 'multipart/form-data; boundary=zzz', payload: '--zzz\r\n\r\nx\r\n--zzz--', label: 'multipart body' },
    { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002', label: 'binary body' },
    { contentType: 'application/json', payload: JSON.stringify({ x: 'y'.repeat(MiB) }), label: 'over the body limit' },
  ];
  const props = Object.keys(op.bodySchema?.properties ?? {});
  for (const value of HOSTILE_VALUES) {
    if (props.length > 0) {
      bodies.push(
        json(Object.fromEntries(props.map((p) => [p, value])), `every field = ${JSON.stringify(value).slice(0, 30)}`),
      );
    }
  }
  for (const prop of props) {
    bodies.push(json({ [prop]: 'x'.repeat(900_000) }, `${prop} = 900 kB string`));
    bodies.push(json({ [prop]: { $gt: '' } }, `${prop} = operator object`));
  }
  return bodies;
}

function concretePaths(path: string): string[] {
  if (!path.includes('{')) return [path];
  return HOSTILE_PARAMS.map((value) => path.replace(/\{[^}]+\}/g, value));
}

describe('fuzz: no documented operation answers 5xx to hostile input', () => {
  let t: TestApp;
  let operations: Operation[];
  const fuzzAddress = '203.0.113.7';
  // The Plex sign-in (`GET /plex/auth-url`) asks plex.tv for a PIN: the fake one, so nothing leaves the machine.
  let plexTv: FakePlexTv;
  beforeAll(async () => {
    plexTv = await startFakePlexTv();
  });
  afterAll(() => plexTv.close());

  beforeEach(async () => {
    t = await buildTestApp({ env: { VIDKEEP_PLEX_TV_URL: plexTv.url } });
    await completeSetup(t);
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            security?: Operation['security'];
            requestBody?: { content: Record<string, { schema: Operation['bodySchema'] }> };
          }
        >
      >;
    }>();
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        security: op.security ?? [],
        bodySchema: op.requestBody?.content['application/json']?.schema,
      })),
    );
  });
  afterEach(async () => {
    await t.close();
  });

  const failures: string[] = [];
  afterEach(() => {
    failures.length = 0;
  });

  async function send(
    op: Operation,
    url: string,
    body: RawBody,
    headers: Record<string, string>,
    label: string,
  ): Promise<LightMyRequestResponse | undefined> {
    const res = await t.app.inject({
      method: op.method as InjectOptions['method'],
      url,
      remoteAddress: fuzzAddress,
      headers: { ...headers, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
    });
    const what = `${op.method} ${url.slice(0, 80)} [${body.label}] (${label}) -> ${res.statusCode}`;
    if (res.statusCode >= 500) failures.push(`${what}: ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      // Every refusal uses the error envelope.
      let ok = false;
      try {
        const json = res.json<Envelope>();
        ok = typeof json.error === 'string' && typeof json.code === 'string';
      } catch {
        ok = false;
      }
      if (!ok) failures.push(`${what}: not the error envelope: ${res.body.slice(0, 200)}`);
    } else if (label === 'no credentials' && op.security.length > 0) {
      failures.push(`${what}: a protected operation succeeded without credentials`);
    }
    return res;
  }

  it('with a valid session and without any credentials', { timeout: 240_000 }, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
    let requests = 0;
    for (const op of operations) {
      // A fresh session per operation: logout or deleting a session may end it on purpose.
      const session = await login(t);
      const tasks: Promise<unknown>[] = [];
      for (const url of concretePaths(op.path)) {
        for (const query of HOSTILE_QUERIES) {
          tasks.push(send(op, url + query, { label: 'no body' }, { 'x-access-token': session }, 'session'));
          tasks.push(send(op, url + query, { label: 'no body' }, {}, 'no credentials'));
        }
      }
      const path = concretePaths(op.path)[0] ?? op.path;
      for (const body of hostileBodies(op)) {
        tasks.push(send(op, path, body, { 'x-access-token': session }, 'session'));
        tasks.push(send(op, path, body, {}, 'no credentials'));
      }
      requests += tasks.length;
      await Promise.all(tasks);
    }
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // The service is still healthy and still lets the owner in.
    const session = await login(t);
    expect((await t.app.inject({ url: '/auth/validate', headers: { 'x-access-token': session } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/health' })).json().status).toBe('ok');
  });

  it('with hostile credentials', { timeout: 120_000 }, async () => {
    const headerSets: [string, Record<string, string>][] = [
      ['bogus token', { 'x-access-token': 'not-a-token' }],
      ['huge token', { 'x-access-token': 'a'.repeat(8000) }],
      ['token with control characters', { 'x-access-token': 'abc\tdef' }],
      ['bogus API key', { 'x-api-key': 'vk_' + 'z'.repeat(60) }],
      ['empty API key', { 'x-api-key': '' }],
      ['empty token', { 'x-access-token': '' }],
      ['bogus token and bogus API key', { 'x-access-token': 'nope', 'x-api-key': 'nope' }],
      ['authorization header only', { authorization: 'Bearer nope' }],
    ];
    for (const op of operations) {
      const path = concretePaths(op.path)[0] ?? op.path;
      await Promise.all(
        headerSets.map(([label, headers]) =>
          send(
            op,
            path,
            { contentType: 'application/json', payload: '{}', label: 'empty object' },
            headers,
            label,
          ).then((res) => {
            if (res && op.security.length > 0 && res.statusCode < 400) {
              failures.push(`${op.method} ${path} (${label}) -> ${res.statusCode}: accepted hostile credentials`);
            }
          }),
        ),
      );
    }
    expect(failures).toEqual([]);
  });
});
