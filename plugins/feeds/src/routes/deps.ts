/** What the feeds routes are given, and the tag they share in the API document. */
import type { FastifyRequest } from '@vidkeep/plugin-kit';
import type { AudioCache } from '../audio.js';
import type { EpisodeLister } from '../episodes.js';
import type { FeedService } from '../feeds.js';
import type { InfoCache } from '../info.js';
import type { FeedStore } from '../store.js';

export interface RouteDeps {
  store: FeedStore;
  feeds: FeedService;
  episodes: EpisodeLister;
  info: InfoCache;
  audio: AudioCache;
}

export const TAG = ['feeds'];

/** The address a request was made to (behind a proxy: what it forwarded, when trusted). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
