import {
  APPRISE_TARGETS_MAX,
  AppriseTargetList,
  AppriseTargetPatch,
  AppriseTargetView,
  NewAppriseTarget,
  NewWebhook,
  NotificationErrorCodes as E,
  NotificationTestResponse,
  NotificationTestSingleRequest,
  TargetIdParams,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookList,
  WebhookPatch,
  WEBHOOKS_MAX,
  type AppriseTarget,
  type NotificationTestResponse as TestResponse,
} from '@vidkeep/contracts/notifications';
import {
  ConflictError,
  errorResponses,
  HttpError,
  IdParams,
  NotFoundError,
  Type,
  UnavailableError,
  type FastifyPluginAsyncTypebox,
} from '@vidkeep/plugin-kit';
import type { AppriseCli, SendResult } from './apprise/cli.js';
import { targetId, viewOf } from './apprise/targets.js';
import { testMessage } from './messages.js';
import { bodyOf, type Notifier } from './notifier.js';
import type { WebhookStore } from './webhooks/store.js';
import { checkWebhookUrl } from './webhooks/url.js';
import type { DeliveryWorker } from './webhooks/worker.js';

export interface RouteDeps {
  notifier: Notifier;
  apprise: AppriseCli;
  store: WebhookStore;
  worker: DeliveryWorker;
  targets: () => readonly AppriseTarget[];
  notificationsEnabled: () => boolean;
  /** Replaces the targets (config key `appriseUrls`), one change at a time. */
  saveTargets: (change: (targets: AppriseTarget[]) => AppriseTarget[]) => Promise<void>;
  requestTimeoutMs: number;
}

const TAG = ['notifications'];

/** A send's outcome as the reference's `{status, message}`, or the error that says why it failed. */
function answerOf(r: SendResult): TestResponse {
  if (r.ok) return { status: 'success', message: r.message };
  if (r.missing) throw new UnavailableError(E.appriseMissing, r.message);
  throw new HttpError(502, E.sendFailed, `The test notification was not delivered: ${r.message}`);
}

export const notificationRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { notifier, store, worker } = deps;
  const testErrors = {
    ...errorResponses(400, 409, 502, 503),
  };

  // ---- Apprise (reference 1.3) ----
  app.post(
    '/api/notifications/test',
    {
      schema: {
        tags: TAG,
        summary: 'Send a test notification to every enabled Apprise target',
        description:
          'Answers `{status: "success"}` when Apprise delivered it; 409 with no enabled target, 502 when Apprise reported a failure (its message, URLs masked), 503 when the apprise command is not installed. Sent whether or not `notificationsEnabled` is on.',
        response: { 200: NotificationTestResponse, ...testErrors },
      },
    },
    async () => {
      const targets = deps.targets().filter((t) => t.enabled ?? true);
      if (targets.length === 0) throw new ConflictError(E.noTargets, 'No Apprise target is configured and enabled');
      return answerOf(await notifier.send(targets, testMessage(null)));
    },
  );

  app.post(
    '/api/notifications/test-single',
    {
      schema: {
        tags: TAG,
        summary: 'Send a test notification to one Apprise URL (saved or not)',
        body: NotificationTestSingleRequest,
        response: { 200: NotificationTestResponse, ...testErrors },
      },
    },
    async (request) => answerOf(await notifier.send([request.body], testMessage(null))),
  );

  app.get(
    '/api/notifications/targets',
    {
      schema: {
        tags: TAG,
        summary: 'The Apprise targets (URLs masked) and whether apprise is installed',
        response: { 200: AppriseTargetList },
      },
    },
    async () => ({
      notificationsEnabled: deps.notificationsEnabled(),
      apprise: await deps.apprise.status(),
      targets: deps.targets().map(viewOf),
    }),
  );

  const findTarget = (id: string): AppriseTarget => {
    const t = deps.targets().find((x) => targetId(x.url) === id);
    if (!t) throw new NotFoundError(E.targetNotFound, 'No Apprise target has this id');
    return t;
  };

  app.post(
    '/api/notifications/targets',
    {
      schema: {
        tags: TAG,
        summary: 'Add an Apprise target (saved in `appriseUrls`)',
        body: NewAppriseTarget,
        response: { 200: AppriseTargetView, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const { url, name, richFormatting, enabled } = request.body;
      const target: AppriseTarget = {
        url,
        ...(name?.trim() ? { name: name.trim() } : {}),
        richFormatting: richFormatting ?? true,
        enabled: enabled ?? true,
      };
      await deps.saveTargets((list) => {
        if (list.some((t) => t.url === url))
          throw new ConflictError(E.targetExists, 'This Apprise URL is a target already');
        if (list.length >= APPRISE_TARGETS_MAX)
          throw new ConflictError(E.limitReached, `At most ${APPRISE_TARGETS_MAX} Apprise targets`);
        return [...list, target];
      });
      return viewOf(target);
    },
  );

  app.patch(
    '/api/notifications/targets/:targetId',
    {
      schema: {
        tags: TAG,
        summary: 'Change an Apprise target: its name, formatting, on/off, or its URL',
        params: TargetIdParams,
        body: AppriseTargetPatch,
        response: { 200: AppriseTargetView, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.targetId;
      let changed: AppriseTarget | null = null;
      await deps.saveTargets((list) => {
        const i = list.findIndex((t) => targetId(t.url) === id);
        if (i < 0) throw new NotFoundError(E.targetNotFound, 'No Apprise target has this id');
        const { name, ...rest } = request.body;
        const next: AppriseTarget = { ...list[i]!, ...rest, ...(name !== undefined ? { name: name.trim() } : {}) };
        if (rest.url && rest.url !== list[i]!.url && list.some((t) => t.url === rest.url))
          throw new ConflictError(E.targetExists, 'This Apprise URL is a target already');
        changed = next;
        return list.map((t, j) => (j === i ? next : t));
      });
      return viewOf(changed!);
    },
  );

  app.delete(
    '/api/notifications/targets/:targetId',
    {
      schema: {
        tags: TAG,
        summary: 'Remove an Apprise target',
        params: TargetIdParams,
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await deps.saveTargets((list) => {
        const next = list.filter((t) => targetId(t.url) !== request.params.targetId);
        if (next.length === list.length) throw new NotFoundError(E.targetNotFound, 'No Apprise target has this id');
        return next;
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/targets/:targetId/test',
    {
      schema: {
        tags: TAG,
        summary: 'Send a test notification to one saved Apprise target',
        params: TargetIdParams,
        response: { 200: NotificationTestResponse, ...errorResponses(404, 502, 503) },
      },
    },
    async (request) => answerOf(await notifier.send([findTarget(request.params.targetId)], testMessage(null))),
  );

  // ---- Webhooks ----
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
