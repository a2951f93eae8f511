import {
  ChannelErrorCodes as E,
  ErrorEnvelope,
  TestSourceApiKeyRequest,
  TestSourceApiKeyResponse,
} from '@vidkeep/contracts';
import { perClientLimit, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

const TESTS_PER_MINUTE = 10;

/** The platform's Data API key (`sourceApiKey`): testing a key before it is saved. */
export const sourceApiRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { apiKeyTest }) => {
  app.post(
    '/testSourceApiKey',
    {
      config: {
        rateLimit: perClientLimit({
          name: 'api-key-test',
          max: TESTS_PER_MINUTE,
          what: 'key tests',
          code: E.rateLimited,
        }),
      },
      schema: {
        tags,
        summary: 'Test a Data API key (it is not saved)',
        description: `One \`videos.list\` call (1 unit) with the key: \`ok\`, or why not in \`code\` (KEY_INVALID, KEY_RESTRICTED, API_NOT_ENABLED, QUOTA_EXCEEDED, RATE_LIMITED, NETWORK_ERROR, SERVER_ERROR, UNKNOWN) and \`reason\` (plain words). The API has no endpoint that tells the quota left: the answer gives the units this test spent, the default daily quota and when it resets. Without \`apiKey\` the stored \`sourceApiKey\` is tested (400 when none is stored). Unlike the reference's \`/testYoutubeApiKey\`, the key is never saved here: save it with \`PATCH /api/config\`. ${TESTS_PER_MINUTE} tests per minute per address.`,
        body: TestSourceApiKeyRequest,
        response: { 200: TestSourceApiKeyResponse, ...errors, 429: ErrorEnvelope },
      },
    },
    async (request) => apiKeyTest.test(request.body.apiKey),
  );
};
