import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compilePendingSchemas } from '@vidkeep/core';
import { definePlugin } from '@vidkeep/core/plugin-api';
import { buildTestApp, completeSetup, type TestApp } from '@vidkeep/core/testing';
import { REPO_ROOT } from '../helpers/server-process.js';

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}
interface Field {
  enum?: string[];
  anyOf?: Field[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

/** Spec 4.1 and 4.2, plus the core and platform endpoints of 4.5 and the setup wizard. */
const REQUIRED: [string, string][] = [
  ['get', '/validateToken'],
  ['get', '/auth/validate'],
  ['post', '/auth/login'],
  ['post', '/auth/logout'],
  ['get', '/auth/sessions'],
  ['delete', '/auth/sessions/{id}'],
  ['post', '/auth/change-password'],
  ['get', '/setup/status'],
  ['post', '/setup/create-auth'],
  ['get', '/api/keys'],
  ['post', '/api/keys'],
  ['delete', '/api/keys/{id}'],
  ['get', '/getconfig'],
  ['patch', '/api/config'],
  ['get', '/api/health'],
  ['post', '/api/ytdlp/update'],
];

const PUBLIC = ['post /auth/login', 'get /setup/status', 'post /setup/create-auth', 'get /api/health'];

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let session: string;

  beforeEach(async () => {
    t = await buildTestApp();
    // After setup, as an operator sees it (before setup protected routes explain the setup instead).
    session = await completeSetup(t);
    const res = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });
  afterEach(async () => {
    await t.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );

  it('is OpenAPI 3 with the interface version 1.86.1 and base path /', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.version).toBe('1.86.1');
    expect(doc.info.title.length).toBeGreaterThan(0);
    expect(doc.servers).toEqual([{ url: '/' }]);
  });

