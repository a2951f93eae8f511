import { Type, type Static } from '../typebox.js';
import { WatchedRule } from '../config/watch-status.js';
import { DateTime, Nullable } from './common.js';

/**
 * Watch status over HTTP (reference 1.7 and 1.11 with vidkeep's names). A video no server
 * reported on is `unknown`: never counted as unwatched.
 */
export const WATCHED_STATES = ['any', 'watched', 'unwatched', 'unknown'] as const;
export const WatchedState = Type.Enum(WATCHED_STATES, {
  default: 'any',
  description:
    '`watched`: watched under `watchStatusWatchedRule`; `unwatched`: a media server knows the video and nobody (under the rule) watched it; `unknown`: no server reported on it; `any`: no filter',
});
export type WatchedState = Static<typeof WatchedState>;

/** The fields every list row that shows watched state carries. */
export const watchFields = () => ({
  watched: Nullable(
    Type.Boolean({ description: 'Under `watchStatusWatchedRule`; null = unknown (no server reported on it)' }),
  ),
  watched_by: Type.Array(Type.String(), { description: 'Users who watched it, as `<user> (<server>)`' }),
});

export const WatchStatusServerOutcome = Type.Union([
  Type.Object({
    updated: Type.Integer({
      description:
        'Videos whose watched state (played or not) changed for at least one account of this server, each counted once',
    }),
    users: Type.Integer({ description: 'Accounts synced' }),
    requests: Type.Integer({ description: 'Requests made to the server' }),
  }),
  Type.Object({ error: Type.String({ description: 'Why this server could not be synced, in plain words' }) }),
]);
export type WatchStatusServerOutcome = Static<typeof WatchStatusServerOutcome>;

export const WatchSyncTrigger = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('manual'),
  Type.Literal('startup'),
]);
export type WatchSyncTrigger = Static<typeof WatchSyncTrigger>;

export const WatchStatusRun = Type.Object({
  trigger: WatchSyncTrigger,
  startedAt: DateTime,
  completedAt: Nullable(DateTime),
  servers: Type.Record(Type.String(), WatchStatusServerOutcome, { description: 'Keyed by server kind' }),
  skipped: Type.Optional(Type.String({ description: 'Why the run did nothing (no server configured, ...)' })),
  error: Type.Optional(Type.String()),
});
export type WatchStatusRun = Static<typeof WatchStatusRun>;

export const WatchStatusOverview = Type.Object({
  running: Type.Boolean(),
  enabled: Type.Boolean({ description: '`watchStatusSyncEnabled`' }),
  rule: WatchedRule,
  lastRun: Nullable(WatchStatusRun),
});
export type WatchStatusOverview = Static<typeof WatchStatusOverview>;

export const WatchSyncStarted = Type.Object({ started: Type.Literal(true) });

export const VideoWatchStatusEntry = Type.Object({
  server: Type.String({ description: 'Server kind: `plex`, `jellyfin`, `emby`' }),
  serverLabel: Type.String(),
  serverUserId: Type.String({ description: 'The Plex-type owner is `1`' }),
  userName: Type.String(),
  primary: Type.Boolean({ description: "The server's primary account" }),
  played: Type.Boolean(),
  playCount: Type.Integer(),
  positionMs: Type.Integer(),
  percentWatched: Nullable(Type.Number()),
  lastWatchedAt: Nullable(DateTime),
  lastSyncedAt: DateTime,
});
export type VideoWatchStatusEntry = Static<typeof VideoWatchStatusEntry>;

export const VideoWatchStatus = Type.Object({
  sourceId: Type.String(),
  ...watchFields(),
  statuses: Type.Array(VideoWatchStatusEntry),
});
export type VideoWatchStatus = Static<typeof VideoWatchStatus>;
