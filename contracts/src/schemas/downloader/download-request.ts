/** `POST /api/videos/download` (spec 4.3): what a client sends to queue videos, and the answer. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { requires } from '../../config/annotations.js';
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, RatingInput } from '../common.js';

/** A session client may queue this many URLs in one request. */
export const DOWNLOAD_BATCH_MAX = 50;

/** Spec 4.3. */
export const DownloadRequest = Type.Object(
  {
    url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'Video URL of the platform (required unless `urls` is sent)',
      }),
    ),
    urls: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), {
        minItems: 1,
        maxItems: DOWNLOAD_BATCH_MAX,
        description: 'Several video URLs in one job (session only)',
      }),
    ),
    resolution: Type.Optional(Resolution),
    subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    skipVideoFolder: Type.Optional(Type.Boolean()),
    audioFormat: Type.Optional(Nullable(AudioFormat)),
    allowRedownload: Type.Optional(
      Type.Boolean({
        description:
          'Download videos that are already in the library again (default false: they are skipped and listed in `alreadyDownloaded`)',
      }),
    ),
    allowLowerResolution: Type.Optional(
      Type.Boolean({
        description:
          'Let a new download replace a library file of a higher resolution (default false: the better file is kept and the new one discarded)',
      }),
    ),
    rating: Type.Optional(
      RatingInput(
        'Content rating written into the files (NR for explicitly none); absent or null: the channel or playlist default, else the platform age limit',
      ),
    ),
  },
  // Exactly one of url and urls: checked by the handler, whose words the spec fixes (4.3).
  { additionalProperties: false, ...requires([['url'], ['urls']], true) },
);
export type DownloadRequest = Static<typeof DownloadRequest>;

export const VideoPreview = Type.Object({
  title: Type.String(),
  thumbnail: Type.String({ description: 'URL' }),
  duration: Type.Integer({ description: 'Seconds' }),
});

export const RejectedLine = Type.Object({
  line: Type.Integer({ minimum: 1, description: 'Position in `urls`, from 1' }),
  input: Type.String({ description: 'The line as sent (at most 200 characters)' }),
  reason: Type.String(),
});
export type RejectedLine = Static<typeof RejectedLine>;

export const AlreadyDownloaded = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  video_resolution: Nullable(Type.String()),
  downloadedAt: DateTime,
});
export type AlreadyDownloaded = Static<typeof AlreadyDownloaded>;

export const DownloadResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  video: VideoPreview,
  videos: Type.Array(Type.Intersect([Type.Object({ sourceId: Type.String() }), VideoPreview])),
  queued: Type.Integer(),
  acceptedIds: Type.Array(Type.String()),
  alreadyActiveIds: Type.Array(Type.String()),
  jobId: Nullable(Type.String()),
  rejected: Type.Array(RejectedLine, {
    description:
      'Lines of a session batch (`urls`) that are not single video URLs, each with the reason; the valid lines were queued',
  }),
  alreadyDownloaded: Type.Array(AlreadyDownloaded, {
    description: 'Videos skipped because they are in the library (send `allowRedownload` to download them again)',
  }),
});
export type DownloadResponse = Static<typeof DownloadResponse>;
