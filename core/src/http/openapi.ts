import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_VERSION, CHOICES, ErrorEnvelope, REQUIRES } from '@vidkeep/contracts';
import { docsCsp } from './csp.js';

const DOCS_PREFIX = '/api/docs';

const DOCUMENT_INFO: NonNullable<FastifyDynamicSwaggerOptions['openapi']> = {
  openapi: '3.0.3',
  info: {
    title: 'vidkeep API',
    version: API_VERSION,
    license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
    description: [
      'Self-hosted media download service.',
      '',
      '**Authentication.** Log in with `POST /auth/login` and send the returned token as `x-access-token`.',
      'API keys (`x-api-key`) are accepted only by `POST /api/videos/download`; every other endpoint answers 403 to them.',
      '',
      '**Errors** use one envelope: `{ error, code, details? }` where `code` is stable (`<AREA>_<REASON>`).',
    ].join('\n'),
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: {
      sessionToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    },
  },
};

/**
 * OpenAPI 3 document generated from the route schemas, served at `/api/docs/openapi.json`, with a
 * browsable page at `/api/docs`. Both are public: they describe the API, they hold no data.
 *
 * Built on the first request, not at boot: the app only records its routes as they are added;
 * the first visit loads @fastify/swagger and its UI (about 150 modules) into a small Fastify
 * instance that is given the same routes (schemas only, no handlers) and answers every
 * `/api/docs` request from then on.
 */
export function installOpenApi(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });
  let docs: Promise<FastifyInstance> | null = null;
  const documentation = () =>
    (docs ??= buildDocs(routes).catch((err: unknown) => {
      docs = null;
      throw err;
    }));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const res = await (
      await documentation()
    ).inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { accept: request.headers.accept ?? '*/*' },
    });
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !['content-length', 'transfer-encoding', 'connection', 'date'].includes(name)) {
        void reply.header(name, value);
      }
    }
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  const hidden = { schema: { hide: true }, config: { auth: 'public' as const } };
  app.get(`${DOCS_PREFIX}/openapi.json`, hidden, async () => (await documentation()).swagger());
  app.get(DOCS_PREFIX, hidden, forward);
  app.get(`${DOCS_PREFIX}/*`, hidden, forward);
}

async function buildDocs(routes: RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false, exposeHeadRoutes: false, routerOptions: { ignoreTrailingSlash: true } });
  // The routes only describe: nothing is validated or serialized here.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, { openapi: DOCUMENT_INFO });
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: docsCsp,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  docs.register(async (scope) => {
    for (const route of routes) {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        scope.route({
          method,
          url: route.url,
          schema: route.schema && documented(method, route),
          config: route.config,
          handler: () => undefined,
        } as RouteOptions);
      }
    }
  });
  await docs.ready();
  return docs;
}

/**
 * A stable `operationId` from the method and the path, for generated clients: `GET
 * /api/channels/:channelId/settings` is `getApiChannelsByChannelIdSettings`. A route that sets
 * `schema.operationId` keeps its own.
 */
export function operationIdOf(method: string, url: string): string {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = url
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return 'Wildcard';
      if (segment.startsWith(':'))
        return `By${pascal(
          segment
            .slice(1)
            .replace(/\(.*$/, '')
            .replace(/[^A-Za-z0-9]+/g, ''),
        )}`;
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

const INPUTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * The route's schema as the document shows it: with its `operationId`, and with the client
 * errors the core itself answers for every route of its kind when the route does not list them:
 * 400 when it takes input the validators check, 401 and 403 when it needs a session or key. A
 * route that can answer none of these (a public route without input) documents the error
 * envelope for any 4XX. The route's own schema is left as it is.
 */
function documented(method: string, route: RouteOptions): RouteOptions['schema'] {
  const schema = route.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const responses: Record<string, unknown> = { ...schema.response };
  const has4xx = () => Object.keys(responses).some((status) => /^4/.test(status));
  const add = (status: string) => {
    if (!(status in responses)) responses[status] = ErrorEnvelope;
  };
  if (INPUTS.some((part) => schema[part] !== undefined)) add('400');
  // Every body has the size limit and a content type (JSON, or multipart for uploads).
  if (schema.body !== undefined) {
    add('413');
    add('415');
  }
  const isPublic = (route.config?.auth ?? 'session') === 'public';
  if (!isPublic) {
    add('401');
    add('403');
  }
  // The general API limit counts every route that needs a session or API key; some routes
  // (login, searches, lookups) have a limit of their own.
  if (!isPublic || (route.config as { rateLimit?: unknown } | undefined)?.rateLimit) add('429');
  if (!has4xx()) add('4XX');
  const shown: Record<string, unknown> = {};
  for (const part of INPUTS) if (schema[part] !== undefined) shown[part] = withDocumentedShapes(schema[part]);
  return {
    ...schema,
    ...shown,
    operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, route.url),
    response: responses,
  };
}

/**
 * A copy of an input schema with the shapes its handler checks written the way OpenAPI says them:
 * `x-choices` (matched in any letter case) becomes the field's `enum`, `x-requires` a `oneOf` or
 * `anyOf` of `required` groups. Validation ignores both annotations, so the handler's own words
 * remain the error messages (`url is required`, the list of ratings).
 */
export function withDocumentedShapes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withDocumentedShapes);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withDocumentedShapes(value);
  const values = out[CHOICES];
  if (Array.isArray(values)) {
    out.enum = values;
    const said = typeof out.description === 'string' ? out.description.replace(/\.?$/, '. ') : '';
    out.description = `${said}Any letter case is accepted.`;
  }
  const needs = out[REQUIRES] as { groups: string[][]; exclusive: boolean } | undefined;
  if (needs) out[needs.exclusive ? 'oneOf' : 'anyOf'] = needs.groups.map((required) => ({ required }));
  delete out[CHOICES];
  delete out[REQUIRES];
  return out;
}
