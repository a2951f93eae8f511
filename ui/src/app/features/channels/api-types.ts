/**
 * The API types of the channels pages, from the contracts (type-only: nothing is bundled).
 * Schemas that the contracts only export as values are turned into types with `Static`.
 */
import type {
  AddChannelInfoResponse as AddChannelInfoResponseSchema,
  ChannelList as ChannelListSchema,
  DownloadAllPreviewResponse as DownloadAllPreviewSchema,
  FetchAllResponse as FetchAllResponseSchema,
  FilterPreviewResponse as FilterPreviewResponseSchema,
  Static,
  TabStats as TabStatsSchema,
} from '@vidkeep/contracts';

export type {
  AudioFormat,
  Channel,
  ChannelListQuery,
  ChannelSearchResult,
  ChannelSettings,
  ChannelSettingsUpdate,
  ChannelSettingsUpdateResponse,
  ChannelVideo,
  ChannelVideoPage,
  ChannelVideosQuery,
  FetchOutcome,
  FetchStatusResponse,
  MediaType,
  Resolution,
  TabType,
} from '@vidkeep/contracts';

export type ChannelList = Static<typeof ChannelListSchema>;
export type AddChannelInfoResponse = Static<typeof AddChannelInfoResponseSchema>;
export type ChannelInfo = AddChannelInfoResponse['channelInfo'];
export type TabStats = Static<typeof TabStatsSchema>;
export type FetchAllResponse = Static<typeof FetchAllResponseSchema>;
export type DownloadAllPreview = Static<typeof DownloadAllPreviewSchema>;
export type FilterPreviewResponse = Static<typeof FilterPreviewResponseSchema>;
