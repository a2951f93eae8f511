/** Deleting many library videos in one request. */
import { requires } from '../../config/annotations.js';
import { Type, type Static } from '../../typebox.js';
import { BULK_ID_KEYS, bulkIds, BulkFailure } from './bulk-selection.js';

export const BulkDeleteRequest = Type.Object(bulkIds, {
  additionalProperties: false,
  ...requires(BULK_ID_KEYS, false),
});
export type BulkDeleteRequest = Static<typeof BulkDeleteRequest>;
export const BulkDeleteResponse = Type.Object({
  success: Type.Boolean({ description: 'True when nothing failed' }),
  deleted: Type.Array(Type.String(), { description: 'Source ids whose files were deleted' }),
  failed: Type.Array(BulkFailure),
});
export type BulkDeleteResponse = Static<typeof BulkDeleteResponse>;