  it('has no version segment in any path', () => {
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/\/v\d+(\/|$)/);
  });

  it.each(REQUIRED)('documents %s %s', (method, path) => {
    expect(doc.paths[path]?.[method]).toBeDefined();
  });

  it('documents nothing the server does not answer', async () => {
    for (const { path, method } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      // Unknown routes answer 404 before any authentication, so no token is needed to tell.
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      expect(res.json<{ code?: string }>().code, `${method} ${path}`).not.toBe('CORE_NOT_FOUND');
    }
  });

  it('every operation describes its responses with a schema, including a success response', () => {
    expect(operations().length).toBeGreaterThanOrEqual(REQUIRED.length);
    for (const { path, method, op } of operations()) {
      const responses = Object.entries(op.responses ?? {});
      expect(responses.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(
        responses.some(([status]) => /^2\d\d$/.test(status)),
        `${method} ${path} has a 2xx response`,
      ).toBe(true);
      for (const [status, response] of responses) {
        // 204 No Content has no body to describe (GET /api/subscriptions/imports/active, reference 1.13).
        if (status === '204') {
          expect(response.content, `${method} ${path} 204`).toBeUndefined();
          continue;
        }
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('operations that take a body document it', () => {
    for (const [method, path] of [
      ['post', '/auth/login'],
      ['post', '/auth/change-password'],
      ['post', '/setup/create-auth'],
      ['post', '/api/keys'],
      ['patch', '/api/config'],
    ] as const) {
      expect(
        doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema,
        `${method} ${path}`,
      ).toBeDefined();
    }
  });

  it('operations with a body document 413 and 415; protected and rate-limited ones 429', () => {
    let bodies = 0;
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses ?? {});
      if (op.requestBody) {
        bodies++;
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
      }
      if ((op.security ?? []).length > 0) expect(statuses, `${method} ${path}`).toContain('429');
    }
    expect(bodies).toBeGreaterThan(40);
    for (const upload of ['/api/cookies/upload', '/api/subscriptions/preview/takeout']) {
      expect(Object.keys(doc.paths[upload]!.post!.responses ?? {}), upload).toEqual(
        expect.arrayContaining(['413', '415', '429']),
      );
    }
  });

  it('says which keys go together and which ratings exist, and leaves no private annotation behind', () => {
    const body = (method: string, path: string) =>
      doc.paths[path]![method]!.requestBody!.content!['application/json']!.schema as {
        oneOf?: unknown;
        anyOf?: unknown;
        properties: Record<string, Field>;
      };
    const download = body('post', '/api/videos/download');
    // Exactly one of url and urls (both at once is a 400, as is neither).
    expect(download.oneOf).toEqual([{ required: ['url'] }, { required: ['urls'] }]);
    // A nullable field is `nullable: true` beside its enum in OpenAPI 3.0.
    const enumOf = (field: Field) => field.enum ?? field.anyOf?.find((b) => b.enum)?.enum;
    expect(enumOf(download.properties.rating!)).toEqual(expect.arrayContaining(['G', 'PG-13', 'TV-MA', 'NR']));
    // Bulk routes: videoIds or sourceIds, or both (sourceIds wins).
    for (const [method, path] of [
      ['post', '/api/videos/rating'],
      ['delete', '/api/videos'],
    ] as const) {
      expect(body(method, path).anyOf, `${method} ${path}`).toEqual([
        { required: ['videoIds'] },
        { required: ['sourceIds'] },
      ]);
    }
    expect(enumOf(body('post', '/api/videos/rating').properties.rating!)).toContain('TV-Y7');
    expect(enumOf(body('put', '/api/channels/{channelId}/settings').properties.default_rating!)).toContain('R');
    const text = JSON.stringify(doc);
    expect(text).not.toContain('x-choices');
    expect(text).not.toContain('x-requires');
  });

  it('the documented shapes leave the words of the errors as they were, and ratings in any case', async () => {
    const post = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-access-token': session }, payload: payload as object });
    expect((await post('/api/videos/download', {})).json()).toMatchObject({ error: 'url is required' });
    const both = await post('/api/videos/download', {
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      urls: ['x'],
    });
    expect(both.json()).toMatchObject({ error: 'Send either url or urls, not both' });
    const rated = await post('/api/videos/rating', { sourceIds: ['aaaaaaaaaaa'], rating: 'pg-13' });
    expect(rated.statusCode).toBe(200);
    const wrong = await post('/api/videos/rating', { sourceIds: ['aaaaaaaaaaa'], rating: 'X' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toMatch(/one of G, PG, PG-13/);
  });

  it('error responses of protected operations document 403', () => {
    for (const { path, method, op } of operations()) {
      if ((op.security ?? []).length === 0) continue;
      expect(Object.keys(op.responses ?? {}), `${method} ${path}`).toContain('403');
    }
  });

  it('every operation has an operationId, unique in the document, derived from method and path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/plugins/{id}']?.patch?.operationId).toBe('patchApiPluginsById');
    expect(doc.paths['/getchannels']?.get?.operationId).toBe('getGetchannels');
  });

  it('every operation documents at least one client error (4xx) in the error envelope', () => {
    for (const { path, method, op } of operations()) {
      const clientErrors = Object.keys(op.responses ?? {}).filter((status) => /^4/.test(status));
      expect(clientErrors.length, `${method} ${path}`).toBeGreaterThan(0);
    }
    // The core adds what it answers itself: 401 and 403 for protected routes, 400 for validated input.
    expect(Object.keys(doc.paths['/api/plugins']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
    expect(Object.keys(doc.paths['/auth/login']?.post?.responses ?? {})).toContain('400');
  });

  it('passes `redocly lint` with every recommended rule as an error', async () => {
    const file = join(t.dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const lint = spawnSync(
      join(REPO_ROOT, 'node_modules', '.bin', 'redocly'),
      ['lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '50'],
      {
        cwd: t.dir,
        encoding: 'utf8',
        // No telemetry and no update check: the tests use no network.
        env: { PATH: process.env.PATH, HOME: t.dir, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 60_000,
      },
    );
    expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
    expect(lint.stderr + lint.stdout).toMatch(/valid/i);
  }, 60_000);

  it('declares both credential headers as security schemes', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      sessionToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
  });

  it('login, setup and health are public', () => {
    for (const key of PUBLIC) {
      const [method, path] = key.split(' ') as [string, string];
      expect(doc.paths[path]?.[method]?.security, key).toEqual([]);
    }
  });

  it('API key management takes a session only (spec 4.2)', () => {
    for (const method of ['get', 'post'])
      expect(doc.paths['/api/keys']?.[method]?.security).toEqual([{ sessionToken: [] }]);
    expect(doc.paths['/api/keys/{id}']?.delete?.security).toEqual([{ sessionToken: [] }]);
  });

  it('only POST /api/videos/download accepts an API key (spec 5)', () => {
    for (const { path, method, op } of operations()) {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (method === 'post' && path === '/api/videos/download') expect(schemes).toEqual(['sessionToken', 'apiKey']);
      else expect(schemes, `${method} ${path}`).not.toContain('apiKey');
    }
  });

  it('the documented security matches what the server enforces', async () => {
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      if ((op.security ?? []).length === 0) {
        expect([401, 403], `${method} ${path} is documented public`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${method} ${path} is documented protected`).toBe(403);
      }
    }
  });

  it('every route schema compiles (they compile lazily, on first use, in production)', async () => {
    // Validators and serializers are compiled on a route's first request to keep starts fast; a
    // schema Ajv or fast-json-stringify refuses would fail that request, so compile them all here.
    expect(compilePendingSchemas(t.app)).toBeGreaterThan(100);
    expect(compilePendingSchemas(t.app)).toBe(0);
  });

  it('the document and the browsable page need no token', async () => {
    const json = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);

    let res = await t.app.inject({ url: '/api/docs' });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 5; hops += 1) {
      const location = new URL(String(res.headers.location), 'http://localhost/api/docs');
      res = await t.app.inject({ url: location.pathname + location.search });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});

describe('OpenAPI operationIds', () => {
  it("a route's own schema.operationId wins over the derived one", async () => {
    const named = definePlugin({
      id: 'fx-named',
      version: '1.0.0',
      core: '^1.0.0',
      register(ctx) {
        ctx.routes(async (app) => {
          app.get('/api/fx-named/things', { schema: { operationId: 'listThings' } }, async () => ({}));
          app.get('/api/fx-named/other', { schema: {} }, async () => ({}));
        });
      },
    });
    const t = await buildTestApp({ extraPlugins: [{ definition: named }] });
    try {
      const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<OpenApiDocument>();
      expect(doc.paths['/api/fx-named/things']?.get?.operationId).toBe('listThings');
      expect(doc.paths['/api/fx-named/other']?.get?.operationId).toBe('getApiFxNamedOther');
    } finally {
      await t.close();
    }
  });
});
