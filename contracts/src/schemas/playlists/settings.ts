/** A playlist's settings endpoint (`GET/PUT …/settings`). */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { Nullable, RatingInput } from '../common.js';
import { PlaylistSortOrder, settingFields } from './setting-fields.js';

export const PlaylistSettings = Type.Object(settingFields);
export type PlaylistSettings = Static<typeof PlaylistSettings>;

export const PlaylistSettingsUpdate = Type.Object(
  {
    default_sub_folder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    video_quality: Type.Optional(Nullable(Resolution)),
    min_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    max_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
    title_filter_regex: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    audio_format: Type.Optional(Nullable(AudioFormat)),
    default_rating: Type.Optional(RatingInput()),
    sort_order: Type.Optional(PlaylistSortOrder),
  },
  { additionalProperties: false },
);
export type PlaylistSettingsUpdate = Static<typeof PlaylistSettingsUpdate>;
export const PlaylistSettingsResponse = Type.Object({ settings: PlaylistSettings });
