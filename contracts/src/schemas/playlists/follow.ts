/** Following a playlist: the preview before, subscribing, changing and removing it. */
import { Type, type Static } from '../../typebox.js';
import { Nullable } from '../common.js';
import { Playlist } from './playlist.js';
import { PlaylistSettingsUpdate } from './settings.js';

const PlaylistUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'A playlist URL (`…/playlist?list=…` or a watch URL with `list=`) or a bare playlist id',
});
export const AddPlaylistInfoRequest = Type.Object({ url: PlaylistUrl }, { additionalProperties: false });
export const PlaylistPreview = Type.Object({
  playlist_id: Type.String(),
  title: Type.String(),
  uploader: Nullable(Type.String()),
  description: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  video_count: Nullable(Type.Integer({ description: 'Entries the platform reports' })),
  url: Type.String(),
  availability: Nullable(Type.String()),
  following: Type.Boolean({ description: 'Already followed (enabled)' }),
  auto_follow_possible: Type.Boolean({ description: 'At most 5,000 entries: automatic following can be set up' }),
});
export type PlaylistPreview = Static<typeof PlaylistPreview>;

export const SubscribePlaylistSettings = Type.Object(
  {
    ...PlaylistSettingsUpdate.properties,
    auto_download: Type.Optional(Type.Boolean()),
    public_on_servers: Type.Optional(Type.Boolean()),
    sync_to_plex: Type.Optional(Type.Boolean()),
    sync_to_jellyfin: Type.Optional(Type.Boolean()),
    sync_to_emby: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const SubscribePlaylistRequest = Type.Object(
  {
    url: PlaylistUrl,
    settings: Type.Optional(SubscribePlaylistSettings),
  },
  { additionalProperties: false },
);
export type SubscribePlaylistRequest = Static<typeof SubscribePlaylistRequest>;
export const SubscribePlaylistResponse = Type.Object({
  playlist: Playlist,
  restored: Type.Boolean({ description: 'A removed playlist came back with its settings and history' }),
  fetched: Type.Integer({ description: 'Entries read by the listing' }),
  warning: Nullable(Type.String({ description: 'Why automatic following waits, in plain words' })),
});

export const PatchPlaylistRequest = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'false removes the playlist (soft delete)' })),
    auto_download: Type.Optional(Type.Boolean()),
    public_on_servers: Type.Optional(Type.Boolean()),
    sync_to_plex: Type.Optional(Type.Boolean()),
    sync_to_jellyfin: Type.Optional(Type.Boolean()),
    sync_to_emby: Type.Optional(Type.Boolean()),
    sync_targets: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' }), Type.Boolean(), {
        description: 'Per media-server kind (also kinds of third-party plugins)',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchPlaylistRequest = Static<typeof PatchPlaylistRequest>;
export const PlaylistResponse = Type.Object({ playlist: Playlist });
export const PlaylistRemovedResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });
