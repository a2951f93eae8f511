/**
 * What podcast apps fetch: `/feeds/<token>/…`, public routes that check the feed token before
 * reading anything. A token opens its own feed and the media, pictures and chapters of the videos
 * in it now, nothing else: no API route takes it, and another channel's video answers 404.
 */
import { FeedErrorCodes as E, FeedFileParams, FeedTokenParams } from '@vidkeep/contracts/feeds';
import {
  errorResponses,
  NotFoundError,
  sendFile,
  Type,
  type FastifyPluginAsyncTypebox,
  type FastifyReply,
  type FastifyRequest,
} from '@vidkeep/plugin-kit';
import { stat } from 'node:fs/promises';
import { chaptersJson } from '../xml/rss.js';
import { originOf, TAG, type RouteDeps } from './deps.js';

const PUBLIC = { auth: 'public' as const };
const gone = () => new NotFoundError(E.feedNotFound, 'No feed has this address (it may have been revoked)');
const notInFeed = () => new NotFoundError(E.feedNotFound, 'This feed has no such episode');

/** Sends a file that must exist now, with a day of caching in the app. */
async function sendExisting(request: FastifyRequest, reply: FastifyReply, path: string | null | undefined) {
  const st = path ? await stat(path).catch(() => null) : null;
  if (!path || !st?.isFile()) throw notInFeed();
  reply.header('cache-control', 'private, max-age=86400');
  return sendFile(request, reply, { path, size: st.size });
}

export const publicFeedRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { store, feeds, episodes, info } = deps;
  const feedOf = async (token: string) => {
    const row = await store.byToken(token);
    if (!row) throw gone();
    return row;
  };
  /** `<id>.<ext>` of a video in the feed now; the feed row and the id. */
  const episodeOf = async (token: string, file: string) => {
    const row = await feedOf(token);
    const dot = file.lastIndexOf('.');
    const sourceId = file.slice(0, dot);
    if (!(await feeds.holds(row, sourceId))) throw notInFeed();
    return { row, sourceId, extension: file.slice(dot + 1) };
  };
  const fileSchema = (summary: string, description?: string) => ({
    tags: TAG,
    summary,
    ...(description ? { description } : {}),
    params: FeedFileParams,
    response: { 200: Type.Any(), 206: Type.Any(), ...errorResponses(404) },
  });

  app.get(
    '/feeds/:token/feed.xml',
    {
      config: PUBLIC,
      schema: {
        tags: TAG,
        summary: 'The podcast feed (RSS 2.0 with iTunes and Podcasting 2.0 tags)',
        description:
          'Public: the token in the path is the access (podcast apps cannot send headers). `ETag` and `Last-Modified` are set; `If-None-Match` or `If-Modified-Since` answer 304 while nothing changed. A revoked token answers 404.',
        params: FeedTokenParams,
        response: { 200: Type.Any(), 304: Type.Any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const row = await feedOf(request.params.token);
      const doc = await feeds.document(row, originOf(request));
      if (!doc)
        throw new NotFoundError(E.subjectNotFound, 'The channel or playlist of this feed is no longer followed');
      void store.fetched(row).catch(() => undefined);
      reply
        .header('etag', doc.etag)
        .header('last-modified', doc.lastModified.toUTCString())
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex');
      const inm = request.headers['if-none-match'];
      const ims = request.headers['if-modified-since'];
      const unchanged = inm
        ? inm.split(',').some((t) => t.trim().replace(/^W\//, '') === doc.etag)
        : !!ims && Math.floor(doc.lastModified.getTime() / 1000) <= Math.floor(Date.parse(ims) / 1000);
      if (unchanged) return reply.code(304).send();
      return reply.type('application/rss+xml; charset=utf-8').send(doc.xml);
    },
  );

  app.get(
    '/feeds/:token/media/:file',
    {
      config: PUBLIC,
      schema: fileSchema(
        "An episode's audio or video file (`<video id>.<extension>`)",
        "Range requests (206), HEAD, the exact Content-Length and the file's media type. Only videos in the feed now.",
      ),
    },
    async (request, reply) => {
      const { row, sourceId, extension } = await episodeOf(request.params.token, request.params.file);
      const file = await episodes.episodeFile(sourceId, row.format);
      if (!file || !file.path.toLowerCase().endsWith(`.${extension}`)) throw notInFeed();
      reply.header('cache-control', 'private, max-age=86400');
      return sendFile(request, reply, file);
    },
  );

  app.get(
    '/feeds/:token/artwork.jpg',
    {
      config: PUBLIC,
      schema: {
        tags: TAG,
        summary: "The podcast's picture",
        params: FeedTokenParams,
        response: { 200: Type.Any(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const content = await feeds.content(await feedOf(request.params.token));
      return sendExisting(request, reply, content ? await feeds.artworkFile(content) : null);
    },
  );

  app.get(
    '/feeds/:token/artwork/:file',
    { config: PUBLIC, schema: fileSchema("An episode's picture") },
    async (request, reply) => {
      const { sourceId } = await episodeOf(request.params.token, request.params.file);
      return sendExisting(request, reply, await episodes.thumbnailOf(sourceId));
    },
  );

  app.get(
    '/feeds/:token/chapters/:file',
    { config: PUBLIC, schema: fileSchema("An episode's chapters (Podcasting 2.0 JSON chapters)") },
    async (request, reply) => {
      const { sourceId } = await episodeOf(request.params.token, request.params.file);
      const { chapters } = await info.get(sourceId);
      if (!chapters.length) throw notInFeed();
      return reply
        .type('application/json+chapters')
        .header('cache-control', 'private, max-age=86400')
        .send(chaptersJson(chapters));
    },
  );
};
