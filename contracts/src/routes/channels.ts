// Generated from the routes the app registers by `npm run contracts:routes`; do not edit.
// tests/integration/route-map.test.ts fails while this file and the routes differ.
import type * as C from '../index.js';
import type { Static } from '../typebox.js';
import type { DefaultsOptional } from './defaults.js';

/** The routes of the channels plugin. */
export interface ChannelsRoutes {
  'GET /api/channels/:channelId/download-all/preview': {
    params: Static<typeof C.ChannelIdParams>;
    query: DefaultsOptional<Static<typeof C.DownloadAllPreviewQuery>, 'tabType'>;
    response: Static<typeof C.DownloadAllPreviewResponse>;
  };
  'GET /api/channels/:channelId/fetch-status': {
    params: Static<typeof C.ChannelIdParams>;
    query: Static<typeof C.FetchStatusQuery>;
    response: Static<typeof C.FetchStatusResponse>;
  };
  'GET /api/channels/:channelId/filter-preview': {
    params: Static<typeof C.ChannelIdParams>;
    query: DefaultsOptional<Static<typeof C.FilterPreviewQuery>, 'title_filter_regex'>;
    response: Static<typeof C.FilterPreviewResponse>;
  };
  'GET /api/channels/:channelId/settings': {
    params: Static<typeof C.ChannelIdParams>;
    response: Static<typeof C.ChannelSettingsResponse>;
  };
  'GET /api/channels/:channelId/tab-stats': {
    params: Static<typeof C.ChannelIdParams>;
    response: Static<typeof C.TabStatsResponse>;
  };
  'GET /api/channels/:channelId/tabs': {
    params: Static<typeof C.ChannelIdParams>;
    response: Static<typeof C.ChannelTabsResponse>;
  };
  'GET /api/channels/subfolders': {
    response: string[];
  };
  'GET /api/channels/using-default-subfolder': {
    response: Static<typeof C.CountResponse>;
  };
  'GET /api/channels/using-global-file-structure': {
    response: Static<typeof C.GlobalFileStructureResponse>;
  };
  'GET /api/subscriptions/imports': {
    response: Static<typeof C.ImportList>;
  };
  'GET /api/subscriptions/imports/:jobId': {
    params: Static<typeof C.ImportJobParams>;
    response: Static<typeof C.ImportDetail>;
  };
  'GET /api/subscriptions/imports/active': {
    response: Static<typeof C.ImportSummary>;
  };
  'GET /getchannelinfo/:channelId': {
    params: Static<typeof C.ChannelIdParams>;
    response: Static<typeof C.Channel>;
  };
  'GET /getchannels': {
    query: DefaultsOptional<Static<typeof C.ChannelListQuery>, 'page' | 'pageSize' | 'sortBy' | 'sortOrder'>;
    response: Static<typeof C.ChannelList>;
  };
  'GET /getchannelvideos/:channelId': {
    params: Static<typeof C.ChannelIdParams>;
    query: DefaultsOptional<
      Static<typeof C.ChannelVideosQuery>,
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
    >;
    response: Static<typeof C.ChannelVideoPage>;
  };
  'PATCH /api/channels/:channelId/tabs/:tabType/auto-download': {
    params: Static<typeof C.ChannelTabParams>;
    body: Static<typeof C.TabAutoDownloadRequest>;
    response: Static<typeof C.TabAutoDownloadResponse>;
  };
  'POST /addchannelinfo': {
    body: Static<typeof C.AddChannelInfoRequest>;
    response: Static<typeof C.AddChannelInfoResponse>;
  };
  'POST /api/channels/:channelId/download-all': {
    params: Static<typeof C.ChannelIdParams>;
    body: DefaultsOptional<Static<typeof C.DownloadAllRequest>, 'tabType'>;
    response: Static<typeof C.DownloadAllResponse>;
  };
  'POST /api/channels/:channelId/fetch/cancel': {
    params: Static<typeof C.ChannelIdParams>;
    query: DefaultsOptional<Static<typeof C.TabQuery>, 'tabType'>;
    response: Static<typeof C.FetchCancelResponse>;
  };
  'POST /api/channels/:channelId/tabs/redetect': {
    params: Static<typeof C.ChannelIdParams>;
    response: Static<typeof C.RedetectTabsResponse>;
  };
  'POST /api/channels/:channelId/videos/:sourceId/ignore': {
    params: Static<typeof C.ChannelVideoParams>;
    response: Static<typeof C.IgnoreResponse>;
  };
  'POST /api/channels/:channelId/videos/:sourceId/unignore': {
    params: Static<typeof C.ChannelVideoParams>;
    response: Static<typeof C.IgnoreResponse>;
  };
  'POST /api/channels/:channelId/videos/bulk-ignore': {
    params: Static<typeof C.ChannelIdParams>;
    body: Static<typeof C.BulkIgnoreRequest>;
    response: Static<typeof C.BulkIgnoreResponse>;
  };
  'POST /api/channels/auto-download': {
    response: Static<typeof C.AutoDownloadRunResponse>;
  };
  'POST /api/channels/search': {
    body: DefaultsOptional<Static<typeof C.ChannelSearchRequest>, 'count'>;
    response: Static<typeof C.ChannelSearchResponse>;
  };
  'POST /api/subscriptions/imports': {
    body: Static<typeof C.StartImportRequest>;
    response: Static<typeof C.StartImportResponse>;
  };
  'POST /api/subscriptions/imports/:jobId/cancel': {
    params: Static<typeof C.ImportJobParams>;
    response: Static<typeof C.CancelImportResponse>;
  };
  'POST /api/subscriptions/preview/cookies': {
    body: {
      file: string;
    };
    response: Static<typeof C.ImportPreview>;
  };
  'POST /api/subscriptions/preview/takeout': {
    body: {
      file: string;
    };
    response: Static<typeof C.ImportPreview>;
  };
  'POST /fetchallchannelvideos/:channelId': {
    params: Static<typeof C.ChannelIdParams>;
    query: DefaultsOptional<Static<typeof C.FetchAllQuery>, 'page' | 'pageSize' | 'downloadedFilter' | 'tabType'>;
    response: Static<typeof C.FetchAllResponse>;
  };
  'POST /testSourceApiKey': {
    body: Static<typeof C.TestSourceApiKeyRequest>;
    response: Static<typeof C.TestSourceApiKeyResponse>;
  };
  'POST /updatechannels': {
    body: Static<typeof C.UpdateChannelsRequest>;
    response: Static<typeof C.UpdateChannelsResponse>;
  };
  'PUT /api/channels/:channelId/settings': {
    params: Static<typeof C.ChannelIdParams>;
    body: Static<typeof C.ChannelSettingsUpdate>;
    response: Static<typeof C.ChannelSettingsUpdateResponse>;
  };
}
