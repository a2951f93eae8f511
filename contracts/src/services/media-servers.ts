import { multiServiceRef } from './ref.js';

/**
 * The extension point every media-server plugin implements (one contribution per kind, keyed by
 * the kind: `plex`, `jellyfin`, `emby`, or a third-party kind). The playlists plugin calls every
 * contribution of an enabled plugin and never names a kind.
 */
export type PlaylistMediaType = 'video' | 'audio';

/** One item of a playlist to publish, in the order the server playlist must have. */
export interface PlaylistSyncItem {
  sourceId: string;
  /** Absolute path of the file of the playlist's type (video file, or mp3 for audio playlists). */
  path: string;
  /** The same file relative to the output directory (forward slashes). */
  relativePath: string;
  /** Its place before its channel's folder moved, for a few minutes after the move (`LocalFile`). */
  movedFromRelativePath?: string;
  title: string;
  durationSeconds: number | null;
}

export interface PlaylistSyncRequest {
  /** Platform playlist id. */
  playlistId: string;
  title: string;
  /** `audio` for playlists downloaded as `mp3_only`; every other playlist is `video`. */
  mediaType: PlaylistMediaType;
  /** Public (server-wide) or private to the configured account; what that means is per kind (spec 1.1). */
  public: boolean;
  /** Ordered, only items with a file of `mediaType` that exists on disk. */
  items: PlaylistSyncItem[];
  /** What the last successful sync to this server left, for replace-in-place or recreate. */
  previous: { serverPlaylistId: string; mediaType: PlaylistMediaType | null } | null;
  /** Aborted on shutdown. */
  signal: AbortSignal;
}

export type PlaylistSyncResult =
  | {
      status: 'synced';
      serverPlaylistId: string;
      /** Items placed on the server playlist. */
      itemsSynced: number;
      /** Items the server did not know (not indexed yet); left out this time. */
      itemsSkipped: number;
      /** Worth a line in the log and on the playlist page (e.g. "the stored playlist was gone: created anew"). */
      note?: string;
    }
  | {
      /** Nothing changed on the server and the next sync tries again (e.g. no item indexed yet). */
      status: 'deferred';
      reason: string;
    };

export interface MediaServerProvider {
  /** The kind, equal to the contribution key. */
  readonly kind: string;
  /** How the UI names it ("Plex", "Jellyfin", "Emby"). */
  readonly label: string;
  /** Whether the server is configured well enough to try a sync (URL, credentials, user). */
  isConfigured(): boolean;
  /**
   * Publishes one playlist as a native server playlist. Throws a domain error when the server
   * refuses or cannot be reached; the message is shown to the user as the sync's last error.
   */
  syncPlaylist(request: PlaylistSyncRequest): Promise<PlaylistSyncResult>;
}

export const mediaServerProvidersRef = multiServiceRef<MediaServerProvider>('mediaServers.providers');

/** A file of a playlist as vidkeep sees it. */
export interface LocalFile {
  /** Absolute path on vidkeep's side. */
  path: string;
  /** The same file relative to the output directory, forward slashes. */
  relativePath: string;
  /**
   * Where the file was relative to the output directory before its channel's folder moved (a
   * few minutes after the move). The server may still list the file there until it rescans; such
   * an item is not taken for the file (see `matchServerFiles`).
   */
  movedFromRelativePath?: string;
}
