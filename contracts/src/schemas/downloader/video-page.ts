/** A downloaded video's page: its stored metadata, its files now, and where else it appears. */
import { Type, type Static } from '../../typebox.js';
import { Nullable } from '../common.js';

export const VideoChapter = Type.Object({
  title: Type.String(),
  startTime: Type.Number({ description: 'Seconds' }),
  endTime: Nullable(Type.Number()),
});

export const VideoFileEntry = Type.Object({
  kind: Type.Enum(['video', 'audio', 'thumbnail', 'nfo', 'subtitle', 'other'] as const),
  name: Type.String(),
  path: Type.String(),
  size: Nullable(Type.Integer({ description: 'Bytes on disk now; null when the file is gone' })),
  exists: Type.Boolean(),
});
export type VideoFileEntry = Static<typeof VideoFileEntry>;

/** Reference 1.7: what the stored info.json says about a downloaded video, and its files now. */
export const VideoMetadataResponse = Type.Object({
  infoJsonAvailable: Type.Boolean({ description: 'False when no info.json is stored: every field below is null' }),
  description: Nullable(Type.String()),
  viewCount: Nullable(Type.Integer({ description: 'At download time' })),
  likeCount: Nullable(Type.Integer()),
  commentCount: Nullable(Type.Integer()),
  tags: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  chapters: Type.Array(VideoChapter),
  uploadDate: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
  resolution: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  fps: Nullable(Type.Number()),
  aspectRatio: Nullable(Type.Number()),
  language: Nullable(Type.String()),
  isLive: Nullable(Type.Boolean()),
  wasLive: Nullable(Type.Boolean()),
  availability: Nullable(Type.String()),
  channelFollowerCount: Nullable(Type.Integer()),
  ageLimit: Nullable(Type.Integer()),
  webpageUrl: Nullable(Type.String()),
  availableResolutions: Type.Array(Type.Integer(), {
    description: 'Video heights the platform offered, highest first',
  }),
  downloadedTier: Nullable(Type.String({ description: 'e.g. `1080p`, from the measured resolution' })),
  relatedFiles: Type.Array(VideoFileEntry),
});
export type VideoMetadataResponse = Static<typeof VideoMetadataResponse>;

/** Where else a downloaded video appears (a channel, followed playlists), from the plugins that know. */
export const VideoLink = Type.Object({
  kind: Type.String({ description: '`channel`, `playlist`, or what another plugin contributes' }),
  id: Type.String(),
  title: Type.String(),
  url: Nullable(Type.String({ description: 'The page on the platform' })),
  following: Type.Boolean({ description: 'Subscribed (channel) or followed (playlist)' }),
});
export type VideoLink = Static<typeof VideoLink>;
export const VideoLinksResponse = Type.Object({ links: Type.Array(VideoLink) });
export type VideoLinksResponse = Static<typeof VideoLinksResponse>;
