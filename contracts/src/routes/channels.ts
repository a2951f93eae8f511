// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type { DefaultsOptional, Route } from './route.js';

/** The routes of the channels plugin. */
export interface ChannelsRoutes {
  'GET /api/channels/:channelId/download-all/preview': Route<
    'DownloadAllPreviewResponse',
    'ChannelIdParams',
    DefaultsOptional<'DownloadAllPreviewQuery', 'tabType'>
  >;
  'GET /api/channels/:channelId/fetch-status': Route<'FetchStatusResponse', 'ChannelIdParams', 'FetchStatusQuery'>;
  'GET /api/channels/:channelId/filter-preview': Route<
    'FilterPreviewResponse',
    'ChannelIdParams',
    DefaultsOptional<'FilterPreviewQuery', 'title_filter_regex'>
  >;
  'GET /api/channels/:channelId/settings': Route<'ChannelSettingsResponse', 'ChannelIdParams'>;
  'GET /api/channels/:channelId/tab-stats': Route<'TabStatsResponse', 'ChannelIdParams'>;
  'GET /api/channels/:channelId/tabs': Route<'ChannelTabsResponse', 'ChannelIdParams'>;
  'GET /api/channels/subfolders': Route<string[]>;
  'GET /api/channels/using-default-subfolder': Route<'CountResponse'>;
  'GET /api/channels/using-global-file-structure': Route<'GlobalFileStructureResponse'>;
  'GET /api/subscriptions/imports': Route<'ImportList'>;
  'GET /api/subscriptions/imports/:jobId': Route<'ImportDetail', 'ImportJobParams'>;
  'GET /api/subscriptions/imports/active': Route<'ImportSummary'>;
  'GET /getchannelinfo/:channelId': Route<'Channel', 'ChannelIdParams'>;
  'GET /getchannels': Route<
    'ChannelList',
    never,
    DefaultsOptional<'ChannelListQuery', 'page' | 'pageSize' | 'sortBy' | 'sortOrder'>
  >;
  'GET /getchannelvideos/:channelId': Route<
    'ChannelVideoPage',
    'ChannelIdParams',
    DefaultsOptional<
      'ChannelVideosQuery',
      | 'page'
      | 'pageSize'
      | 'downloadedFilter'
      | 'ignoredFilter'
      | 'watchedFilter'
      | 'watchedState'
      | 'protectedFilter'
      | 'missingFilter'
      | 'sortBy'
      | 'sortOrder'
      | 'tabType'
    >
  >;
  'PATCH /api/channels/:channelId/tabs/:tabType/auto-download': Route<
    'TabAutoDownloadResponse',
    'ChannelTabParams',
    never,
    'TabAutoDownloadRequest'
  >;
  'POST /addchannelinfo': Route<'AddChannelInfoResponse', never, never, 'AddChannelInfoRequest'>;
  'POST /api/channels/:channelId/download-all': Route<
    'DownloadAllResponse',
    'ChannelIdParams',
    never,
    DefaultsOptional<'DownloadAllRequest', 'tabType'>
  >;
  'POST /api/channels/:channelId/fetch/cancel': Route<
    'FetchCancelResponse',
    'ChannelIdParams',
    DefaultsOptional<'TabQuery', 'tabType'>
  >;
  'POST /api/channels/:channelId/tabs/redetect': Route<'RedetectTabsResponse', 'ChannelIdParams'>;
  'POST /api/channels/:channelId/videos/:sourceId/ignore': Route<'IgnoreResponse', 'ChannelVideoParams'>;
  'POST /api/channels/:channelId/videos/:sourceId/unignore': Route<'IgnoreResponse', 'ChannelVideoParams'>;
  'POST /api/channels/:channelId/videos/bulk-ignore': Route<
    'BulkIgnoreResponse',
    'ChannelIdParams',
    never,
    'BulkIgnoreRequest'
  >;
  'POST /api/channels/auto-download': Route<'AutoDownloadRunResponse'>;
  'POST /api/channels/search': Route<
    'ChannelSearchResponse',
    never,
    never,
    DefaultsOptional<'ChannelSearchRequest', 'count'>
  >;
  'POST /api/subscriptions/imports': Route<'StartImportResponse', never, never, 'StartImportRequest'>;
  'POST /api/subscriptions/imports/:jobId/cancel': Route<'CancelImportResponse', 'ImportJobParams'>;
  'POST /api/subscriptions/preview/cookies': Route<
    'ImportPreview',
    never,
    never,
    PostApiSubscriptionsPreviewCookiesBody
  >;
  'POST /api/subscriptions/preview/takeout': Route<
    'ImportPreview',
    never,
    never,
    PostApiSubscriptionsPreviewTakeoutBody
  >;
  'POST /fetchallchannelvideos/:channelId': Route<
    'FetchAllResponse',
    'ChannelIdParams',
    DefaultsOptional<'FetchAllQuery', 'page' | 'pageSize' | 'downloadedFilter' | 'tabType'>
  >;
  'POST /testSourceApiKey': Route<'TestSourceApiKeyResponse', never, never, 'TestSourceApiKeyRequest'>;
  'POST /updatechannels': Route<'UpdateChannelsResponse', never, never, 'UpdateChannelsRequest'>;
  'PUT /api/channels/:channelId/settings': Route<
    'ChannelSettingsUpdateResponse',
    'ChannelIdParams',
    never,
    'ChannelSettingsUpdate'
  >;
}

/** The body of `POST /api/subscriptions/preview/takeout`. */
type PostApiSubscriptionsPreviewTakeoutBody = {
  file: string;
};

/** The body of `POST /api/subscriptions/preview/cookies`. */
type PostApiSubscriptionsPreviewCookiesBody = {
  file: string;
};
