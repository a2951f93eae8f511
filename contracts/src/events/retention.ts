import { Type, type Static } from '../typebox.js';

/** An automatic-removal run (nightly or `POST /api/auto-removal/run`) removed videos, or tried and failed to. */
export const RetentionVideosRemovedPayload = Type.Object({
  trigger: Type.Union([Type.Literal('scheduled'), Type.Literal('manual')]),
  totalDeleted: Type.Integer(),
  deletedByAge: Type.Integer(),
  deletedByWatched: Type.Integer(),
  deletedBySpace: Type.Integer(),
  freedBytes: Type.Integer(),
  /** Up to 10 removed videos per strategy, as the run's plan lists them. */
  sampleTitles: Type.Array(Type.String(), { maxItems: 30 }),
  /** What could not be removed and why (at most 10). */
  errors: Type.Array(Type.String(), { maxItems: 10 }),
});
export type RetentionVideosRemovedPayload = Static<typeof RetentionVideosRemovedPayload>;

export const RetentionEvents = { videosRemoved: 'retention.videos.removed' } as const;
