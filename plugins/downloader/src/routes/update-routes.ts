import { CoreErrorCodes, ErrorEnvelope, ManagedForbiddenResponse, ToolUpdateResponse, Type } from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import type { YtDlpUpdater } from '../services/ytdlp-updater.js';

const Type403 = Type.Union([ManagedForbiddenResponse, ErrorEnvelope]);

export const updateRoutes: FastifyPluginAsyncTypebox<{ platformManaged: boolean; updater: YtDlpUpdater }> = async (
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
        response: { 200: ToolUpdateResponse, 401: ErrorEnvelope, 403: Type403 },
      },
    },
    async (_request, reply) => {
      if (platformManaged) {
        const message = 'yt-dlp updates are managed by the hosting platform';
        return reply.code(403).send({ success: false, message, error: message, code: CoreErrorCodes.platformManaged });
      }
      return updater.update();
    },
  );
};
