import {
  AddChannelInfoRequest,
  AddChannelInfoResponse,
  AutoDownloadRunResponse,
  BulkIgnoreRequest,
  BulkIgnoreResponse,
  Channel,
  ChannelErrorCodes as E,
  ChannelIdParams,
  ChannelList,
  ChannelListQuery,
  ChannelSearchRequest,
  ChannelSearchResponse,
  ChannelSettingsResponse,
  ChannelSettingsUpdate,
  ChannelTabParams,
  ChannelTabsResponse,
  ChannelVideoPage,
  ChannelVideoParams,
  ChannelVideosQuery,
  CountResponse,
  DownloadAllPreviewResponse,
  DownloadAllRequest,
  DownloadAllResponse,
  ErrorEnvelope,
  FetchAllQuery,
  FetchAllResponse,
  FetchStatusQuery,
  FetchStatusResponse,
  FilterPreviewQuery,
  FilterPreviewResponse,
  GlobalFileStructureResponse,
  IgnoreResponse,
  RedetectTabsResponse,
  TabAutoDownloadRequest,
  TabAutoDownloadResponse,
  TabQuery,
  TabStatsResponse,
  RateLimitedError,
  Type,
  UpdateChannelsRequest,
  UpdateChannelsResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

const SEARCH_PER_MINUTE = 10;

export const channelRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, deps) => {
  const { channels, subscriptions, tabs, settings, listings, fetcher, ignores, downloadAll, sweep, search } = deps;

  app.post(
    '/api/channels/search',
    {
      config: {
        rateLimit: {
          max: SEARCH_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (req) => `channel-search:${req.clientAddress}`,
          // The rate limiter has set Retry-After already.
          errorResponseBuilder: (_req, ctx) =>
            new RateLimitedError(
              E.rateLimited,
              `Too many searches: ${ctx.max} per minute are allowed. Try again in ${ctx.after}.`,
              null,
            ),
        },
      },
      schema: {
        tags,
        summary: 'Search the platform for channels',
        description:
          "Platform Data API when `sourceApiKey` is configured, else yt-dlp on the platform's results page (then `videoCount` is null). Relevance order; nothing is stored. 10 searches per minute; 504 after 60 seconds; 499 when the client goes away first; 502 when the platform search fails.",
        body: ChannelSearchRequest,
        response: {
          200: ChannelSearchResponse,
          ...errors,
          429: ErrorEnvelope,
          499: ErrorEnvelope,
          502: ErrorEnvelope,
          504: ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.on('close', onClose);
      try {
        return { results: await search.search(request.body.query, request.body.count, gone.signal) };
      } catch (err) {
        // Nobody receives the 499, so say it in the log (the response hook never sees it).
        if (gone.signal.aborted) {
          request.log.info(
            { method: request.method, url: request.url, statusCode: 499, client: request.clientAddress },
            'request rejected: the client closed the search',
          );
        }
        throw err;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );

  app.get(
    '/getchannels',
    {
      schema: {
        tags,
        summary: 'Subscribed channels with paging, search, sort and subfolder filter',
        querystring: ChannelListQuery,
        response: { 200: ChannelList, ...errors },
      },
    },
    async (request) => channels.list(request.query),
  );

  app.post(
    '/updatechannels',
    {
      schema: {
        tags,
        summary: 'Subscribe (add) and soft-remove channels',
        description:
          'Body: an array of `{url, enabled}` or `{add: [url | {url, channel_id?, settings?}], remove: [url]}`. Every item is resolved and every `settings` object validated first: one invalid item rejects the whole request (400) and no channel changes. Adding enables a new channel or restores a soft-removed one with its settings; removing only disables it. 409 when an add item changes the subfolder of a channel whose downloads are in progress.',
        body: UpdateChannelsRequest,
        response: { 200: UpdateChannelsResponse, ...errors, 409: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request) => ({ status: 'success' as const, ...(await subscriptions.updateChannels(request.body)) }),
  );

  app.post(
    '/addchannelinfo',
    {
      schema: {
        tags,
        summary: 'Look up a channel before subscribing',
        description:
          'Reads the channel from the platform (URL, @handle or channel id) and stores it disabled if new; its tabs are detected. `enabled` is true only for an active subscription; `existing` when the row already existed (also a soft-removed one).',
        body: AddChannelInfoRequest,
        response: { 200: AddChannelInfoResponse, ...errors, 422: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request) => ({
      status: 'success' as const,
      channelInfo: await subscriptions.addChannelInfo(request.body.url),
    }),
  );

  app.get(
    '/getchannelinfo/:channelId',
    { schema: { tags, summary: 'One channel', params: ChannelIdParams, response: { 200: Channel, ...errors } } },
    async (request) => channels.one(request.params.channelId),
  );

  app.get(
    '/api/channels/subfolders',
    {
      schema: {
        tags,
        summary: 'Subfolder names in use (registry, channels, global default)',
        response: { 200: Type.Array(Type.String()), ...errors },
      },
    },
    async () => settings.subfolders(),
  );

  app.get(
    '/api/channels/using-default-subfolder',
    {
      schema: {
        tags,
        summary: 'Enabled channels without their own subfolder',
        response: { 200: CountResponse, ...errors },
      },
    },
    async () => channels.usingDefaultSubfolder(),
  );

  app.get(
    '/api/channels/using-global-file-structure',
    {
      schema: {
        tags,
        summary: 'Enabled channels inheriting the global flat-folder default',
        response: { 200: GlobalFileStructureResponse, ...errors },
      },
    },
    async () => channels.usingGlobalFileStructure(),
  );

  app.post(
    '/api/channels/auto-download',
    {
      schema: {
        tags,
        summary: 'Run the automatic-download sweep now',
        description:
          'Starts the same sweep the hourly task runs (recorded in its run history when the scheduler plugin is loaded). 202 at once; 409 while it runs.',
        response: { 202: AutoDownloadRunResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (_request, reply) => reply.code(202).send(await sweep.start()),
  );

  app.get(
    '/api/channels/:channelId/tabs',
    {
      schema: {
        tags,
        summary: 'Visible tabs (detected minus hidden; detected on first use)',
        params: ChannelIdParams,
        response: { 200: ChannelTabsResponse, ...errors },
      },
    },
    async (request) => ({ availableTabs: await tabs.visible(request.params.channelId) }),
  );

  app.get(
    '/api/channels/:channelId/tab-stats',
    {
      schema: {
        tags,
        summary: 'Per-tab totals on the platform and local counts',
        description:
          '`total`: public videos of the tab (its platform playlist), looked up first when older than 24 hours (at most once an hour per channel). `downloaded` counts videos downloaded at some point, also deleted ones; members-only videos are not counted.',
        params: ChannelIdParams,
        response: { 200: TabStatsResponse, ...errors },
      },
    },
    async (request) => tabs.stats(request.params.channelId),
  );

  app.patch(
    '/api/channels/:channelId/tabs/:tabType/auto-download',
    {
      schema: {
        tags,
        summary: 'Turn automatic downloads of one tab on or off',
        params: ChannelTabParams,
        body: TabAutoDownloadRequest,
        response: { 200: TabAutoDownloadResponse, ...errors },
      },
    },
    async (request) => ({
      success: true,
      autoDownloadEnabledTabs: await tabs.setAutoDownload(
        request.params.channelId,
        request.params.tabType,
        request.body.enabled,
      ),
    }),
  );

  app.post(
    '/api/channels/:channelId/tabs/redetect',
    {
      schema: {
        tags,
        summary: 'Detect tabs again (hidden tabs stay hidden)',
        params: ChannelIdParams,
        response: { 200: RedetectTabsResponse, ...errors, 403: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request) => tabs.redetect(request.params.channelId),
  );

  app.get(
    '/api/channels/:channelId/settings',
    {
      schema: {
        tags,
        summary: 'Channel settings',
        params: ChannelIdParams,
        response: { 200: ChannelSettingsResponse, ...errors },
      },
    },
    async (request) => ({ settings: await settings.get(request.params.channelId) }),
  );

  app.put(
    '/api/channels/:channelId/settings',
    {
      schema: {
        tags,
        summary: 'Change channel settings',
        description:
          "Any subset of the fields. Rules (400 with every problem listed): `subfolder` one folder name, not `__playlists__`; `title_filter_regex` must compile (JavaScript syntax, case-sensitive; a leading `(?i)` makes it case-insensitive); `additional_tags` at most 1000 characters of letters, digits, spaces, `-`, `_`, separated by `|`; `auto_removal_protected: true` clears `auto_removal_keep_recent_count`, which is rejected while protected. 409 when the subfolder changes while the channel's downloads are in progress.",
        params: ChannelIdParams,
        body: ChannelSettingsUpdate,
        response: { 200: ChannelSettingsResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request) => ({ settings: await settings.put(request.params.channelId, request.body) }),
  );

  app.get(
    '/api/channels/:channelId/filter-preview',
    {
      schema: {
        tags,
        summary: 'Which of the 50 newest known videos a title filter matches',
        params: ChannelIdParams,
        querystring: FilterPreviewQuery,
        response: { 200: FilterPreviewResponse, ...errors },
      },
    },
    async (request) => settings.filterPreview(request.params.channelId, request.query.title_filter_regex),
  );

  app.get(
    '/getchannelvideos/:channelId',
    {
      schema: {
        tags,
        summary: 'Known videos of a channel tab, paged',
        description:
          'A tab never listed is read from the platform first (`dataSource: fresh`); a listing older than an hour is refreshed in the background. Filters are tri-state (`off`, `only`, `exclude`). `watchedFilter`: without watch-status data nothing counts as watched (`only` is empty). Publication dates that are only estimated are null.',
        params: ChannelIdParams,
        querystring: ChannelVideosQuery,
        response: { 200: ChannelVideoPage, ...errors },
      },
    },
    async (request) => listings.videosPage(request.params.channelId, request.query),
  );

  app.post(
    '/fetchallchannelvideos/:channelId',
    {
      schema: {
        tags,
        summary: 'List a whole tab (up to 5,000 videos), then answer its first page',
        description:
          'Progress: GET /api/channels/{channelId}/fetch-status?tabType=… and the WebSocket message `channelFetchProgress`. 409 while a fetch of the tab runs.',
        params: ChannelIdParams,
        querystring: FetchAllQuery,
        response: { 200: FetchAllResponse, ...errors, 409: ErrorEnvelope, 502: ErrorEnvelope },
      },
    },
    async (request) => listings.fetchAll(request.params.channelId, request.query),
  );

  app.get(
    '/api/channels/:channelId/fetch-status',
    {
      schema: {
        tags,
        summary: 'Whether a listing fetch runs, with progress for a full fetch of the given tab',
        params: ChannelIdParams,
        querystring: FetchStatusQuery,
        response: { 200: FetchStatusResponse, ...errors },
      },
    },
    async (request) => fetcher.status(request.params.channelId, request.query.tabType),
  );

  app.get(
    '/api/channels/:channelId/download-all/preview',
    {
      schema: {
        tags,
        summary: 'What download-all would queue',
        params: ChannelIdParams,
        querystring: TabQuery,
        response: { 200: DownloadAllPreviewResponse, ...errors },
      },
    },
    async (request) => downloadAll.preview(request.params.channelId, request.query.tabType),
  );

  app.post(
    '/api/channels/:channelId/download-all',
    {
      // The body is optional: a bare POST means the videos tab with the channel's settings.
      preValidation: async (request) => {
        request.body ??= { tabType: 'videos' };
      },
      schema: {
        tags,
        summary: 'Queue every known, never-downloaded video of a tab as one job',
        description:
          'One job, exempt from the runtime cap, cancellable (completed videos stay). Videos downloaded before (also deleted ones), ignored, members-only and not-yet-live ones are excluded. `allowRedownload` is ignored. Run a full fetch first so every video is known.',
        params: ChannelIdParams,
        body: DownloadAllRequest,
        response: { 202: DownloadAllResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request, reply) => reply.code(202).send(await downloadAll.queue(request.params.channelId, request.body)),
  );

  app.post(
    '/api/channels/:channelId/videos/:sourceId/ignore',
    {
      schema: {
        tags,
        summary: 'Ignore a video (never downloaded automatically or by download-all)',
        params: ChannelVideoParams,
        response: { 200: IgnoreResponse, ...errors },
      },
    },
    async (request) => ignores.setOne(request.params.channelId, request.params.sourceId, true),
  );
  app.post(
    '/api/channels/:channelId/videos/:sourceId/unignore',
    {
      schema: {
        tags,
        summary: 'Stop ignoring a video',
        params: ChannelVideoParams,
        response: { 200: IgnoreResponse, ...errors },
      },
    },
    async (request) => ignores.setOne(request.params.channelId, request.params.sourceId, false),
  );
  app.post(
    '/api/channels/:channelId/videos/bulk-ignore',
    {
      schema: {
        tags,
        summary: 'Ignore several videos',
        params: ChannelIdParams,
        body: BulkIgnoreRequest,
        response: { 200: BulkIgnoreResponse, ...errors },
      },
    },
    async (request) => ignores.ignoreMany(request.params.channelId, request.body.sourceIds),
  );
};
