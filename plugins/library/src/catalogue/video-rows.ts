import { dayStart, type LibraryRecord, type Video, type VideoListQuery } from '@vidkeep/contracts';
import { readBool, readDate, readNumber, readText } from '@vidkeep/plugin-kit';
import { UNKNOWN_WATCH, type ListedWatch } from '@vidkeep/read-models';
import { videoUrl } from '@vidkeep/platform';

/*
 * The library's rows as the hot read paths see them: the columns read, a row as a record, a record
 * as the API's video, and the list's sort and filters (parameterised SQL, docs/library.md).
 */

export const SORT_COLUMNS: Record<VideoListQuery['sortBy'], string> = {
  downloadedAt: 'downloaded_at',
  title: 'title',
  channelName: 'channel_name',
  duration: 'duration',
  uploadDate: 'upload_date',
  fileSize: 'file_size',
};

export const COLUMNS = (
  'id, source_id, title, channel_name, channel_id, description, duration, upload_date, media_type, thumbnail_path, file_path, ' +
  'file_size, audio_file_path, audio_file_size, video_resolution, subfolder, removed, removed_at, downloaded_at, job_id, protected, missing_at, normalized_rating, rating_source'
)
  .split(', ')
  .map((c) => `v.${c}`)
  .join(', ');

/** A `library_videos` row read with raw SQL, as the entity. */
export function fromRow(r: Record<string, unknown>): LibraryRecord {
  return {
    id: Number(r.id),
    sourceId: String(r.source_id),
    title: String(r.title),
    channelName: readText(r.channel_name),
    channelId: readText(r.channel_id),
    description: readText(r.description),
    duration: readNumber(r.duration),
    uploadDate: readText(r.upload_date),
    mediaType: String(r.media_type),
    thumbnailPath: readText(r.thumbnail_path),
    filePath: readText(r.file_path),
    fileSize: readNumber(r.file_size),
    audioFilePath: readText(r.audio_file_path),
    audioFileSize: readNumber(r.audio_file_size),
    videoResolution: readText(r.video_resolution),
    subfolder: readText(r.subfolder),
    removed: readBool(r.removed),
    removedAt: readDate(r.removed_at),
    downloadedAt: readDate(r.downloaded_at) ?? new Date(0),
    jobId: readText(r.job_id),
    protected: readBool(r.protected),
    missingAt: readDate(r.missing_at),
    normalizedRating: readText(r.normalized_rating),
    ratingSource: readText(r.rating_source),
  };
}

/** A library row with its watched state (unknown where no media server reported on it). */
export function toVideo(v: LibraryRecord, watch: ListedWatch = UNKNOWN_WATCH): Video {
  return {
    id: v.id,
    sourceId: v.sourceId,
    title: v.title,
    channelName: v.channelName,
    channelId: v.channelId,
    description: v.description,
    duration: v.duration,
    uploadDate: v.uploadDate,
    mediaType: v.mediaType,
    sourceUrl: videoUrl(v.sourceId),
    thumbnailUrl: v.thumbnailPath ? `/api/videos/${v.sourceId}/thumbnail` : null,
    filePath: v.filePath,
    fileSize: v.fileSize === null ? null : Number(v.fileSize),
    audioFilePath: v.audioFilePath,
    audioFileSize: v.audioFileSize === null ? null : Number(v.audioFileSize),
    video_resolution: v.videoResolution,
    subfolder: v.subfolder,
    removed: v.removed,
    downloadedAt: v.downloadedAt.toISOString(),
    jobId: v.jobId,
    protected: v.protected,
    missingAt: v.missingAt?.toISOString() ?? null,
    normalized_rating: v.normalizedRating,
    rating_source: v.ratingSource,
    watched: watch.watched,
    watched_by: [...watch.watched_by],
  };
}

/** The size a size filter compares: the video file's, else the audio file's (audio-only downloads). */
export const SIZE = 'coalesce(v.file_size, v.audio_file_size)';

/**
 * The conditions of the library filters (reference 1.5), on columns of `library_videos v`:
 * tri-state protected and missing, download-day range (inclusive, UTC), duration and size ranges.
 * A video of unknown duration or size never matches a bound on it.
 */
export function libraryFilters(
  q: Pick<
    VideoListQuery,
    | 'protectedFilter'
    | 'missingFilter'
    | 'downloadedFrom'
    | 'downloadedTo'
    | 'minDuration'
    | 'maxDuration'
    | 'minSize'
    | 'maxSize'
  >,
  date: (d: Date) => unknown = (d) => d,
): { sql: string; params: unknown[] }[] {
  const out: { sql: string; params: unknown[] }[] = [];
  if (q.protectedFilter === 'only' || q.protectedFilter === 'exclude')
    out.push({ sql: 'v.protected = ?', params: [q.protectedFilter === 'only'] });
  // A range (not `is not null`) so that SQLite takes the (removed, missing_at, downloaded_at) index
  // and sorts the few missing rows, instead of walking every row in download order to find them.
  if (q.missingFilter === 'only') out.push({ sql: 'v.missing_at >= ?', params: [date(new Date(0))] });
  else if (q.missingFilter === 'exclude') out.push({ sql: 'v.missing_at is null', params: [] });
  if (q.downloadedFrom) out.push({ sql: 'v.downloaded_at >= ?', params: [date(dayStart(q.downloadedFrom))] });
  if (q.downloadedTo) out.push({ sql: 'v.downloaded_at < ?', params: [date(dayStart(q.downloadedTo, true))] });
  if (q.minDuration !== undefined) out.push({ sql: 'v.duration >= ?', params: [q.minDuration] });
  if (q.maxDuration !== undefined) out.push({ sql: 'v.duration <= ?', params: [q.maxDuration] });
  if (q.minSize !== undefined) out.push({ sql: `${SIZE} >= ?`, params: [q.minSize] });
  if (q.maxSize !== undefined) out.push({ sql: `${SIZE} <= ?`, params: [q.maxSize] });
  return out;
}

/** A page row of the library: the record and its watched state. */
export interface ListedVideo {
  video: LibraryRecord;
  watch: ListedWatch;
}
