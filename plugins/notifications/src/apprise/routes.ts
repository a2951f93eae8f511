/** The Apprise routes: test notifications, and adding, changing and removing Apprise targets. */
import {
  APPRISE_TARGETS_MAX,
  AppriseTargetList,
  AppriseTargetPatch,
  AppriseTargetView,
  NewAppriseTarget,
  NotificationErrorCodes as E,
  NotificationTestResponse,
  NotificationTestSingleRequest,
  TargetIdParams,
  type AppriseTarget,
  type NotificationTestResponse as TestResponse,
} from '@vidkeep/contracts/notifications';
import {
  ConflictError,
  errorResponses,
  HttpError,
  NotFoundError,
  Type,
  UnavailableError,
  type FastifyPluginAsyncTypebox,
} from '@vidkeep/plugin-kit';
import type { SendResult } from './cli.js';
import { targetId, viewOf } from './targets.js';
import { testMessage } from '../messages.js';
import { TAG, type RouteDeps } from '../route-deps.js';

/** A send's outcome as the reference's `{status, message}`, or the error that says why it failed. */
function answerOf(r: SendResult): TestResponse {
  if (r.ok) return { status: 'success', message: r.message };
  if (r.missing) throw new UnavailableError(E.appriseMissing, r.message);
  throw new HttpError(502, E.sendFailed, `The test notification was not delivered: ${r.message}`);
}

/** Apprise (reference 1.3): test sends, and the targets kept in `appriseUrls`. */
export const appriseRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  const { notifier } = deps;
  const testErrors = {
    ...errorResponses(400, 409, 502, 503),
  };

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
};
