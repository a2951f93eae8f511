/** The media servers as the playlists plugin sees them. */
import { Type, type Static } from '../../typebox.js';

export const MediaServerStatus = Type.Object(
  {
    plex: Type.Boolean(),
    jellyfin: Type.Boolean(),
    emby: Type.Boolean(),
    servers: Type.Array(
      Type.Object({
        kind: Type.String(),
        label: Type.String(),
        connected: Type.Boolean({ description: 'Configured, and its plugin switched on' }),
      }),
      { description: 'Every media-server provider whose plugin is on (also third-party kinds)' },
    ),
  },
  { description: '`plex`/`jellyfin`/`emby`: configured and switched on (the reference shape)' },
);
export type MediaServerStatus = Static<typeof MediaServerStatus>;
