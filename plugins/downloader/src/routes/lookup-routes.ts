import {
  CheckVideoUrlRequest,
  CheckVideoUrlResponse,
  DownloaderErrorCodes as E,
  ErrorEnvelope,
  errorResponses,
  VideoSearchRequest,
  VideoSearchResponse,
} from '@vidkeep/contracts';
import { perClientLimit, whileClientConnected, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { DownloaderRouteDeps } from './deps.js';

const errors = errorResponses(400, 401, 403);

/** Finding videos on the platform: search, and a pasted URL checked before it is queued. */
export const lookupRoutes: FastifyPluginAsyncTypebox<DownloaderRouteDeps> = async (app, { lookup }) => {
  app.post(
    '/api/videos/search',
    {
      config: { rateLimit: perClientLimit({ name: 'video-search', max: 10, what: 'searches', code: E.rateLimited }) },
      schema: {
        tags: ['videos'],
        summary: 'Search the platform for videos',
        description:
          "Reference 1.5 `POST /api/videos/search` (`youtubeId` is `sourceId` here). The platform's Data API when `sourceApiKey` is configured (then `duration` and `viewCount` come from `videos.list`), else yt-dlp's `ytsearchN:`. Results keep the platform's relevance order (the reference sorts newest first); nothing is stored. Each says what the library has of it: `status` `never_downloaded`, `downloaded` or `missing` (deleted since, or its file gone), `activity` when queued or downloading, and the record's fields. 10 searches per minute per client; 504 after 60 seconds; 499 when the client goes away first; 502 when the platform search fails.",
        body: VideoSearchRequest,
        response: {
          200: VideoSearchResponse,
          ...errors,
          ...errorResponses(429, 499, 502, 504),
        },
      },
    },
    async (request, reply) => ({
      results: await whileClientConnected(request, reply, (clientGone) =>
        lookup.search(request.body.query, request.body.count, clientGone),
      ),
    }),
  );

  app.post(
    '/api/checkSourceVideoURL',
    {
      config: {
        rateLimit: perClientLimit({ name: 'video-url-check', max: 30, what: 'URL checks', code: E.rateLimited }),
      },
      schema: {
        tags: ['videos'],
        summary: 'Preview a pasted video URL before queueing it',
        description:
          "Reference 1.5 `POST /api/checkYoutubeVideoURL`. yt-dlp reads the video's metadata once (no download): title, channel, duration, thumbnail, publication time (unix seconds), availability. `isAlreadyDownloaded` (with `downloaded`: when, at which resolution, deleted since or missing on disk) and `activity` say what the library has. A URL that is not one video, or a video the platform refuses, answers 200 with `isValidUrl: false`, the reason in `error` and `errorCode` (`COOKIES_REQUIRED` when the platform wants a signed-in session: add cookies in Settings). The metadata is remembered for ten minutes, so queueing the video right after answers at once. 30 checks per minute per client.",
        body: CheckVideoUrlRequest,
        response: { 200: CheckVideoUrlResponse, ...errors, 429: ErrorEnvelope },
      },
    },
    async (request) => lookup.checkUrl(request.body.url),
  );
};
