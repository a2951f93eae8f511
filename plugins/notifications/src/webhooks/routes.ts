/** The webhook routes: adding, changing and removing webhooks, a test delivery, the delivery log. */
import {
  NewWebhook,
  NotificationErrorCodes as E,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookList,
  WebhookPatch,
  WEBHOOKS_MAX,
} from '@vidkeep/contracts/notifications';
import {
  ConflictError,
  errorResponses,
  IdParams,
  NotFoundError,
  Type,
  type FastifyPluginAsyncTypebox,
} from '@vidkeep/plugin-kit';
import { testMessage } from '../messages.js';
import { bodyOf } from '../notifier.js';
import { checkWebhookUrl } from './url.js';
import { TAG, type RouteDeps } from '../route-deps.js';

/** Webhooks: their list and settings, a test delivery, and the delivery log. */
export const webhookRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { notifier, store, worker } = deps;
  const findWebhook = async (id: number) => {
    const w = await store.get(id);
    if (!w) throw new NotFoundError(E.webhookNotFound, 'No webhook has this id');
    return w;
  };
  const viewOfOne = async (id: number) => (await store.views([await findWebhook(id)]))[0]!;

  app.get(
    '/api/notifications/webhooks',
    {
      schema: {
        tags: TAG,
        summary: 'The webhooks, each with its last delivery (never the secret)',
        response: { 200: WebhookList },
      },
    },
    async () => ({ webhooks: await store.views(await store.all()) }),
  );

  app.post(
    '/api/notifications/webhooks',
    {
      schema: {
        tags: TAG,
        summary: 'Add a webhook',
        description:
          'The URL must be http or https; local and private addresses are allowed (vidkeep runs at home). The secret signs every delivery (`X-Vidkeep-Signature`) and is never returned.',
        body: NewWebhook,
        response: { 200: Webhook, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const { name, url, events, secret, enabled } = request.body;
      checkWebhookUrl(url);
      if ((await store.count()) >= WEBHOOKS_MAX)
        throw new ConflictError(E.limitReached, `At most ${WEBHOOKS_MAX} webhooks`);
      const w = await store.create({ name: name.trim(), url, events, secret, enabled: enabled ?? true });
      notifier.webhooksChanged();
      return viewOfOne(w.id);
    },
  );

  app.patch(
    '/api/notifications/webhooks/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Change a webhook (switch it on or off, its events, URL, name or secret)',
        params: IdParams,
        body: WebhookPatch,
        response: { 200: Webhook, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await findWebhook(request.params.id);
      const { name, url, ...rest } = request.body;
      if (url !== undefined) checkWebhookUrl(url);
      await store.update(request.params.id, {
        ...rest,
        ...(url !== undefined ? { url } : {}),
        ...(name !== undefined ? { name: name.trim() } : {}),
      });
      notifier.webhooksChanged();
      if (rest.enabled) worker.poke();
      return viewOfOne(request.params.id);
    },
  );

  app.delete(
    '/api/notifications/webhooks/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Delete a webhook and its delivery log (pending deliveries are dropped)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await findWebhook(request.params.id);
      await store.remove(request.params.id);
      notifier.webhooksChanged();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/webhooks/:id/test',
    {
      schema: {
        tags: TAG,
        summary: 'Send a test delivery now and answer with its outcome',
        description:
          'The `test` event, signed like every delivery, tried once (no retries), also for a switched-off webhook. The answer is the delivery as the log shows it: `delivered`, or `failed` with the status code or error.',
        params: IdParams,
        response: { 200: WebhookDelivery, ...errorResponses(404) },
      },
    },
    async (request) => {
      const w = await findWebhook(request.params.id);
      const n = testMessage(w.id);
      const [id] = await store.enqueue(
        [{ webhookId: w.id, event: 'test', title: n.title, body: (i) => bodyOf(n, i) }],
        1,
      );
      worker.poke();
      // The answer waits for the attempt (at most the request timeout and a little).
      const until = Date.now() + deps.requestTimeoutMs + 2000;
      let d = await store.delivery(id!);
      while (d && d.status === 'pending' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        d = await store.delivery(id!);
      }
      return d!;
    },
  );

  app.get(
    '/api/notifications/webhooks/:id/deliveries',
    {
      schema: {
        tags: TAG,
        summary: "A webhook's delivery log, newest first (the last 200 finished, and every pending one)",
        params: IdParams,
        querystring: WebhookDeliveryQuery,
        response: { 200: WebhookDeliveryList, ...errorResponses(404) },
      },
    },
    async (request) => {
      await findWebhook(request.params.id);
      const { page, pageSize } = request.query;
      const r = await store.deliveries(request.params.id, page, pageSize);
      return { ...r, page, pageSize };
    },
  );
};
