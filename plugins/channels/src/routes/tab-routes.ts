import {
  ChannelIdParams,
  ChannelTabParams,
  ChannelTabsResponse,
  ErrorEnvelope,
  FetchCancelResponse,
  FetchStatusQuery,
  FetchStatusResponse,
  RedetectTabsResponse,
  TabAutoDownloadRequest,
  TabAutoDownloadResponse,
  TabQuery,
  TabStatsResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

/** A channel's tabs: visibility, detection, automatic downloads per tab, stats and fetch progress. */
export const tabRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { tabs, fetcher, listings }) => {
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
    '/api/channels/:channelId/fetch-status',
    {
      schema: {
        tags,
        summary: 'Whether a listing fetch runs, with progress for a full fetch of the given tab',
        description:
          '`progress` (a full fetch, asked with `tabType`): entries and pages read so far, the entries expected (the tab total, at most 5,000), about how many seconds are left at the pace so far, the `sleepRequests` pause before each page request, and whether a cancel is under way. When idle, `lastFetch` says how the last full fetch of the tab ended (`complete`, `limit`, `cancelled`, `failed`).',
        params: ChannelIdParams,
        querystring: FetchStatusQuery,
        response: { 200: FetchStatusResponse, ...errors },
      },
    },
    async (request) => fetcher.status(request.params.channelId, request.query.tabType),
  );

  app.post(
    '/api/channels/:channelId/fetch/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the running Load all (full fetch) of a tab',
        description:
          'Stops the listing\'s yt-dlp; the entries read until then are saved and its POST /fetchallchannelvideos answers with `outcome: "cancelled"`. The tab\'s total is not taken from a cancelled listing. 404 when no Load all of the tab runs (a background refresh is not cancelled); 409 when it has read the whole tab and is saving it.',
        params: ChannelIdParams,
        querystring: TabQuery,
        response: { 200: FetchCancelResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request) => listings.cancelFetch(request.params.channelId, request.query.tabType),
  );
};
