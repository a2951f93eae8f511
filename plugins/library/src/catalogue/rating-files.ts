import { stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { LibraryRecord } from '@vidkeep/contracts';
import { isInside, MANUAL_OVERRIDE, ratingTarget, rewriteNfoRating, writeMp4Rating } from '@vidkeep/library-files';
import type { LibraryDeps } from './library-deps.js';

/**
 * Writes a manual rating into a video's files: the MP4's iTunes tags and the NFO beside it. What
 * could not be done comes back in words; the rating saved in the library stands either way.
 */
export async function writeRatingToFiles(
  row: LibraryRecord,
  rating: string | null,
  deps: Pick<LibraryDeps, 'outputDir' | 'warn'>,
): Promise<string[]> {
  const { outputDir } = deps;
  if (row.removed) return ['Its files were deleted: the rating is kept in the library only'];
  const media = row.filePath;
  if (!media) {
    return ['Audio-only downloads (mp3) carry no content rating: it is kept in the library only'];
  }
  if (!isInside(outputDir, media)) return ['The file is outside the output directory: it was not changed'];
  const present = await stat(media).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!present) return ['The file is no longer on disk: the rating is kept in the library only'];
  const warnings: string[] = [];
  const decided = { rating, source: MANUAL_OVERRIDE };
  if (ratingTarget(media) === 'mp4') {
    await writeMp4Rating(media, rating).catch((err: unknown) => {
      warnings.push(`The rating was not written into the file: ${(err as Error).message}`);
      deps.warn?.('Writing a content rating into a file failed', { sourceId: row.sourceId, err });
    });
  } else {
    warnings.push(`${extname(media) || 'This'} files carry no content rating here: only the NFO has it`);
  }
  const nfo = join(dirname(media), `${basename(media, extname(media))}.nfo`);
  if (
    await stat(nfo).then(
      () => true,
      () => false,
    )
  ) {
    await rewriteNfoRating(nfo, decided).catch((err: unknown) => {
      warnings.push(`The NFO was not updated: ${(err as Error).message}`);
    });
  }
  return warnings;
}
