/** Content ratings of library videos, given to many videos at once. */
import { requires } from '../../config/annotations.js';
import { Type, type Static } from '../../typebox.js';
import { RatingInput } from '../common.js';
import { BULK_ID_KEYS, bulkIds, BulkFailure } from './bulk-selection.js';

export const VideoRatingRequest = Type.Object(
  {
    ...bulkIds,
    rating: RatingInput('The rating to give the videos; `NR` or null = not rated'),
  },
  { additionalProperties: false, ...requires(BULK_ID_KEYS, false) },
);
export type VideoRatingRequest = Static<typeof VideoRatingRequest>;

export const VideoRatingResponse = Type.Object({
  success: Type.Array(Type.String(), { description: 'Source ids whose rating was saved' }),
  warnings: Type.Array(Type.Object({ sourceId: Type.String(), warning: Type.String() }), {
    description: 'Saved, but a file could not carry it (an audio-only mp3, a missing file, a failed rewrite)',
  }),
  failed: Type.Array(BulkFailure),
});
export type VideoRatingResponse = Static<typeof VideoRatingResponse>;
