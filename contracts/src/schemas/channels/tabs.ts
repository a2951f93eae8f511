/** Channel tabs (videos, shorts, streams): their media types, counts, stats and auto-download switches. */
import { Type, type Static } from '../../typebox.js';
import { DateTime, Nullable } from '../common.js';

/** Channel tabs as they appear in paths and parameters. */
export const TAB_TYPES = ['videos', 'shorts', 'streams'] as const;
export const TabType = Type.Enum(TAB_TYPES, { description: '`videos`, `shorts` or `streams`' });
export type TabType = Static<typeof TabType>;

/** Media types of `auto_download_enabled_tabs`, one per tab. */
export const MEDIA_TYPES = ['video', 'short', 'livestream'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const TAB_MEDIA_TYPE: Readonly<Record<TabType, MediaType>> = {
  videos: 'video',
  shorts: 'short',
  streams: 'livestream',
};
export const MEDIA_TYPE_TAB: Readonly<Record<MediaType, TabType>> = {
  video: 'videos',
  short: 'shorts',
  livestream: 'streams',
};

export const TabCount = Type.Object({
  total: Nullable(Type.Integer()),
  fetchedAt: Nullable(DateTime),
  source: Type.Optional(
    Type.Union([Type.Literal('platform'), Type.Literal('listing')], {
      description:
        "`platform`: the tab's playlist count; `listing`: the public entries of a complete Load all of the tab",
    }),
  ),
});
export type TabCount = Static<typeof TabCount>;

export const ChannelTabsResponse = Type.Object({ availableTabs: Type.Array(TabType) });
export const TabStats = Type.Object({
  total: Nullable(Type.Integer({ description: 'Public videos of the tab on the platform' })),
  fetchedAt: Nullable(DateTime),
  downloaded: Type.Integer({ description: 'Known videos ever downloaded (also when deleted since)' }),
  ignored: Type.Integer(),
  loaded: Type.Integer({ description: 'Videos of the tab known locally' }),
  percent: Nullable(Type.Integer()),
  complete: Type.Boolean({
    description:
      'Every video of the tab is known here: the total is known and `loaded` reaches it (after a complete Load all, for one). False while Load all would still find more.',
  }),
});
export type TabStats = Static<typeof TabStats>;
export const TabStatsResponse = Type.Object({ channelId: Type.String(), tabs: Type.Record(Type.String(), TabStats) });
export const TabAutoDownloadRequest = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const TabAutoDownloadResponse = Type.Object({ success: Type.Boolean(), autoDownloadEnabledTabs: Type.String() });
export const RedetectTabsResponse = Type.Object({
  availableTabs: Type.Array(TabType),
  detectedTabs: Type.Array(TabType),
  hiddenTabs: Type.Array(TabType),
  autoDownloadEnabledTabs: Type.String(),
});
