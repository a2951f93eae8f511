import { Type, type Static, type TSchema } from '../typebox.js';
import { APPRISE_URL_PATTERN } from '../config/notifications.js';
import { VideosDiscoveredPayload } from '../events/channels.js';
import {
  PlatformCoolingDownPayload,
  StoragePausedPayload,
  StorageResumedPayload,
  ToolUpdateCheckedPayload,
} from '../events/downloader.js';
import { MediaServerSyncFailedPayload } from '../events/playlists.js';
import { RetentionVideosRemovedPayload } from '../events/retention.js';
import { DateTime, Nullable, pagedList, pageQueryFields, pathParams } from './common.js';
import { FailureKind } from './downloader/failures.js';
import { JobStatus } from './downloader/jobs.js';

/**
 * What the notifications plugin tells about: each kind is one message (Apprise) or one webhook
 * delivery, whatever number of videos it covers.
 */
export const NOTIFICATION_KINDS = [
  'download.finished',
  'job.failed',
  'videos.discovered',
  'storage.paused',
  'storage.resumed',
  'platform.cooling_down',
  'ytdlp.updated',
  'ytdlp.update_failed',
  'mediaserver.sync_failed',
  'retention.removed',
] as const;
export const NotificationKind = Type.Enum(NOTIFICATION_KINDS);
export type NotificationKind = Static<typeof NotificationKind>;

/** `{status, message}` of the reference's test endpoints. */
export const NotificationTestResponse = Type.Object({
  status: Type.Union([Type.Literal('success'), Type.Literal('error')]),
  message: Type.String(),
});
export type NotificationTestResponse = Static<typeof NotificationTestResponse>;

const AppriseUrl = Type.String({ minLength: 4, maxLength: 2000, pattern: APPRISE_URL_PATTERN });
const TargetName = Type.String({ maxLength: 100 });

