/** The fields of a channel's settings, spread into the channel record and the settings endpoint. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type } from '../../typebox.js';
import { Nullable } from '../common.js';
import { TabType } from './tabs.js';

export const M3uSortOrder = Type.Union([Type.Literal('oldest_first'), Type.Literal('newest_first')]);

/** The settings of a channel, shared by the channel object and the settings endpoint. */
export const channelSettingFields = {
  title_filter_regex: Nullable(Type.String()),
  additional_tags: Nullable(Type.String()),
  m3u_enabled: Type.Boolean(),
  m3u_sort_order: M3uSortOrder,
  auto_removal_protected: Type.Boolean(),
  auto_removal_keep_recent_count: Nullable(Type.Integer()),
  auto_download_enabled_tabs: Type.String({
    description: 'Comma-separated `video`, `short`, `livestream`; empty = off',
  }),
  video_quality: Nullable(Resolution),
  audio_format: Nullable(AudioFormat),
  skip_video_folder: Nullable(Type.Boolean({ description: 'null = the global `defaultSkipVideoFolder`' })),
  min_duration: Nullable(
    Type.Integer({
      description: 'Seconds; automatic downloads and download-all skip shorter videos (null: no limit)',
    }),
  ),
  max_duration: Nullable(
    Type.Integer({
      description: 'Seconds; automatic downloads and download-all skip longer videos (null: no limit)',
    }),
  ),
  available_tabs: Type.Array(TabType, { description: 'Detected tabs minus hidden ones' }),
  hidden_tabs: Type.Array(TabType),
  default_rating: Nullable(
    Type.String({
      description:
        'Content rating given to new downloads of the channel unless a download says otherwise (reference 8.9); null = none (the platform age limit decides)',
    }),
  ),
};
