/** The owner's routes: the feeds, making one, revoking one or all, and the OPML export. */
import {
  Feed,
  FeedErrorCodes as E,
  FeedList,
  FeedQuery,
  FEEDS_MAX,
  FeedsRevoked,
  NewFeed,
} from '@vidkeep/contracts/feeds';
import {
  ConflictError,
  errorResponses,
  IdParams,
  NotFoundError,
  Type,
  UnavailableError,
  type FastifyPluginAsyncTypebox,
} from '@vidkeep/plugin-kit';
import { renderOpml } from '../xml/rss.js';
import { originOf, TAG, type RouteDeps } from './deps.js';

export const feedApiRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { store, feeds }) => {
  app.get(
    '/api/feeds',
    {
      schema: {
        tags: TAG,
        summary: 'The podcast feeds, with their private addresses',
        description:
          "Each feed's `url` is its private address (`<base>/feeds/<token>/feed.xml`): whoever has it can read that feed and its episodes, nothing else. The base is the `feedsPublicUrl` setting, else the address of this request. `kind` and `subjectId` narrow the list to one channel or playlist.",
        querystring: FeedQuery,
        response: { 200: FeedList, ...errorResponses(400) },
      },
    },
    async (request) => {
      const origin = originOf(request);
      const rows = await store.all(request.query);
      return { feeds: await Promise.all(rows.map((r) => feeds.view(r, origin))) };
    },
  );

  app.post(
    '/api/feeds',
    {
      schema: {
        tags: TAG,
        summary: 'The feed of a channel or playlist in a format (made on first ask)',
        description:
          'Idempotent: asking again returns the same feed and address. 404 when the channel is not subscribed or the playlist not followed; 503 when the plugin that makes feeds of that kind is switched off.',
        body: NewFeed,
        response: { 200: Feed, ...errorResponses(400, 404, 409, 503) },
      },
    },
    async (request) => {
      const { kind, subjectId, format } = request.body;
      if (!feeds.source(kind))
        throw new UnavailableError(E.kindUnavailable, `Feeds of a ${kind} need the ${kind}s plugin switched on`);
      if (!(await feeds.subject(kind, subjectId)))
        throw new NotFoundError(
          E.subjectNotFound,
          kind === 'channel' ? 'No subscribed channel has this id' : 'No followed playlist has this id',
        );
      const existing = (await store.all({ kind, subjectId })).find((r) => r.format === format);
      if (!existing && (await store.count()) >= FEEDS_MAX)
        throw new ConflictError(E.limitReached, `At most ${FEEDS_MAX} feeds; revoke one first`);
      return feeds.view(existing ?? (await store.ensure(kind, subjectId, format)), originOf(request));
    },
  );

  app.delete(
    '/api/feeds/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Revoke a feed: its address answers 404 from now on',
        description: 'Making the feed again gives a new address.',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      if (!(await store.revoke(request.params.id))) throw new NotFoundError(E.feedNotFound, 'No feed has this id');
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/feeds',
    {
      schema: {
        tags: TAG,
        summary: 'Revoke every feed (or those of one channel or playlist)',
        querystring: FeedQuery,
        response: { 200: FeedsRevoked, ...errorResponses(400) },
      },
    },
    async (request) => ({ revoked: await store.revokeAll(request.query) }),
  );

  app.get(
    '/api/feeds/opml',
    {
      schema: {
        tags: TAG,
        summary: 'Every feed as an OPML file (podcast apps import it to subscribe to all)',
        response: { 200: Type.Any() },
      },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const list = await Promise.all((await store.all()).map((r) => feeds.view(r, origin)));
      const links = await Promise.all(list.map(async (f) => (await feeds.subject(f.kind, f.subjectId))?.link ?? null));
      const xml = renderOpml(
        list.map((f, i) => ({ title: `${f.title} (${f.format})`, url: f.url, link: links[i] ?? null })),
        new Date(),
      );
      return reply
        .type('text/x-opml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="vidkeep-feeds.opml"')
        .send(xml);
    },
  );
};
