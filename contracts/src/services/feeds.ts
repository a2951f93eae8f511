import type { FeedKind } from '../schemas/feeds.js';
import { multiServiceRef } from './ref.js';

/** A channel or playlist as a feed shows it: its words, its picture and its episodes in order. */
export interface FeedSubject {
  kind: FeedKind;
  id: string;
  title: string;
  /** Who made it (the channel's name, the playlist's uploader). */
  author: string | null;
  description: string | null;
  /** Its page on the platform. */
  link: string;
  /** A local picture file for the podcast's artwork (null: the first episode's thumbnail is used). */
  artworkFile: string | null;
  /**
   * `episodic` (newest first: a channel) or `serial` (in the playlist's order, as the playlist's
   * order setting says): podcast apps play serial feeds from the first item.
   */
  order: 'episodic' | 'serial';
  /** The downloaded videos it holds, in the feed's order (first = top of the feed). */
  sourceIds: string[];
}

/**
 * Extension point of the feeds plugin: what a feed can be made of. The channels plugin contributes
 * `channel` (subscribed channels), the playlists plugin `playlist` (followed playlists); a third
 * plugin can contribute another kind once the contract lists it.
 */
export interface FeedSource {
  kind: FeedKind;
  /** The subject, or null when it is not followed (no feed shows it). */
  subject(id: string): Promise<FeedSubject | null>;
}

export const feedSourceProvidersRef = multiServiceRef<FeedSource>('feeds.sources');
