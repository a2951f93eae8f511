import {
  AddChannelInfoRequest,
  AddChannelInfoResponse,
  Channel,
  ChannelIdParams,
  ChannelList,
  ChannelListQuery,
  ChannelVideoPage,
  ChannelVideosQuery,
  ErrorEnvelope,
  FetchAllQuery,
  FetchAllResponse,
  UpdateChannelsRequest,
  UpdateChannelsResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

/**
 * The spec's legacy paths (spec 4.4), kept as the reference product's clients call them: thin
 * adapters over the same services as the `/api/channels/...` routes.
 */
export const legacyPaths: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (
  app,
  { channels, subscriptions, listings },
) => {
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
    '/getchannelvideos/:channelId',
    {
      schema: {
        tags,
        summary: 'Known videos of a channel tab, paged',
        description:
          'A tab never listed is read from the platform first (`dataSource: fresh`); a listing older than an hour is refreshed in the background. Filters are tri-state (`off`, `only`, `exclude`); `watchedFilter=only` keeps watched videos, `exclude` every video not watched (unknown ones included). `watchedState` (`any`, `watched`, `unwatched`, `unknown`) filters as in the library, `unknown` being videos no media server reported on. Filters apply before paging, so `total` counts the filtered videos; `watched` is null when unknown. Publication dates that are only estimated are null.',
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
};
