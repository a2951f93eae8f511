import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_VERSION } from '@vidkeep/contracts';
import { docsCsp } from './csp.js';

const DOCS_PREFIX = '/api/docs';

const DOCUMENT_INFO: NonNullable<FastifyDynamicSwaggerOptions['openapi']> = {
  openapi: '3.0.3',
  info: {
    title: 'vidkeep API',
    version: API_VERSION,
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
      scope.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        config: route.config,
        handler: () => undefined,
      } as RouteOptions);
    }
  });
  await docs.ready();
  return docs;
}
