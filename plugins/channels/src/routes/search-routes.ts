import {
  ChannelErrorCodes as E,
  ChannelSearchRequest,
  ChannelSearchResponse,
  errorResponses,
} from '@vidkeep/contracts';
import { perClientLimit, whileClientConnected, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

const SEARCH_PER_MINUTE = 10;

/** Searching the platform for channels to subscribe to. */
export const searchRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { search }) => {
  app.post(
    '/api/channels/search',
    {
      config: {
        rateLimit: perClientLimit({
          name: 'channel-search',
          max: SEARCH_PER_MINUTE,
          what: 'searches',
          code: E.rateLimited,
        }),
      },
      schema: {
        tags,
        summary: 'Search the platform for channels',
        description:
          "Platform Data API when `sourceApiKey` is configured, else yt-dlp on the platform's results page (then `videoCount` is null). Relevance order; nothing is stored. 10 searches per minute; 504 after 60 seconds; 499 when the client goes away first; 502 when the platform search fails.",
        body: ChannelSearchRequest,
        response: {
          200: ChannelSearchResponse,
          ...errors,
          ...errorResponses(429, 499, 502, 504),
        },
      },
    },
    async (request, reply) => ({
      results: await whileClientConnected(request, reply, (clientGone) =>
        search.search(request.body.query, request.body.count, clientGone),
      ),
    }),
  );
};
