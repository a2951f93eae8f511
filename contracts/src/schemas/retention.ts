import { Type, type Static } from '../typebox.js';
import { RetentionConfigSection } from '../config/retention.js';
import { WATCHED_RULES, WatchedRule } from '../config/watch-status.js';
import { DateTime, Nullable } from './common.js';

/**
 * Automatic removal (reference 7.1 and 7.2): the result of a run or a dry run, the preview
 * request with unsaved settings, and the per-video protection flag.
 */
export const AutoRemovalSampleVideo = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  channelName: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer()),
  downloadedAt: DateTime,
  lastWatchedAt: Nullable(DateTime),
});
export type AutoRemovalSampleVideo = Static<typeof AutoRemovalSampleVideo>;

const strategyFields = () => ({
  enabled: Type.Boolean(),
  candidateCount: Type.Integer(),
  estimatedFreedBytes: Type.Integer(),
  deletedCount: Type.Integer(),
  failedCount: Type.Integer(),
  sampleVideos: Type.Array(AutoRemovalSampleVideo, { maxItems: 10 }),
  skipped: Nullable(Type.String({ description: 'Why the strategy did not run, in plain words' })),
});

export const AutoRemovalPlan = Type.Object({
  keepRecent: Type.Object({
    count: Type.Integer({ description: '`autoRemovalKeepRecentCount`' }),
    protectedCount: Type.Integer({ description: 'Videos kept by the global and per-channel keep-recent counts' }),
  }),
  ageStrategy: Type.Object({ ...strategyFields(), thresholdDays: Nullable(Type.Integer()) }),
  watchedStrategy: Type.Object({
    ...strategyFields(),
    rule: WatchedRule,
    minDaysSinceWatched: Nullable(Type.Integer()),
    minVideoAgeDays: Nullable(Type.Integer()),
  }),
  spaceStrategy: Type.Object({
    ...strategyFields(),
    threshold: Nullable(Type.String()),
    thresholdBytes: Nullable(Type.Integer()),
    storageStatus: Nullable(Type.Object({ totalBytes: Type.Integer(), freeBytes: Type.Integer() })),
    needsCleanup: Type.Boolean(),
    iterations: Type.Integer(),
  }),
});
export type AutoRemovalPlan = Static<typeof AutoRemovalPlan>;

export const AutoRemovalResult = Type.Object({
  success: Type.Boolean(),
  dryRun: Type.Boolean(),
  deletedByAge: Type.Integer(),
  deletedByWatched: Type.Integer(),
  deletedBySpace: Type.Integer(),
  totalDeleted: Type.Integer(),
  freedBytes: Type.Integer(),
  errors: Type.Array(Type.String()),
  plan: AutoRemovalPlan,
  simulationTotals: Type.Optional(
    Type.Object({
      byAge: Type.Integer(),
      byWatched: Type.Integer(),
      bySpace: Type.Integer(),
      total: Type.Integer(),
      estimatedFreedBytes: Type.Integer(),
    }),
  ),
});
export type AutoRemovalResult = Static<typeof AutoRemovalResult>;

/**
 * `POST /api/auto-removal/dry-run`: any retention key, and `watchStatusWatchedRule`, unsaved,
 * override the saved values.
 */
/**
 * The config keys without their defaults: the body validator fills in defaults, which turned every
 * key a preview left out into its default instead of the saved value (a saved keep-recent count
 * became 0 in the preview only, so the preview listed what the run then kept: issue 31).
 */
const retentionKeysWithoutDefaults = Object.fromEntries(
  Object.entries(RetentionConfigSection.properties).map(([key, schema]) => {
    const { default: _default, ...rest } = schema as typeof schema & { default?: unknown };
    return [key, rest as typeof schema];
  }),
) as typeof RetentionConfigSection.properties;

export const AutoRemovalDryRunRequest = Type.Partial(
  Type.Object({
    ...retentionKeysWithoutDefaults,
    // Without the config key's default: an absent rule must stay absent (the saved one applies).
    watchStatusWatchedRule: Type.Enum(WATCHED_RULES, {
      description: 'An unsaved watchStatusWatchedRule to preview with',
    }),
  }),
  { additionalProperties: false },
);
export type AutoRemovalDryRunRequest = Static<typeof AutoRemovalDryRunRequest>;

export const AutoRemovalRun = Type.Object({
  trigger: Type.Union([Type.Literal('scheduled'), Type.Literal('manual')]),
  startedAt: DateTime,
  finishedAt: Nullable(DateTime),
  result: Nullable(AutoRemovalResult),
  error: Nullable(Type.String()),
});
export type AutoRemovalRun = Static<typeof AutoRemovalRun>;

/** `GET /api/auto-removal/status`. */
export const AutoRemovalStatus = Type.Object({
  enabled: Type.Boolean(),
  running: Type.Boolean(),
  lastRun: Nullable(AutoRemovalRun),
});
export type AutoRemovalStatus = Static<typeof AutoRemovalStatus>;

/** `PATCH /api/videos/:sourceId/protected` (reference 1.5). */
export const VideoProtectedRequest = Type.Object({ protected: Type.Boolean() }, { additionalProperties: false });
export const VideoProtectedResponse = Type.Object({ sourceId: Type.String(), protected: Type.Boolean() });
export type VideoProtectedResponse = Static<typeof VideoProtectedResponse>;
