/**
 * The API types of the channels pages, from the contracts (type-only: nothing is bundled).
 * Schemas that the contracts only export as values are turned into types with `Static`.
 */
import type {
  AddChannelInfoResponse as AddChannelInfoResponseSchema,
  BulkIgnoreResponse as BulkIgnoreResponseSchema,
  ChannelList as ChannelListSchema,
  ChannelSearchResult,
  ChannelTabsResponse as ChannelTabsResponseSchema,
  DownloadAllPreviewResponse as DownloadAllPreviewSchema,
  DownloadAllResponse as DownloadAllResponseSchema,
  FetchAllResponse as FetchAllResponseSchema,
  FetchCancelResponse as FetchCancelResponseSchema,
  FilterPreviewResponse as FilterPreviewResponseSchema,
  IgnoreResponse as IgnoreResponseSchema,
  Static,
  TabAutoDownloadResponse as TabAutoDownloadResponseSchema,
  TabStats as TabStatsSchema,
  TabStatsResponse as TabStatsResponseSchema,
  UpdateChannelsResponse as UpdateChannelsResponseSchema,
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
  DownloadResponse,
  FetchOutcome,
  FetchStatusResponse,
  MediaType,
  Resolution,
  TabType,
} from '@vidkeep/contracts';

export type ChannelList = Static<typeof ChannelListSchema>;
export type AddChannelInfoResponse = Static<typeof AddChannelInfoResponseSchema>;
export type ChannelInfo = AddChannelInfoResponse['channelInfo'];
export type UpdateChannelsResponse = Static<typeof UpdateChannelsResponseSchema>;
export type ChannelTabsResponse = Static<typeof ChannelTabsResponseSchema>;
export type TabStats = Static<typeof TabStatsSchema>;
export type TabStatsResponse = Static<typeof TabStatsResponseSchema>;
export type TabAutoDownloadResponse = Static<typeof TabAutoDownloadResponseSchema>;
export type FetchAllResponse = Static<typeof FetchAllResponseSchema>;
export type FetchCancelResponse = Static<typeof FetchCancelResponseSchema>;
export type DownloadAllPreview = Static<typeof DownloadAllPreviewSchema>;
export type DownloadAllResponse = Static<typeof DownloadAllResponseSchema>;
export type FilterPreviewResponse = Static<typeof FilterPreviewResponseSchema>;
export type IgnoreResponse = Static<typeof IgnoreResponseSchema>;
export type BulkIgnoreResponse = Static<typeof BulkIgnoreResponseSchema>;
export interface ChannelSearchResponse {
  results: ChannelSearchResult[];
}
