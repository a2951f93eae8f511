import {
  ChannelIdParams,
  ChannelSettingsResponse,
  ChannelSettingsUpdate,
  ErrorEnvelope,
  FilterPreviewQuery,
  FilterPreviewResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/core/plugin-api';
import { errors, tags, type ChannelRouteDeps } from './deps.js';

/** A channel's settings, and a preview of what its title filter matches. */
export const settingsRoutes: FastifyPluginAsyncTypebox<ChannelRouteDeps> = async (app, { settings }) => {
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
};
