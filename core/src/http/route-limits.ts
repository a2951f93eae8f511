import { RateLimitedError } from '@vidkeep/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The `config.rateLimit` of one route: at most `max` requests a minute per client address (the
 * key is `name` plus the address, so each route counts alone); beyond that a 429 with the
 * plugin's own `code` and the limit in words ("Too many searches: 10 per minute are allowed. Try
 * again in 42 seconds."). The limiter sets `Retry-After` and the `RateLimit-*` headers itself.
 */
export function perClientLimit(options: { name: string; max: number; what: string; code: string }) {
  return {
    max: options.max,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `${options.name}:${req.clientAddress}`,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { max: number; after: string }) =>
      new RateLimitedError(
        options.code,
        `Too many ${options.what}: ${ctx.max} per minute are allowed. Try again in ${ctx.after}.`,
        null,
      ),
  };
}

/**
 * Runs `work` with a signal that aborts when the client goes away before the answer is sent (a
 * search then stops its yt-dlp). Nobody receives the 499 that follows, so it is said in the log:
 * the response hook never sees it.
 */
export async function whileClientConnected<T>(
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
        'request rejected: the client closed the request',
      );
    }
    throw err;
  } finally {
    reply.raw.off('close', onClose);
  }
}
