/** Searching the platform for videos, each marked with its state in the library. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, queueActivity, SEARCH_COUNTS, searchRequest } from '../common.js';

export const VIDEO_SEARCH_COUNTS = SEARCH_COUNTS;
export const VideoSearchRequest = searchRequest();
export type VideoSearchRequest = Static<typeof VideoSearchRequest>;

export const LocalVideoStatus = Type.Union(
  [Type.Literal('never_downloaded'), Type.Literal('downloaded'), Type.Literal('missing')],
  { description: '`missing`: downloaded once, but deleted since or its file is gone from disk' },
);

export const VideoSearchResult = Type.Object({
  sourceId: Type.String(),
  title: Type.String(),
  url: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  thumbnailUrl: Nullable(Type.String()),
  publishedAt: Nullable(DateTime),
  viewCount: Nullable(Type.Integer()),
  status: LocalVideoStatus,
  activity: queueActivity(),
  databaseId: Nullable(Type.Integer()),
  filePath: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer()),
  audioFilePath: Nullable(Type.String()),
  audioFileSize: Nullable(Type.Integer()),
  addedAt: Nullable(DateTime),
  isProtected: Nullable(Type.Boolean()),
  normalizedRating: Nullable(Type.String()),
  ratingSource: Nullable(Type.String()),
  videoResolution: Nullable(Type.String()),
});
export type VideoSearchResult = Static<typeof VideoSearchResult>;
export const VideoSearchResponse = Type.Object({ results: Type.Array(VideoSearchResult) });
export type VideoSearchResponse = Static<typeof VideoSearchResponse>;
