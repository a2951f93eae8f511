/** A subscribed channel: its id, the path parameters naming it, and the record every endpoint returns. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, pathParams, platformId } from '../common.js';
import { SourceId } from '../downloader/videos.js';
import { channelSettingFields } from './setting-fields.js';
import { TabCount, TabType } from './tabs.js';

export const ChannelId = platformId({ description: 'Platform channel id (`UC` + 22 characters)' });
export const ChannelIdParams = pathParams({ channelId: ChannelId });
export const ChannelTabParams = pathParams({ channelId: ChannelId, tabType: TabType });
export const ChannelVideoParams = pathParams({ channelId: ChannelId, sourceId: SourceId });

/** A subscription (channel row) as every channel endpoint returns it. */
export const Channel = Type.Object({
  id: Type.Integer(),
  channel_id: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  url: Type.String({ description: 'The channel page on the platform' }),
  handle: Nullable(Type.String()),
  uploader: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  enabled: Type.Boolean({ description: 'true = active subscription; false = new or soft-removed (restorable)' }),
  sub_folder: Nullable(Type.String()),
  ...channelSettingFields,
  tab_video_counts: Nullable(Type.Record(Type.String(), TabCount)),
  tab_counts_attempted_at: Nullable(DateTime),
  terminated_at: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
});
export type Channel = Static<typeof Channel>;
