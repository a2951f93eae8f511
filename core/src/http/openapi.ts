import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_VERSION } from '@vidkeep/contracts';
import { docsCsp } from './csp.js';

/**
 * OpenAPI 3 document generated from the route schemas, served at `/api/docs/openapi.json`, with a
 * browsable page at `/api/docs`. Both are public: they describe the API, they hold no data.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
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
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsCsp,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
