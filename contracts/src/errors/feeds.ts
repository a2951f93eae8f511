/** Errors of the podcast feeds plugin. Prefix `FEEDS_`. */
export const FeedErrorCodes = {
  /** No feed has this id (it was revoked). */
  feedNotFound: 'FEEDS_FEED_NOT_FOUND',
  /** The channel is not subscribed, or the playlist not followed: nothing to make a feed of. */
  subjectNotFound: 'FEEDS_SUBJECT_NOT_FOUND',
  /** No plugin offers feeds of this kind (the channels or playlists plugin is switched off). */
  kindUnavailable: 'FEEDS_KIND_UNAVAILABLE',
  /** At most 1,000 feeds. */
  limitReached: 'FEEDS_LIMIT_REACHED',
} as const;
