import type { PlaylistFollowing } from '../services/following.js';
import type { PlaylistLister } from '../services/lister.js';
import type { PlaylistVideos } from '../services/playlist-videos.js';
import type { PlaylistPublisher } from '../services/publisher.js';
import type { PlaylistSubscriptions } from '../services/subscriptions.js';

/** What the playlists plugin's route modules share. */
export interface PlaylistRouteDeps {
  subscriptions: PlaylistSubscriptions;
  videos: PlaylistVideos;
  following: PlaylistFollowing;
  lister: PlaylistLister;
  publisher: PlaylistPublisher;
  /** Every media-server provider of a plugin that is on, and whether it is configured. */
  servers: () => { kind: string; label: string; connected: boolean }[];
}
