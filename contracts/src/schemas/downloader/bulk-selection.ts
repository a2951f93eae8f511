/** Bulk requests on library videos: how they name their videos, and how one video fails. */
import { Type, type Static } from '../../typebox.js';
import { Nullable } from '../common.js';
import { SourceId } from './videos.js';

/** Videos one bulk request may change. */
export const BULK_VIDEOS_MAX = 500;

/** A bulk request names its videos by one of these (both may come; `sourceIds` wins). */
export const BULK_ID_KEYS = [['videoIds'], ['sourceIds']];

/** Which videos a bulk request names: library ids (`videoIds`) or platform ids (`sourceIds`, preferred when both). */
export const bulkIds = {
  videoIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: BULK_VIDEOS_MAX,
      description: 'Library ids (`id`)',
    }),
  ),
  sourceIds: Type.Optional(
    Type.Array(SourceId, { minItems: 1, maxItems: BULK_VIDEOS_MAX, description: 'Platform ids; win over `videoIds`' }),
  ),
};

/** One video a bulk request could not handle. */
export const BulkFailure = Type.Object({
  sourceId: Nullable(Type.String()),
  videoId: Nullable(Type.Integer()),
  error: Type.String(),
  code: Type.String(),
});
export type BulkFailure = Static<typeof BulkFailure>;
