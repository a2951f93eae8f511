import {
  ChannelIdParams,
  ChannelSettingsResponse,
  ChannelSettingsUpdate,
  ChannelSettingsUpdateResponse,
  ErrorEnvelope,
  FilterPreviewQuery,
  FilterPreviewResponse,
} from '@vidkeep/contracts';
import type { FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
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
          "Any subset of the fields. Rules (400 with every problem listed): `subfolder` one folder name, not `__playlists__`; `title_filter_regex` must compile (JavaScript syntax, case-sensitive; a leading `(?i)` makes it case-insensitive); `additional_tags` at most 1000 characters of letters, digits, spaces, `-`, `_`, separated by `|`; `auto_removal_protected: true` clears `auto_removal_keep_recent_count`, which is rejected while protected; `min_duration`/`max_duration` whole seconds 0-86400, the maximum longer than the minimum. A changed subfolder moves the channel's folder (files, library records, `.m3u` files and media-server playlists follow; `folderMoved`, `moveResult`). 409 when the subfolder changes while a download of the channel is queued or running (`CHANNELS_DOWNLOADS_IN_PROGRESS`, or `DOWNLOAD_CHANNEL_BUSY` when one started meanwhile), or when the target folder already holds files of the same names (`DOWNLOAD_MOVE_CONFLICT`); 503 `DOWNLOAD_MOVE_FAILED` when the file system refused the move (nothing changed).",
        params: ChannelIdParams,
        body: ChannelSettingsUpdate,
        response: { 200: ChannelSettingsUpdateResponse, ...errors, 409: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (request) => settings.put(request.params.channelId, request.body),
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
