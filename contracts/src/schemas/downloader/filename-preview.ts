/** `POST /api/config/filename-preview` (reference 1.3): the names a file-name prefix gives. */
import { FILENAME_PREFIX_MAX, FILENAME_PREFIX_PATTERN } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';

/** `POST /api/config/filename-preview` (reference 1.3). */
export const FilenamePreviewRequest = Type.Object(
  {
    prefix: Type.String({
      minLength: 1,
      maxLength: FILENAME_PREFIX_MAX,
      pattern: FILENAME_PREFIX_PATTERN,
      description: 'A `videoFilenamePrefix` to try (yt-dlp output template)',
    }),
  },
  { additionalProperties: false },
);
export const FilenamePreview = Type.Object({
  fileLine: Type.String({ description: 'The file name a sample video would get: `<prefix> [<id>].mp4`' }),
  folderLine: Type.String({ description: 'Its video folder: `<prefix> - <id>`' }),
  fileLineLength: Type.Integer({ description: 'UTF-8 bytes of `fileLine` (most file systems allow 255 per name)' }),
  folderLineLength: Type.Integer({ description: 'UTF-8 bytes of `folderLine`' }),
});
export type FilenamePreview = Static<typeof FilenamePreview>;
