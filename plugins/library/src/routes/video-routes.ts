import {
  BulkDeleteRequest,
  BulkDeleteResponse,
  DeleteVideoResponse,
  DownloaderErrorCodes as E,
  ErrorEnvelope,
  errorResponses,
  LocalStatusRequest,
  LocalStatusResponse,
  SourceIdParams,
  ThumbnailQuery,
  Type,
  Video,
  VideoFileQuery,
  VideoList,
  VideoListQuery,
  VideoLinksResponse,
  VideoMetadataResponse,
  VideoProtectedRequest,
  VideoProtectedResponse,
  VideoRatingRequest,
  VideoRatingResponse,
} from '@vidkeep/contracts';
import { perClientLimit, sendFile, type FastifyPluginAsyncTypebox } from '@vidkeep/plugin-kit';
import type { VideoLibrary } from '../catalogue/video-library.js';
import type { VideoPages } from '../catalogue/video-pages.js';

const errors = errorResponses(400, 401, 403, 404);

export const videoRoutes: FastifyPluginAsyncTypebox<{ library: VideoLibrary; pages: VideoPages }> = async (
  app,
  { library, pages },
) => {
  app.get(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary: 'Downloaded videos with paging, search and sort',
        description:
          "The library list (the reference's `GET /getVideos`). Each video carries `watched` (null = unknown: no media server reported on it) and `watched_by`, its content rating (`normalized_rating`, `rating_source`), `protected` and `missingAt`. Every filter applies before paging, so `total` counts the filtered videos. `watchedState`: `watched` (under `watchStatusWatchedRule`), `unwatched` (a server knows it and nobody under the rule watched it), `unknown` (no server reported on it; every video while no watch-status plugin runs), `any` (default). Tri-state `protectedFilter` and `missingFilter` (`off`, `only`, `exclude`; missing = the file was found gone from disk), `downloadedFrom`/`downloadedTo` (days, inclusive, UTC), `minDuration`/`maxDuration` (seconds), `minSize`/`maxSize` (bytes of the video file, else the audio file), `channelId`. A video of unknown duration or size matches no bound on it.",
        querystring: VideoListQuery,
        response: { 200: VideoList, ...errors },
      },
    },
    async (request) => library.list(request.query),
  );

  app.get(
    '/api/videos/:sourceId',
    {
      schema: {
        tags: ['videos'],
        summary: 'One downloaded video',
        params: SourceIdParams,
        response: { 200: Video, ...errors },
      },
    },
    async (request) => library.get(request.params.sourceId),
  );

  app.get(
    '/api/videos/:sourceId/file',
    {
      config: { queryToken: true },
      schema: {
        tags: ['videos'],
        summary: 'Stream (with range requests) or download the video or audio file',
        params: SourceIdParams,
        querystring: VideoFileQuery,
        response: { 200: Type.Any(), 206: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await library.mediaFile(request.params.sourceId, request.query.kind);
      return sendFile(request, reply, file, { attachment: request.query.download });
    },
  );

  app.get(
    '/api/videos/:sourceId/thumbnail',
    {
      config: { queryToken: true },
      schema: {
        tags: ['videos'],
        summary: 'The video thumbnail (JPEG)',
        params: SourceIdParams,
        querystring: ThumbnailQuery,
        response: { 200: Type.Any(), ...errors },
      },
    },
    async (request, reply) => {
      const path = await library.thumbnailPath(request.params.sourceId);
      // Set before the file is checked, so a poster gone from disk answers as it always has.
      reply.header('cache-control', 'private, max-age=86400');
      return sendFile(request, reply, await library.onDisk(path));
    },
  );

  app.delete(
    '/api/videos/:sourceId',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete the files of a downloaded video and mark it removed',
        description:
          "One video of the reference's `DELETE /api/videos` (see that route for several at once). Nested layout: the per-video folder goes whole; flat layout: only the files of the channel folder whose names contain `[<id>]` or ` - <id>`. Then the channel folder goes when only ignorable files are left (channel artwork, `tvshow.nfo`, its `.m3u`), and an emptied `__<subfolder>` folder. The record stays, marked `removed`, so it still counts as downloaded and is never fetched again by itself. Protection does not stop a manual delete. 409 `DOWNLOAD_UNSAFE_PATH`, with nothing deleted, when a stored path is outside the output directory or does not contain the video id.",
        params: SourceIdParams,
        response: { 200: DeleteVideoResponse, ...errors, 409: ErrorEnvelope },
      },
    },
    async (request) => library.deleteVideo(request.params.sourceId),
  );

  app.post(
    '/api/videos/rating',
    {
      schema: {
        tags: ['videos'],
        summary: 'Set the content rating of videos by hand (bulk)',
        description:
          'Reference 1.5 `POST /api/videos/rating` (there with `videoIds` only). Names the videos by `sourceIds` (preferred) or library `videoIds`, up to 500. `rating`: G, PG, PG-13, R, NC-17, TV-Y, TV-Y7, TV-G, TV-PG, TV-14, TV-MA; `NR` or null = explicitly not rated. Saved as `rating_source` `Manual Override` (a later re-download keeps it), then written into the MP4 (iTunes `iTunEXTC` content rating, the file rewritten beside itself and renamed, its times kept) and into the NFO next to it. `success` lists the saved ids; `warnings` those whose files could not carry it (audio-only mp3 downloads have no rating tag; a deleted or missing file); `failed` unknown ids. 400 for a rating not in the list.',
        body: VideoRatingRequest,
        response: { 200: VideoRatingResponse, ...errors },
      },
    },
    async (request) => library.setRating(request.body),
  );

  app.delete(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary: 'Delete the files of several videos (bulk)',
        description:
          'Reference 1.5 `DELETE /api/videos` (`youtubeIds` there is `sourceIds` here; `sourceIds` wins when both are given). Each video is deleted as `DELETE /api/videos/{sourceId}` does, one after another; protection does not stop a manual delete. `deleted` lists source ids; `failed` the others with the reason and code (`DOWNLOAD_VIDEO_NOT_FOUND`, `DOWNLOAD_UNSAFE_PATH`); `success` is true when none failed.',
        body: BulkDeleteRequest,
        response: { 200: BulkDeleteResponse, ...errors },
      },
    },
    async (request) => library.deleteMany(request.body),
  );

  app.get(
    '/api/videos/:sourceId/metadata',
    {
      config: {
        rateLimit: perClientLimit({ name: 'video-metadata', max: 60, what: 'metadata requests', code: E.rateLimited }),
      },
      schema: {
        tags: ['videos'],
        summary: "A downloaded video's stored metadata and files",
        description:
          'Reference 1.7, from the info.json kept at download time (`CONFIG_DIR/jobs/info/<id>.info.json`; nothing is asked of the platform): description, tags, categories, chapters, view/like/comment counts at download time, formats offered (`availableResolutions`), the downloaded tier; `relatedFiles` are the media files and the files beside them named with `[<id>]` (poster, NFO, subtitles) with their sizes on disk now. Without a stored info.json `infoJsonAvailable` is false and the fields are null or empty.',
        params: SourceIdParams,
        response: { 200: VideoMetadataResponse, ...errors },
      },
    },
    async (request) => pages.metadata(request.params.sourceId),
  );

  app.get(
    '/api/videos/:sourceId/links',
    {
      schema: {
        tags: ['videos'],
        summary: 'Where a downloaded video appears: its channel, followed playlists',
        description:
          'Each plugin that lists videos contributes what it knows (channels: the channel, `following` = subscribed; playlists: every followed playlist holding it). Plugins switched off contribute nothing.',
        params: SourceIdParams,
        response: { 200: VideoLinksResponse, ...errors },
      },
    },
    async (request) => pages.links(request.params.sourceId),
  );

  app.patch(
    '/api/videos/:sourceId/protected',
    {
      schema: {
        tags: ['videos'],
        summary: 'Protect a video from automatic removal, or lift the protection',
        description:
          "The reference's `PATCH /api/videos/:id/protected` (1.5), addressed by source id instead of the library id. A protected video is never removed by retention (automatic removal); a manual delete still removes it. Works on removed videos too (the flag stays with the record). Channel listings copy the flag (`downloader.videos.changed`) for their `protectedFilter`.",
        params: SourceIdParams,
        body: VideoProtectedRequest,
        response: { 200: VideoProtectedResponse, ...errors },
      },
    },
    async (request) => library.setProtected(request.params.sourceId, request.body.protected),
  );

  app.post(
    '/api/videos/local-status',
    {
      schema: {
        tags: ['videos'],
        summary: 'Local download status of up to 500 videos (no platform request)',
        body: LocalStatusRequest,
        response: { 200: LocalStatusResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => pages.localStatus(request.body.sourceIds),
  );
};
