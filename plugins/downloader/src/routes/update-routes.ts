import {
  CoreErrorCodes,
  ErrorEnvelope,
  errorResponses,
  ManagedForbiddenResponse,
  ToolUpdateResponse,
  Type,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import { updateCheckedPayload } from '../services/ytdlp-updater.js';
import type { DownloaderRouteDeps } from './deps.js';

const Type403 = Type.Union([ManagedForbiddenResponse, ErrorEnvelope]);

export const updateRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (
  app,
  { platformManaged, updater, tools, events },
) => {
  app.post(
    '/api/ytdlp/update',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Update the downloader tool (yt-dlp)',
        description:
          'Without a configured yt-dlp (`ytdlpPath`, YTDLP_PATH) this installs or upgrades the private yt-dlp under CONFIG_DIR/yt-dlp with pip (the PIP_* environment variables apply), which is used from then on; a configured yt-dlp runs its own `-U`. Answers `skipped` while a download runs. On a managed platform (PLATFORM) the platform updates the tool and this answers 403.',
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
      const result = await updater.update();
      // The next job uses the new binary; the version shown is checked again now.
      if (result.reason === 'updated') await tools.check('ytdlp');
      const event = updateCheckedPayload(result, 'manual');
      if (event) events.publish('downloader.tool.updateChecked', event);
      return result;
    },
  );
};