/** `POST /api/notifications/test-single` (reference 1.3). */
export const NotificationTestSingleRequest = Type.Object(
  {
    url: AppriseUrl,
    name: Type.Optional(TargetName),
    richFormatting: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type NotificationTestSingleRequest = Static<typeof NotificationTestSingleRequest>;

/** Whether the Apprise command can be used. */
export const AppriseStatus = Type.Object({
  available: Type.Boolean(),
  version: Nullable(Type.String()),
  /** Why it cannot be used, with what to do (null when available). */
  problem: Nullable(Type.String()),
});
export type AppriseStatus = Static<typeof AppriseStatus>;

/** One Apprise target as clients see it: never its URL, which may hold tokens. */
export const AppriseTargetView = Type.Object({
  /** Stable while the URL stays the same (a hash of it, which reveals nothing of the tokens). */
  id: Type.String(),
  name: Type.String(),
  /** The URL's scheme (`discord`, `tgram`, `mailto`, `json`, …). */
  service: Type.String(),
  /** The scheme and host with everything else masked (`discord://…`). */
  maskedUrl: Type.String(),
  richFormatting: Type.Boolean(),
  enabled: Type.Boolean(),
});
export type AppriseTargetView = Static<typeof AppriseTargetView>;

/** `GET /api/notifications/targets`. */
export const AppriseTargetList = Type.Object({
  notificationsEnabled: Type.Boolean(),
  apprise: AppriseStatus,
  targets: Type.Array(AppriseTargetView),
});
export type AppriseTargetList = Static<typeof AppriseTargetList>;

export const NewAppriseTarget = Type.Object(
  {
    url: AppriseUrl,
    name: Type.Optional(TargetName),
    richFormatting: Type.Optional(Type.Boolean({ default: true })),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type NewAppriseTarget = Static<typeof NewAppriseTarget>;

export const AppriseTargetPatch = Type.Object(
  {
    url: Type.Optional(AppriseUrl),
    name: Type.Optional(TargetName),
    richFormatting: Type.Optional(Type.Boolean()),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AppriseTargetPatch = Static<typeof AppriseTargetPatch>;

export const TargetIdParams = pathParams({ targetId: Type.String({ pattern: '^[a-f0-9]{12}$' }) });

export const WEBHOOKS_MAX = 50;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const DeliveryStatus = Type.Enum(DELIVERY_STATUSES);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

const WebhookUrl = Type.String({
  minLength: 8,
  maxLength: 2000,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$',
  description: 'http or https; local addresses are allowed (a home server)',
});
const WebhookEvents = Type.Array(NotificationKind, {
  minItems: 1,
  maxItems: NOTIFICATION_KINDS.length,
  uniqueItems: true,
});
const WebhookSecret = Type.String({
  minLength: 16,
  maxLength: 200,
  pattern: '^[\\x21-\\x7e]+$',
  description: 'Signs every delivery (HMAC-SHA256); printable ASCII without spaces; write-only',
});

export const WebhookLastDelivery = Type.Object({
  status: DeliveryStatus,
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  at: DateTime,
});

/** A webhook as clients see it: never its secret; the URL with credentials and query values masked. */
export const Webhook = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(NotificationKind),
  enabled: Type.Boolean(),
  secretSet: Type.Boolean(),
  createdAt: DateTime,
  /** The newest delivery's state (null before the first). */
  lastDelivery: Nullable(WebhookLastDelivery),
  /** Deliveries still waiting for an attempt or a retry. */
  pendingCount: Type.Integer(),
});
export type Webhook = Static<typeof Webhook>;

export const WebhookList = Type.Object({ webhooks: Type.Array(Webhook) });
export type WebhookList = Static<typeof WebhookList>;

export const NewWebhook = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    url: WebhookUrl,
    events: WebhookEvents,
    secret: WebhookSecret,
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type NewWebhook = Static<typeof NewWebhook>;

export const WebhookPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    url: Type.Optional(WebhookUrl),
    events: Type.Optional(WebhookEvents),
    secret: Type.Optional(WebhookSecret),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type WebhookPatch = Static<typeof WebhookPatch>;

/** One delivery of the delivery log (the body is not repeated here). */
export const WebhookDelivery = Type.Object({
  id: Type.String({ description: 'The delivery id, also sent as `X-Vidkeep-Delivery` and `id` of the body' }),
  webhookId: Type.Integer(),
  event: Type.Union([NotificationKind, Type.Literal('test')]),
  title: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: DateTime,
  lastAttemptAt: Nullable(DateTime),
  nextAttemptAt: Nullable(DateTime),
  deliveredAt: Nullable(DateTime),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryList = pagedList('deliveries', WebhookDelivery);
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;
export const WebhookDeliveryQuery = Type.Object(pageQueryFields(), { additionalProperties: false });

// ---- The webhook body: what a receiver gets, one kind of `data` per event. ----

const JobVideo = Type.Object({ sourceId: Type.String(), title: Nullable(Type.String()) });
const JobFailure = Type.Object({
  sourceId: Type.String(),
  title: Nullable(Type.String()),
  kind: FailureKind,
  cause: Type.String(),
  fix: Type.String(),
});

/** `download.finished` and `job.failed`: one download job, its downloaded videos and its failures. */
export const JobNotificationData = Type.Object({
  jobId: Type.String(),
  jobType: Type.String(),
  label: Nullable(Type.String()),
  status: JobStatus,
  message: Nullable(Type.String()),
  downloaded: Type.Array(JobVideo),
  failures: Type.Array(JobFailure),
});
export type JobNotificationData = Static<typeof JobNotificationData>;

/** `mediaserver.sync_failed`: the failures of a few seconds, together. */
export const SyncFailuresData = Type.Object({ failures: Type.Array(MediaServerSyncFailedPayload) });
export type SyncFailuresData = Static<typeof SyncFailuresData>;

export const WEBHOOK_BODY_VERSION = 1;

const body = <K extends string, D extends TSchema>(event: K, data: D) =>
  Type.Object({
    version: Type.Literal(WEBHOOK_BODY_VERSION),
    /** The delivery id (also the `X-Vidkeep-Delivery` header): the same on every retry, so a receiver can drop repeats. */
    id: Type.String(),
    event: Type.Literal(event),
    occurredAt: DateTime,
    /** One line, as the Apprise message's title. */
    title: Type.String(),
    /** Plain text, as the Apprise message's body. */
    message: Type.String(),
    data,
  });

/**
 * The JSON body of a webhook delivery. Headers: `X-Vidkeep-Event` (the event), `X-Vidkeep-Delivery`
 * (the id), `X-Vidkeep-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the
 * webhook's secret>` (docs/notifications.md shows how to check it).
 */
export const WebhookBody = Type.Union([
  body('download.finished', JobNotificationData),
  body('job.failed', JobNotificationData),
  body('videos.discovered', VideosDiscoveredPayload),
  body('storage.paused', StoragePausedPayload),
  body('storage.resumed', StorageResumedPayload),
  body('platform.cooling_down', PlatformCoolingDownPayload),
  body('ytdlp.updated', ToolUpdateCheckedPayload),
  body('ytdlp.update_failed', ToolUpdateCheckedPayload),
  body('mediaserver.sync_failed', SyncFailuresData),
  body('retention.removed', RetentionVideosRemovedPayload),
  body('test', Type.Object({ webhookId: Type.Integer() })),
]);
export type WebhookBody = Static<typeof WebhookBody>;
export type WebhookEvent = WebhookBody['event'];
