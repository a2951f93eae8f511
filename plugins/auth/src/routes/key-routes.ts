import {
  ApiKeyList,
  CreateApiKeyBody,
  CreateApiKeyResponse,
  errorResponses,
  IdParams,
  SuccessResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { iso, type AuthRouteDeps } from './deps.js';

/** API key management: session only (an API key gets 403 from the core's auth hook). */
export const keyRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, { apiKeys }) => {
  app.get(
    '/api/keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'List API keys (the key values are never shown again)',
        response: { 200: ApiKeyList, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      keys: apiKeys.list().map((k) => ({
        id: k.id,
        name: k.name,
        key_prefix: k.keyPrefix,
        created_at: iso(k.createdAt),
        last_used_at: k.lastUsedAt ? iso(k.lastUsedAt) : null,
        is_active: k.isActive,
      })),
    }),
  );

  app.post(
    '/api/keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; the full key is returned only in this response',
        description: 'At most 20 active keys exist per instance. Keys work only on `POST /api/videos/download`.',
        body: CreateApiKeyBody,
        response: { 200: CreateApiKeyResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { key, record } = await apiKeys.create(request.body.name);
      return {
        success: true,
        message: 'API key created. Copy it now: it will not be shown again!',
        id: record.id,
        name: record.name,
        key,
        prefix: record.keyPrefix,
      };
    },
  );

  app.delete(
    '/api/keys/:id',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Delete an API key permanently',
        params: IdParams,
        response: {
          200: SuccessResponse,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await apiKeys.delete(request.params.id);
      return { success: true, message: 'API key deleted' };
    },
  );
};
