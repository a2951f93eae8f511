/** The eight settings of a playlist as fields, spread into the playlist record and the settings endpoint. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { CONTENT_RATINGS, Nullable } from '../common.js';

export const PlaylistSortOrder = Type.Union([Type.Literal('default'), Type.Literal('reversed')], {
  description: "`default`: the playlist's own order; `reversed`: the owner's current list reversed (not a date sort)",
});
export type PlaylistSortOrder = Static<typeof PlaylistSortOrder>;

/** The eight settings of a playlist (`GET/PUT …/settings`). */
export const settingFields = {
  default_sub_folder: Nullable(
    Type.String({ description: 'Subfolder for videos whose channel is not subscribed; null = the global default' }),
  ),
  video_quality: Nullable(Resolution),
  min_duration: Nullable(
    Type.Integer({ minimum: 0, description: 'Seconds; shorter videos are not downloaded automatically' }),
  ),
  max_duration: Nullable(
    Type.Integer({ minimum: 0, description: 'Seconds; longer videos are not downloaded automatically' }),
  ),
  title_filter_regex: Nullable(
    Type.String({ description: 'JavaScript regular expression, case-insensitive; only matching titles auto-download' }),
  ),
  audio_format: Nullable(AudioFormat),
  default_rating: Nullable(Type.String({ description: `One of ${CONTENT_RATINGS.join(', ')}; null = none` })),
  sort_order: PlaylistSortOrder,
};
