import {
  ApiKeyList,
  CreateApiKeyBody,
  CreateApiKeyResponse,
  AuthErrorCodes,
  CoreErrorCodes,
  ErrorEnvelope,
  IdParams,
  stripControlChars,
  SuccessResponse,
} from '@vidkeep/contracts';
import { HttpError, type FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import { ApiKeyLimitError } from '../services/api-keys.js';
import { iso, type AuthRouteDeps } from './deps.js';

/** API key management: session only (an API key gets 403 from the core's auth hook). */
export const keyRoutes: FastifyPluginAsyncTypebox<AuthRouteDeps> = async (app, { apiKeys }) => {
  app.get(
    '/api/keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'List API keys (the key values are never shown again)',
        response: { 200: ApiKeyList, 401: ErrorEnvelope, 403: ErrorEnvelope },
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
        response: { 200: CreateApiKeyResponse, 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
    },
    async (request) => {
      const name = stripControlChars(request.body.name).trim();
      if (name.length === 0) {
        throw new HttpError(400, CoreErrorCodes.validationFailed, 'Name is required (1-100 characters)');
      }
      try {
        const { key, record } = await apiKeys.create(name);
        return {
          success: true,
          message: 'API key created. Copy it now: it will not be shown again!',
          id: record.id,
          name: record.name,
          key,
          prefix: record.keyPrefix,
        };
      } catch (err) {
        if (err instanceof ApiKeyLimitError) throw new HttpError(400, AuthErrorCodes.apiKeyLimit, err.message);
        throw err;
      }
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
          400: ErrorEnvelope,
          401: ErrorEnvelope,
          403: ErrorEnvelope,
          404: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      if (!(await apiKeys.delete(request.params.id))) {
        throw new HttpError(404, AuthErrorCodes.apiKeyNotFound, 'API key not found');
      }
      return { success: true, message: 'API key deleted' };
    },
  );
};
