import {
  CancelImportResponse,
  ChannelErrorCodes as E,
  ErrorEnvelope,
  errorResponses,
  IMPORT_FILE_MAX_BYTES,
  ImportDetail,
  ImportJobParams,
  ImportList,
  ImportPreview,
  ImportSummary,
  StartImportRequest,
  StartImportResponse,
  Type,
} from '@vidkeep/contracts';
import {
  perClientLimit,
  readUpload,
  uploadSchema,
  uploadSupport,
  type FastifyPluginAsyncTypebox,
  type FastifyRequest,
} from '@vidkeep/plugin-kit';
import { errors, type ChannelRouteDeps } from './deps.js';

const tags = ['subscription import'];
const COOKIE_PREVIEWS_PER_MINUTE = 5;
const MB = IMPORT_FILE_MAX_BYTES / 1024 / 1024;

/** The bytes of the upload in form field `file` (`what` names it in errors). */
async function uploadedFile(request: FastifyRequest, what: string): Promise<Buffer> {
  const file = await readUpload(request, { field: 'file', maxBytes: IMPORT_FILE_MAX_BYTES, what });
  return file.data;
}

/** Importing channel subscriptions in bulk (reference 1.13): previews, then a background import. */
export const importRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { previews, importer }) => {
  await app.register(uploadSupport);

  app.post(
    '/api/subscriptions/preview/takeout',
    {
      schema: {
        tags,
        summary: 'Preview the channels of an account export (subscriptions CSV)',
        description: `Multipart form field \`file\`: \`subscriptions.csv\` of the platform's account export (Google Takeout), at most ${MB} MB, header \`Channel Id,Channel Url,Channel Title\`. A BOM, CRLF, quoted fields, blank lines and translated headers are fine; rows without a channel id are listed in \`problems\` with their line and left out. Nothing is stored. 400 when no row names a channel, 422 when the file lists none.`,
        ...uploadSchema('file', 'subscriptions.csv of the account export'),
        response: { 200: ImportPreview, ...errors, 413: ErrorEnvelope, 415: ErrorEnvelope, 422: ErrorEnvelope },
      },
    },
    async (request) => previews.takeout(await uploadedFile(request, 'the subscriptions file')),
  );

  app.post(
    '/api/subscriptions/preview/cookies',
    {
      config: {
        rateLimit: perClientLimit({
          name: 'import-cookies',
          max: COOKIE_PREVIEWS_PER_MINUTE,
          what: 'cookie previews',
          code: E.rateLimited,
        }),
      },
      schema: {
        tags,
        summary: 'Preview the channels a signed-in account subscribes to (from its cookies)',
        description: `Multipart form field \`file\`: a Netscape cookie file exported from a browser signed in to the platform, at most ${MB} MB. yt-dlp reads the platform's subscriptions feed (https://www.youtube.com/feed/channels) with it; the file is kept only in a private folder while it runs and removed right after (never stored, never used for anything else). 400 not a cookie file; 422 none of the platform's login cookies, the platform did not take them as signed in, or the account subscribes to nothing; 504 after 60 seconds; 502 when the platform fails otherwise. ${COOKIE_PREVIEWS_PER_MINUTE} per minute per address (3 in the reference).`,
        ...uploadSchema('file', 'cookies.txt of a browser signed in to the platform'),
        response: {
          200: ImportPreview,
          ...errors,
          ...errorResponses(413, 415, 422, 429, 502, 504),
        },
      },
    },
    async (request) => previews.cookies(await uploadedFile(request, 'the cookie file')),
  );

  app.post(
    '/api/subscriptions/imports',
    {
      schema: {
        tags,
        summary: 'Start importing channels (background job)',
        description:
          'Subscribes to each channel, three at a time: an active subscription is skipped ("Already subscribed"), a channel removed earlier is subscribed again with its old settings (`restored`), a new one is looked up on the platform and stored with its `settings` (else the request\'s `settings`, else the defaults). A repeated channel id counts once. Progress is pushed as `subscriptionImportUpdated` over the WebSocket. 202 at once; 409 while another import runs; 400 for settings that break the channel settings rules (nothing is started).',
        body: StartImportRequest,
        response: { 202: StartImportResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request, reply) => reply.code(202).send(await importer.start(request.body)),
  );

  app.get(
    '/api/subscriptions/imports/active',
    {
      schema: {
        tags,
        summary: 'The running import, if any',
        description: '204 (no body) when no import runs.',
        response: { 200: ImportSummary, 204: Type.Null({ description: 'No import is running' }), ...errors },
      },
    },
    async (_request, reply) => {
      const current = importer.current();
      return current ? current : reply.code(204).send(null);
    },
  );

  app.get(
    '/api/subscriptions/imports',
    {
      schema: {
        tags,
        summary: 'The last 10 imports, newest first',
        response: { 200: ImportList, ...errors },
      },
    },
    async () => importer.list(),
  );

  app.get(
    '/api/subscriptions/imports/:jobId',
    {
      schema: {
        tags,
        summary: 'One import with a result per channel',
        description:
          'Results in the order of the request: `success` (subscribed; `restored` for a channel removed earlier), `skipped` with the reason (already subscribed, cancelled, cut off by a restart) or `error` with the reason; `pending` while it runs. Kept after a restart: an import a restart cut off is `interrupted`.',
        params: ImportJobParams,
        response: { 200: ImportDetail, ...errors },
      },
    },
    async (request) => importer.detail(request.params.jobId),
  );

  app.post(
    '/api/subscriptions/imports/:jobId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the running import',
        description:
          'Stops the lookups under way; channels not done yet are skipped ("Cancelled"), the ones done stay subscribed. 404 when that import is not running.',
        params: ImportJobParams,
        response: { 200: CancelImportResponse, ...errors },
      },
    },
    async (request) => importer.cancel(request.params.jobId),
  );
};
