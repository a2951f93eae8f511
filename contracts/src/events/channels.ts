import { Type, type Static } from '../typebox.js';

/**
 * New videos an automatic sweep found and queued, all of one sweep in one event (a sweep that
 * finds 40 videos in 5 channels publishes one event with 5 sources). Published by the channels
 * plugin for its hourly channel sweep and by the playlists plugin for its playlist sweep, with
 * the same payload.
 */
export const VideosDiscoveredPayload = Type.Object({
  sources: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('channel'), Type.Literal('playlist')]),
      /** The channel id or playlist id on the platform. */
      id: Type.String(),
      title: Type.String(),
      videos: Type.Array(Type.Object({ sourceId: Type.String(), title: Type.String() })),
    }),
  ),
  /** How many videos in all sources. */
  videoCount: Type.Integer({ minimum: 1 }),
  /** The download jobs the videos were queued in. */
  jobIds: Type.Array(Type.String()),
});
export type VideosDiscoveredPayload = Static<typeof VideosDiscoveredPayload>;

export const ChannelsEvents = { videosDiscovered: 'channels.videos.discovered' } as const;
