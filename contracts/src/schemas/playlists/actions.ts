/** What a followed playlist can be asked to do: refresh, download, select entries, reset, sync, rewrite its .m3u, ignore. */
import { AudioFormat, Resolution } from '../../config/downloader.js';
import { Type, type Static } from '../../typebox.js';
import { Nullable, RatingInput } from '../common.js';
import { SourceId } from '../downloader/videos.js';
import { Playlist, PLAYLIST_SELECTION_MAX } from './playlist.js';

export const RefreshPlaylistResponse = Type.Object({
  fetched: Type.Integer(),
  complete: Type.Boolean({ description: 'The listing was verified complete (rows missing from it were removed)' }),
  warning: Nullable(Type.String()),
});

/** Download overrides, checked by the same rules as a channel's download-all. */
export const PlaylistOverrideSettings = Type.Object(
  {
    resolution: Type.Optional(Resolution),
    allowRedownload: Type.Optional(Type.Boolean({ description: 'Download again what was downloaded before' })),
    skipVideoFolder: Type.Optional(Type.Boolean()),
    subfolder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    audioFormat: Type.Optional(Nullable(AudioFormat)),
    rating: Type.Optional(RatingInput('A content rating for this download; `NR` or null = not rated')),
  },
  { additionalProperties: false },
);
export type PlaylistOverrideSettings = Static<typeof PlaylistOverrideSettings>;
export const PlaylistDownloadRequest = Type.Object(
  {
    videoIds: Type.Optional(
      Type.Array(SourceId, {
        minItems: 1,
        maxItems: PLAYLIST_SELECTION_MAX,
        uniqueItems: true,
        description: 'Exactly these entries (also ignored ones); without it: every new entry ("Download new")',
      }),
    ),
    overrideSettings: Type.Optional(PlaylistOverrideSettings),
  },
  { additionalProperties: false },
);
export type PlaylistDownloadRequest = Static<typeof PlaylistDownloadRequest>;
export const PlaylistDownloadResponse = Type.Object({
  status: Type.Literal('accepted'),
  message: Type.String(),
  queued: Type.Integer(),
  jobIds: Type.Array(Type.String()),
});

export const PlaylistSelectionRequest = Type.Object(
  { videoIds: Type.Array(SourceId, { minItems: 1, maxItems: PLAYLIST_SELECTION_MAX, uniqueItems: true }) },
  { additionalProperties: false },
);
export const PlaylistSelectionResponse = Type.Object({
  success: Type.Literal(true),
  requested: Type.Integer({ description: 'Entries now waiting for an automatic download' }),
  skipped: Type.Array(Type.Object({ sourceId: Type.String(), reason: Type.String() }), {
    description: 'Entries not requested, with why (downloaded, unavailable, not in the playlist)',
  }),
});
export const PlaylistResetResponse = Type.Object({
  success: Type.Literal(true),
  cleared: Type.Integer({ description: 'Pending requests cleared' }),
  playlist: Playlist,
});
export const PlaylistSyncAccepted = Type.Object({ success: Type.Literal(true), message: Type.String() });
export const RegenerateM3uResponse = Type.Object({
  success: Type.Boolean(),
  path: Nullable(Type.String({ description: 'Relative to the output directory' })),
  entries: Type.Integer(),
});
export const PlaylistIgnoreResponse = Type.Object({ success: Type.Literal(true) });
