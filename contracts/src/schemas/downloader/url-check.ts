/** Checking a video URL before downloading it: what it is and whether the library has it. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, queueActivity } from '../common.js';
import { LocalVideoStatus } from './search.js';

export const CheckVideoUrlRequest = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false },
);
export const CheckedVideo = Type.Object({
  sourceId: Type.String(),
  url: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  videoTitle: Type.String(),
  duration: Nullable(Type.Integer()),
  thumbnailUrl: Nullable(Type.String()),
  publishedAt: Nullable(Type.Integer({ description: 'Unix seconds' })),
  availability: Nullable(Type.String()),
  media_type: Nullable(Type.String()),
});
export const CheckVideoUrlResponse = Type.Object({
  isValidUrl: Type.Boolean(),
  isAlreadyDownloaded: Type.Boolean(),
  isMembersOnly: Type.Boolean(),
  status: LocalVideoStatus,
  activity: queueActivity(),
  downloaded: Nullable(
    Type.Object({
      downloadedAt: DateTime,
      videoResolution: Nullable(Type.String()),
      removed: Type.Boolean(),
      missing: Type.Boolean(),
    }),
  ),
  metadata: Nullable(CheckedVideo),
  error: Nullable(Type.String({ description: 'Why the URL cannot be previewed, in plain words' })),
  errorCode: Nullable(
    Type.String({
      description:
        '`COOKIES_REQUIRED`, `NOT_A_VIDEO_URL`, `MEMBERS_ONLY`, `PRIVATE`, `UNAVAILABLE`, `TIMEOUT`, `FAILED`',
    }),
  ),
});
export type CheckVideoUrlResponse = Static<typeof CheckVideoUrlResponse>;
