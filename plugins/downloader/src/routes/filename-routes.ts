import { DownloaderErrorCodes as E, errorResponses, FilenamePreview, FilenamePreviewRequest } from '@vidkeep/contracts';
import { perClientLimit, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { DownloaderRouteDeps } from './deps.js';

/** Reference 1.3: 30 previews per minute per client address (each one may run yt-dlp). */
const PREVIEWS_PER_MINUTE = 30;

export const filenameRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (app, { filenames }) => {
  app.post(
    '/api/config/filename-preview',
    {
      config: {
        rateLimit: perClientLimit({
          name: 'filename-preview',
          max: PREVIEWS_PER_MINUTE,
          what: 'previews',
          code: E.rateLimited,
        }),
      },
      schema: {
        tags: ['config'],
        summary: 'Preview the file and folder names a videoFilenamePrefix gives',
        description:
          'Renders the prefix with yt-dlp against a bundled sample video, as downloads would name it: the file `<prefix> [<id>].<ext>` in the folder `<prefix> - <id>`. 400 when the prefix is empty, longer than 160 characters, contains `/`, `\\`, `..` or control characters, or yt-dlp rejects the template (`DOWNLOAD_INVALID_PREFIX`, with its reason). Lengths are UTF-8 bytes. 30 per minute per client.',
        body: FilenamePreviewRequest,
        response: { 200: FilenamePreview, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => filenames.preview(request.body.prefix),
  );
};
