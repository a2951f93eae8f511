/** A channel's settings endpoint, the folder move a subfolder change causes, and the defaults channels inherit. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, RatingInput } from '../common.js';
import { channelSettingFields, M3uSortOrder } from './setting-fields.js';
import { TabType } from './tabs.js';

export const ADDITIONAL_TAGS_MAX = 1000;
/** A channel's duration limits are whole seconds up to a day (reference 1.4). */
export const CHANNEL_DURATION_MAX = 86_400;
export const TITLE_FILTER_MAX = 500;

export const ChannelSettings = Type.Object({
  channel_id: Type.String(),
  title: Type.String(),
  enabled: Type.Boolean(),
  subfolder: Nullable(Type.String()),
  sub_folder: Nullable(Type.String({ description: 'Same as `subfolder`' })),
  ...channelSettingFields,
  detected_tabs: Type.Array(TabType),
});
export type ChannelSettings = Static<typeof ChannelSettings>;
export const ChannelSettingsUpdate = Type.Object(
  {
    subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    title_filter_regex: Type.Optional(Nullable(Type.String({ maxLength: TITLE_FILTER_MAX }))),
    additional_tags: Type.Optional(Nullable(Type.String({ maxLength: ADDITIONAL_TAGS_MAX }))),
    m3u_enabled: Type.Optional(Type.Boolean()),
    m3u_sort_order: Type.Optional(M3uSortOrder),
    auto_removal_protected: Type.Optional(Type.Boolean()),
    auto_removal_keep_recent_count: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100000 }))),
    video_quality: Type.Optional(Nullable(Resolution)),
    audio_format: Type.Optional(Nullable(AudioFormat)),
    skip_video_folder: Type.Optional(Nullable(Type.Boolean())),
    min_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: CHANNEL_DURATION_MAX }))),
    max_duration: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: CHANNEL_DURATION_MAX }))),
    hidden_tabs: Type.Optional(Type.Array(TabType, { uniqueItems: true, maxItems: 3 })),
    auto_download_enabled_tabs: Type.Optional(
      Type.String({ maxLength: 40, pattern: '^$|^(video|short|livestream)(,(video|short|livestream)){0,2}$' }),
    ),
    default_rating: Type.Optional(RatingInput()),
  },
  { additionalProperties: false },
);
export type ChannelSettingsUpdate = Static<typeof ChannelSettingsUpdate>;
export const ChannelSettingsResponse = Type.Object({ settings: ChannelSettings });
export const ChannelFolderMoveResult = Type.Object({
  folders: Type.Array(Type.Object({ from: Type.String(), to: Type.String() }), {
    description: 'Channel folders moved (absolute paths)',
  }),
  videos: Type.Integer({ description: 'Library records whose paths changed' }),
});
/** What `DownloaderService.moveChannelFolder` moved (none when the channel has no files there). */
export type ChannelFolderMoveResult = Static<typeof ChannelFolderMoveResult>;
export const ChannelSettingsUpdateResponse = Type.Object({
  settings: ChannelSettings,
  folderMoved: Type.Boolean({ description: "True when the subfolder changed and the channel's folder moved with it" }),
  moveResult: Nullable(ChannelFolderMoveResult, {
    description: 'What moved when the subfolder changed (null otherwise)',
  }),
});
export type ChannelSettingsUpdateResponse = Static<typeof ChannelSettingsUpdateResponse>;

export const CountResponse = Type.Object({ count: Type.Integer() });
export const GlobalFileStructureResponse = Type.Object({
  count: Type.Integer(),
  channelNames: Type.Array(Type.String(), { maxItems: 10 }),
});

export const FilterPreviewQuery = Type.Object(
  { title_filter_regex: Type.String({ maxLength: TITLE_FILTER_MAX, default: '' }) },
  { additionalProperties: false },
);
export const FilterPreviewResponse = Type.Object({
  videos: Type.Array(
    Type.Object({
      sourceId: Type.String(),
      title: Type.String(),
      publishedAt: Nullable(DateTime),
      matches: Type.Boolean(),
    }),
  ),
  totalCount: Type.Integer(),
  matchCount: Type.Integer(),
});
