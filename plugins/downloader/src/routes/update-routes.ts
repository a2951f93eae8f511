import {
  ConflictError,
  CoreErrorCodes,
  DownloaderErrorCodes as E,
  ErrorEnvelope,
  errorResponses,
  ManagedForbiddenResponse,
  ToolRollbackResponse,
  ToolUpdateResponse,
  Type,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
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
          'Without a configured yt-dlp (`ytdlpPath`, YTDLP_PATH) this asks pip for the newest yt-dlp and, when it is newer than the one in use, installs it (`yt-dlp[default]`, with the challenge solver scripts where the index has them) into a new folder under CONFIG_DIR/yt-dlp/releases, checks it (`canary`: version, `--help` options, the exact argument list of a download with `--simulate`, and a short real download where the platform answers) and only then uses it; the one before is kept for `POST /api/ytdlp/rollback`. A release that fails the check is deleted, the yt-dlp in use stays, and the answer says why (`success: false`, `reason: error`, `canary`). Downloads go on meanwhile. A configured yt-dlp runs its own `-U` (answers `skipped` while a download runs) and is checked afterwards. On a managed platform (PLATFORM) the platform updates the tool and this answers 403.',
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

  app.post(
    '/api/ytdlp/rollback',
    {
      schema: {
        tags: ['downloader'],
        summary: 'Go back to the previous private yt-dlp',
        description:
          'vidkeep keeps the private yt-dlp it used before the last update (`rollbackVersion` of `GET /api/ytdlp/version`). This takes it into use again, from the next job on, and sets the newer one aside, so a second rollback returns to it. 409 when there is none to go back to (yt-dlp is configured or from PATH, or no update has happened) or an update runs; 403 on a managed platform.',
        response: { 200: ToolRollbackResponse, ...errorResponses(401, 409), 403: Type403 },
      },
    },
    async (_request, reply) => {
      if (platformManaged) {
        const message = 'yt-dlp is managed by the hosting platform';
        return reply.code(403).send({ success: false, message, error: message, code: CoreErrorCodes.platformManaged });
      }
      if (tools.ytdlpSource() !== 'private') {
        throw new ConflictError(
          E.rollbackUnavailable,
          tools.ytdlpSource() === 'configured'
            ? 'yt-dlp is configured (ytdlpPath or YTDLP_PATH): vidkeep keeps no earlier copy of it to go back to'
            : 'vidkeep has not installed a yt-dlp of its own yet, so there is nothing to go back to',
        );
      }
      const back = await updater.rollback();
      if (back === 'busy')
        throw new ConflictError(E.toolBusy, 'A yt-dlp update is running; try again when it has finished');
      if (!back) {
        throw new ConflictError(
          E.rollbackUnavailable,
          'No earlier yt-dlp is kept: the rollback is possible after an update',
        );
      }
      await tools.check('ytdlp');
      const message = `yt-dlp ${back.version ?? ''} is used again from the next download on; ${back.rollbackVersion ?? 'the newer one'} is kept, and a second rollback returns to it`;
      return { success: true as const, message: message.replace(/\s+/g, ' '), ...back };
    },
  );
};
