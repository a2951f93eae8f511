import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compilePendingSchemas } from '@vidkeep/core';
import { buildTestApp, completeSetup, type TestApp } from '@vidkeep/core/testing';

interface OpenApiOperation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
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

  beforeEach(async () => {
    t = await buildTestApp();
    // After setup, as an operator sees it (before setup protected routes explain the setup instead).
    await completeSetup(t);
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

  it('error responses of protected operations document 403', () => {
    for (const { path, method, op } of operations()) {
      if ((op.security ?? []).length === 0) continue;
      expect(Object.keys(op.responses ?? {}), `${method} ${path}`).toContain('403');
    }
  });

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
