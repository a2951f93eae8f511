import { Type, type Static } from '../typebox.js';
import { ChannelId } from './channels/channel.js';
import { ChannelAddSettings } from './channels/subscriptions.js';
import { DateTime, Nullable, pathParams } from './common.js';

/**
 * Importing channel subscriptions in bulk: a preview from the platform's account export (the
 * subscriptions CSV of a takeout) or from a signed-in browser's cookies (the platform's own
 * subscriptions feed, read by yt-dlp), then a background import with progress, cancel and a
 * result per channel.
 */

/** Largest file a preview accepts (5 MB). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Most channels one import takes. */
export const IMPORT_MAX_CHANNELS = 5000;

export const ImportSource = Type.Union([Type.Literal('takeout'), Type.Literal('cookies'), Type.Literal('manual')], {
  description:
    '`takeout`: the CSV of the account export; `cookies`: the subscriptions feed; `manual`: a list sent by a client',
});
export type ImportSource = Static<typeof ImportSource>;

export const ImportPreviewChannel = Type.Object({
  channelId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  alreadySubscribed: Type.Boolean({ description: 'An active subscription: the import skips it' }),
  previouslySubscribed: Type.Boolean({
    description:
      'vidkeep knows the channel but it is not subscribed (removed earlier): the import restores it with its old settings',
  }),
});
export type ImportPreviewChannel = Static<typeof ImportPreviewChannel>;

export const ImportProblem = Type.Object({
  line: Nullable(Type.Integer({ minimum: 1, description: '1-based line of the file' })),
  message: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblem>;

export const ImportPreview = Type.Object({
  source: ImportSource,
  totalFound: Type.Integer({ minimum: 0 }),
  alreadySubscribedCount: Type.Integer({ minimum: 0 }),
  channels: Type.Array(ImportPreviewChannel, { description: 'Sorted by title' }),
  problems: Type.Array(ImportProblem, { description: 'Rows that were left out, with why; never fatal' }),
});
export type ImportPreview = Static<typeof ImportPreview>;

export const StartImportRequest = Type.Object(
  {
    channels: Type.Array(
      Type.Object(
        {
          channelId: ChannelId,
          url: Type.Optional(Type.String({ maxLength: 2048 })),
          title: Type.Optional(Type.String({ maxLength: 300 })),
          settings: Type.Optional(ChannelAddSettings),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: IMPORT_MAX_CHANNELS },
    ),
    settings: Type.Optional(ChannelAddSettings),
    source: Type.Optional(ImportSource),
  },
  { additionalProperties: false },
);
export type StartImportRequest = Static<typeof StartImportRequest>;

export const StartImportResponse = Type.Object({ jobId: Type.String(), total: Type.Integer() });

export const IMPORT_RESULT_STATES = ['pending', 'success', 'skipped', 'error'] as const;
export const ImportResultState = Type.Enum(IMPORT_RESULT_STATES);
export type ImportResultState = Static<typeof ImportResultState>;

export const ImportResult = Type.Object({
  channelId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  state: ImportResultState,
  restored: Type.Boolean({ description: 'A channel removed earlier, subscribed again with its old settings' }),
  reason: Nullable(Type.String({ description: 'Why it was skipped or failed' })),
});
export type ImportResult = Static<typeof ImportResult>;

export const IMPORT_STATUSES = ['running', 'completed', 'completed_with_errors', 'cancelled', 'interrupted'] as const;
export const ImportStatus = Type.Enum(IMPORT_STATUSES);
export type ImportStatus = Static<typeof ImportStatus>;

export const ImportSummary = Type.Object({
  jobId: Type.String(),
  source: ImportSource,
  status: ImportStatus,
  total: Type.Integer(),
  done: Type.Integer(),
  successes: Type.Integer(),
  errors: Type.Integer(),
  skipped: Type.Integer(),
  cancelRequested: Type.Boolean(),
  startedAt: DateTime,
  finishedAt: Nullable(DateTime),
});
export type ImportSummary = Static<typeof ImportSummary>;

export const ImportDetail = Type.Intersect([ImportSummary, Type.Object({ results: Type.Array(ImportResult) })]);
export type ImportDetail = Static<typeof ImportDetail>;

export const ImportList = Type.Object({
  imports: Type.Array(ImportSummary, { description: 'The last 10, newest first' }),
});
export type ImportList = Static<typeof ImportList>;

export const ImportJobParams = pathParams({
  jobId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }),
});

export const CancelImportResponse = Type.Object({ status: Type.Literal('Cancelling') });
