import {
  ChannelErrorCodes as E,
  ChannelSearchRequest,
  ChannelSearchResponse,
  ErrorEnvelope,
  RateLimitedError,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox, FastifyReply, FastifyRequest } from '@vidkeep/core/plugin-api';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

const SEARCH_PER_MINUTE = 10;

/**
 * Runs `work` with a signal that aborts when the client goes away before the answer is sent
 * (a search then stops yt-dlp). Nobody receives the 499 that follows, so it is said in the log:
 * the response hook never sees it.
 */
async function whileConnected<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (clientGone: AbortSignal) => Promise<T>,
): Promise<T> {
  const gone = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  reply.raw.on('close', onClose);
  try {
    return await work(gone.signal);
  } catch (err) {
    if (gone.signal.aborted) {
      request.log.info(
        { method: request.method, url: request.url, statusCode: 499, client: request.clientAddress },
        'request rejected: the client closed the search',
      );
    }
    throw err;
  } finally {
    reply.raw.off('close', onClose);
  }
}

/** Searching the platform for channels to subscribe to. */
export const searchRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { search }) => {
  app.post(
    '/api/channels/search',
    {
      config: {
        rateLimit: {
          max: SEARCH_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => `channel-search:${req.clientAddress}`,
          // The rate limiter has set Retry-After already; the error adds none.
          errorResponseBuilder: (_req, ctx) =>
            new RateLimitedError(
              E.rateLimited,
              `Too many searches: ${ctx.max} per minute are allowed. Try again in ${ctx.after}.`,
              null,
            ),
        },
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
          429: ErrorEnvelope,
          499: ErrorEnvelope,
          502: ErrorEnvelope,
          504: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => ({
      results: await whileConnected(request, reply, (clientGone) =>
        search.search(request.body.query, request.body.count, clientGone),
      ),
    }),
  );
};
