/** Downloaded videos: the record, the library listing, files and thumbnails, delete, local status. */
import { Type, type Static } from '../../typebox.js';
import {
  DateTime,
  Day,
  Nullable,
  pagedList,
  pageQueryFields,
  pathParams,
  platformId,
  queueActivity,
  TriStateFilter,
} from '../common.js';
import { WatchedState, watchFields } from '../watch-status.js';

/** Spec 8: `POST /api/videos/local-status` takes up to 500 ids. */
export const LOCAL_STATUS_MAX_IDS = 500;

/** A platform video id (11 characters on the platform; the pattern allows a little slack). */
export const SourceId = platformId();

export const Video = Type.Object({
  id: Type.Integer(),
  sourceId: Type.String(),
  title: Type.String(),
  channelName: Nullable(Type.String()),
  channelId: Nullable(Type.String()),
  description: Nullable(Type.String()),
  duration: Nullable(Type.Integer()),
  uploadDate: Nullable(Type.String({ description: 'YYYYMMDD' })),
  mediaType: Type.String(),
  sourceUrl: Type.String(),
  thumbnailUrl: Nullable(Type.String({ description: 'Local thumbnail, served by this service' })),
  filePath: Nullable(Type.String()),
  fileSize: Nullable(Type.Integer()),
  audioFilePath: Nullable(Type.String()),
  audioFileSize: Nullable(Type.Integer()),
  video_resolution: Nullable(
    Type.String({
      maxLength: 20,
      description: '`WIDTHxHEIGHT`; `0x0` = probe failed; null = audio only or not checked',
    }),
  ),
  subfolder: Nullable(Type.String()),
  removed: Type.Boolean(),
  downloadedAt: DateTime,
  jobId: Nullable(Type.String()),
  protected: Type.Boolean({ description: 'Never removed automatically (retention); a manual delete still works' }),
  missingAt: Nullable(DateTime, {
    description: 'When the file was found gone from disk (deleted or moved by hand); null while it is there',
  }),
  normalized_rating: Nullable(
    Type.String({ description: 'Content rating (G … NC-17, TV-Y … TV-MA); null = not rated (NR)' }),
  ),
  rating_source: Nullable(
    Type.String({
      description:
        '`Manual Override`, `Channel Default`, `Playlist Default`, `yt-dlp:age_limit=<n>`; null = never decided (downloaded before ratings existed)',
    }),
  ),
  ...watchFields(),
});
export type Video = Static<typeof Video>;

export const VIDEO_SORT_FIELDS = [
  'downloadedAt',
  'title',
  'channelName',
  'duration',
  'uploadDate',
  'fileSize',
] as const;
export const VideoListQuery = Type.Object(
  {
    ...pageQueryFields(),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    sortBy: Type.Enum(VIDEO_SORT_FIELDS, { default: 'downloadedAt' }),
    sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
    channelId: Type.Optional(Type.String({ maxLength: 64 })),
    includeRemoved: Type.Boolean({ default: false }),
    watchedState: WatchedState,
    protectedFilter: TriStateFilter,
    missingFilter: Type.Union([Type.Literal('off'), Type.Literal('only'), Type.Literal('exclude')], {
      default: 'off',
      description: '`only`: recorded as downloaded but the file was found gone from disk (`missingAt` set)',
    }),
    downloadedFrom: Type.Optional(Day),
    downloadedTo: Type.Optional(Day),
    minDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Seconds' })),
    maxDuration: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Seconds' })),
    minSize: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Bytes of the video file (the audio file when there is none)' }),
    ),
    maxSize: Type.Optional(Type.Integer({ minimum: 0, description: 'Bytes, as `minSize`' })),
  },
  { additionalProperties: false },
);
export type VideoListQuery = Static<typeof VideoListQuery>;

export const VideoList = pagedList('videos', Video);
export type VideoList = Static<typeof VideoList>;

export const SourceIdParams = pathParams({ sourceId: SourceId });

/** The session token in the URL, for `<video>` and `<img>` elements that cannot send headers. */
const MediaToken = Type.String({
  maxLength: 256,
  description: 'Session token, when the x-access-token header cannot be sent (media elements)',
});

export const VideoFileQuery = Type.Object(
  {
    kind: Type.Union([Type.Literal('video'), Type.Literal('audio')], { default: 'video' }),
    download: Type.Boolean({ default: false, description: 'Send as an attachment instead of inline' }),
    token: Type.Optional(MediaToken),
  },
  { additionalProperties: false },
);

export const ThumbnailQuery = Type.Object({ token: Type.Optional(MediaToken) }, { additionalProperties: false });

export const DeleteVideoResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  deletedFiles: Type.Array(Type.String()),
});
export type DeleteVideoResponse = Static<typeof DeleteVideoResponse>;

export const LocalStatusRequest = Type.Object(
  { sourceIds: Type.Array(SourceId, { maxItems: LOCAL_STATUS_MAX_IDS }) },
  { additionalProperties: false },
);

export const LocalStatusEntry = Type.Object({
  sourceId: Type.String(),
  status: Type.Union(
    [Type.Literal('downloaded'), Type.Literal('missing'), Type.Literal('removed'), Type.Literal('not_downloaded')],
    { description: '`missing`: recorded as downloaded but the file is gone; `removed`: deleted through the service' },
  ),
  activity: queueActivity(),
  jobId: Nullable(Type.String()),
  video: Nullable(Video),
});
export const LocalStatusResponse = Type.Object({ results: Type.Array(LocalStatusEntry) });
export type LocalStatusResponse = Static<typeof LocalStatusResponse>;
export type LocalStatusEntry = Static<typeof LocalStatusEntry>;
