/** Ignoring channel videos, so automatic downloads leave them out. */
import { Type } from '../../typebox.js';
import { SourceId } from '../downloader/videos.js';

export const BulkIgnoreRequest = Type.Object(
  { sourceIds: Type.Array(SourceId, { minItems: 1, maxItems: 5000 }) },
  { additionalProperties: false },
);
export const IgnoreResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export const BulkIgnoreResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  results: Type.Array(
    Type.Object({ sourceId: Type.String(), success: Type.Boolean(), reason: Type.Optional(Type.String()) }),
  ),
});
