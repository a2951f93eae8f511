/** Listing, adding and removing subscriptions, and the channel info shown before adding one. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable, pagedFields, pageQueryFields } from '../common.js';
import { Channel, ChannelId } from './channel.js';
import { TabType } from './tabs.js';

export const CHANNEL_SORTS = ['title', 'name', 'uploader', 'createdAt', 'updatedAt'] as const;
export const ChannelListQuery = Type.Object(
  {
    ...pageQueryFields({ pageSizeMax: 100, defaultPageSize: 20 }),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Matches title, handle or URL (case-insensitive)' }),
    ),
    sortBy: Type.Enum(CHANNEL_SORTS, { default: 'title', description: '`name` and `uploader` are aliases of `title`' }),
    sortOrder: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
    subFolder: Type.Optional(
      Type.String({ maxLength: 100, description: 'Only this subfolder; `__default__` = channels without one' }),
    ),
  },
  { additionalProperties: false },
);
export type ChannelListQuery = Static<typeof ChannelListQuery>;
export const ChannelList = Type.Object({
  ...pagedFields('channels', Channel),
  totalPages: Type.Integer(),
  subFolders: Type.Array(Type.String(), {
    description: 'Subfolders of enabled channels, `__default__` first when some have none',
  }),
});

export const ChannelAddSettings = Type.Object(
  {
    auto_download_enabled_tabs: Type.Optional(
      Type.String({ maxLength: 40, pattern: '^$|^(video|short|livestream)(,(video|short|livestream)){0,2}$' }),
    ),
    video_quality: Type.Optional(Nullable(Resolution)),
    audio_format: Type.Optional(Nullable(AudioFormat)),
    sub_folder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export type ChannelAddSettings = Static<typeof ChannelAddSettings>;
const ChannelRef = Type.String({ minLength: 1, maxLength: 2048, description: 'Channel URL, @handle or channel id' });
export const ChannelAddItem = Type.Union([
  ChannelRef,
  Type.Object(
    { url: ChannelRef, channel_id: Type.Optional(ChannelId), settings: Type.Optional(ChannelAddSettings) },
    { additionalProperties: false },
  ),
]);
export const UpdateChannelsRequest = Type.Union([
  Type.Array(Type.Object({ url: ChannelRef, enabled: Type.Boolean() }, { additionalProperties: false }), {
    minItems: 1,
    maxItems: 1000,
  }),
  Type.Object(
    {
      add: Type.Optional(Type.Array(ChannelAddItem, { maxItems: 1000 })),
      remove: Type.Optional(Type.Array(ChannelRef, { maxItems: 1000 })),
    },
    { additionalProperties: false },
  ),
]);
export type UpdateChannelsRequest = Static<typeof UpdateChannelsRequest>;
export const UpdateChannelsResponse = Type.Object({
  status: Type.Literal('success'),
  added: Type.Array(Type.String(), { description: 'Channel ids enabled (new or restored)' }),
  removed: Type.Array(Type.String(), { description: 'Channel ids disabled (soft removal)' }),
});

export const AddChannelInfoRequest = Type.Object(
  { url: Type.String({ maxLength: 2048 }) },
  { additionalProperties: false },
);
export const ChannelInfo = Type.Object({
  id: Type.String(),
  channel_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean({ description: 'true only for an already active subscription' }),
  existing: Type.Boolean({ description: 'true when the channel row already existed' }),
  url: Type.String(),
  handle: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  availableTabs: Type.Array(TabType),
  autoDownload: Type.Object(
    {
      tabs: Type.Array(TabType, { description: 'The tabs whose new videos download by themselves (empty: none)' }),
      newest: Type.Integer({
        description:
          'How many of the newest videos of each of those tabs each check looks at (`channelFilesToDownload`)',
      }),
      nextCheckAt: Nullable(DateTime, {
        description: 'When automatic downloads run next (null: switched off, or no scheduler)',
      }),
    },
    {
      description:
        'What subscribing starts: at each check, the newest videos of these tabs not downloaded yet are queued',
    },
  ),
});
export type ChannelInfo = Static<typeof ChannelInfo>;
export const AddChannelInfoResponse = Type.Object({ status: Type.Literal('success'), channelInfo: ChannelInfo });
