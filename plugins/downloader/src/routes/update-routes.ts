import {
  CoreErrorCodes,
  ErrorEnvelope,
  errorResponses,
  ManagedForbiddenResponse,
  ToolUpdateResponse,
  Type,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { DownloaderRouteDeps } from './deps.js';

const Type403 = Type.Union([ManagedForbiddenResponse, ErrorEnvelope]);

export const updateRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (
  app,
  { platformManaged, updater },
) => {
  app.post(
    '/api/ytdlp/update',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Update the downloader tool (yt-dlp)',
        description: 'On a managed platform (PLATFORM) the platform updates the tool and this answers 403.',
        response: { 200: ToolUpdateResponse, ...errorResponses(401), 403: Type403 },
      },
    },
    async (_request, reply) => {
      // The spec's own 403 body (`success`, `message` beside the envelope), not a domain error:
      // no error kind means "this deployment does not allow it".
      if (platformManaged) {
        const message = 'yt-dlp updates are managed by the hosting platform';
        return reply.code(403).send({ success: false, message, error: message, code: CoreErrorCodes.platformManaged });
      }
      return updater.update();
    },
  );
};
