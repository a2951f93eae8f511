import {
  CookieChangeResponse,
  CookieStatus,
  COOKIE_FILE_MAX_BYTES,
  DownloaderErrorCodes as E,
  ErrorEnvelope,
  errorResponses,
  ValidateArgsRefusal,
  ValidateArgsRequest,
  ValidateArgsResponse,
} from '@vidkeep/contracts';
import {
  perClientLimit,
  readUpload,
  uploadSchema,
  uploadSupport,
  type FastifyPluginAsyncTypebox,
} from '@vidkeep/plugin-kit';
import type { DownloaderRouteDeps } from './deps.js';

const tags = ['downloader'];
const VALIDATE_PER_MINUTE = 30;

/** Settings → Cookies (the uploaded cookie file) and the check of the custom yt-dlp arguments. */
export const toolSettingsRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (
  app,
  { cookies, argsCheck },
) => {
  await app.register(uploadSupport);

  app.get(
    '/api/cookies/status',
    {
      schema: {
        tags,
        summary: 'Whether a cookie file is set, and what it holds (never a cookie value)',
        description:
          'The file is `CONFIG_DIR/cookies.user.txt`; every yt-dlp call (downloads, metadata, listings, searches) gets it with `--cookies` while `cookiesEnabled` is on and it exists.',
        response: { 200: CookieStatus, ...errorResponses(401, 403) },
      },
    },
    async () => cookies.status(),
  );

  app.post(
    '/api/cookies/upload',
    {
      schema: {
        tags,
        summary: 'Upload a Netscape cookie file (turns cookies on)',
        description: `Multipart form field \`cookieFile\`, at most ${COOKIE_FILE_MAX_BYTES / 1024 / 1024} MB. The file must be in the Netscape format yt-dlp reads (first line \`# Netscape HTTP Cookie File\`, then seven tab-separated fields per cookie); anything else is refused with 400 naming the line. Stored as \`CONFIG_DIR/cookies.user.txt\` with mode 0600 and never returned; \`cookiesEnabled\` is set to true so the next yt-dlp call uses it.`,
        ...uploadSchema('cookieFile', 'The cookies.txt exported from a browser signed in to the platform'),
        response: {
          200: CookieChangeResponse,
          ...errorResponses(400, 401, 403),
          413: ErrorEnvelope,
          415: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const file = await readUpload(request, {
        field: 'cookieFile',
        maxBytes: COOKIE_FILE_MAX_BYTES,
        what: 'the cookie file',
      });
      return { status: 'success' as const, ...(await cookies.upload(file.data)) };
    },
  );

  app.delete(
    '/api/cookies',
    {
      schema: {
        tags,
        summary: 'Delete the uploaded cookie file',
        description: '`cookiesEnabled` keeps its value; without a file yt-dlp simply gets no cookies.',
        response: { 200: CookieChangeResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ status: 'success' as const, ...(await cookies.remove()) }),
  );

  app.post(
    '/api/ytdlp/validate-args',
    {
      config: {
        rateLimit: perClientLimit({
          name: 'validate-args',
          max: VALIDATE_PER_MINUTE,
          what: 'checks of the custom arguments',
          code: E.rateLimited,
        }),
      },
      schema: {
        tags,
        summary: 'Check custom yt-dlp arguments before saving them',
        description: `The rules a save and a job start apply (options that run commands, change paths or override managed settings are refused with 400 naming the option, also in \`option\`), then yt-dlp itself parses and validates the arguments: \`ok: false\` with its complaint when it refuses them. ${VALIDATE_PER_MINUTE} checks per minute per address. Reference: \`POST /api/ytdlp/validate-args\` of the reference product (5 per minute there; vidkeep's form checks as you type).`,
        body: ValidateArgsRequest,
        response: {
          200: ValidateArgsResponse,
          400: ValidateArgsRefusal,
          ...errorResponses(401, 403),
          429: ErrorEnvelope,
        },
      },
    },
    async (request) => argsCheck.check(request.body.args),
  );
};
