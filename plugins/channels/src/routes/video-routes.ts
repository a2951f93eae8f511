import {
  BulkIgnoreRequest,
  BulkIgnoreResponse,
  ChannelIdParams,
  ChannelVideoParams,
  IgnoreResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

/** A channel's listed videos: ignoring and un-ignoring them. */
export const videoRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { ignores }) => {
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
