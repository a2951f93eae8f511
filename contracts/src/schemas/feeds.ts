import { Type, type Static } from '../typebox.js';
import { DateTime, Nullable, pathParams, platformId } from './common.js';

/** At most this many feeds (each is a private address a podcast app polls). */
export const FEEDS_MAX = 1000;

/** What a feed is made of: a subscribed channel or a followed playlist. */
export const FEED_KINDS = ['channel', 'playlist'] as const;
export const FeedKind = Type.Enum(FEED_KINDS);
export type FeedKind = Static<typeof FeedKind>;

/** Audio feeds carry the audio files (podcast apps' usual case), video feeds the video files. */
export const FEED_FORMATS = ['audio', 'video'] as const;
export const FeedFormat = Type.Enum(FEED_FORMATS);
export type FeedFormat = Static<typeof FeedFormat>;

/** One podcast feed as its owner sees it (`GET /api/feeds`). */
export const Feed = Type.Object({
  id: Type.Integer(),
  kind: FeedKind,
  /** The channel id or the playlist id. */
  subjectId: Type.String(),
  format: FeedFormat,
  /** The channel's or playlist's title now (its id when it is no longer followed). */
  title: Type.String(),
  /**
   * The private address to give a podcast app: `<base>/feeds/<token>/feed.xml`. The base is the
   * `feedsPublicUrl` setting, else the address this request was made to. Anyone with it can read
   * this feed and its episodes, nothing else; revoking the feed ends it.
   */
  url: Type.String(),
  /** Episodes the feed lists now. */
  episodes: Type.Integer(),
  /** Audio feeds: episodes whose audio file is still being made (listed once it exists). */
  pendingAudio: Type.Integer(),
  /** False when the channel is no longer subscribed or the playlist no longer followed: the feed is empty. */
  available: Type.Boolean(),
  createdAt: DateTime,
  /** When a podcast app last fetched the feed (null: never). */
  lastFetchedAt: Nullable(DateTime),
});
export type Feed = Static<typeof Feed>;

export const FeedList = Type.Object({ feeds: Type.Array(Feed) });
export type FeedList = Static<typeof FeedList>;

/** `GET /api/feeds`: all feeds, or those of one channel or playlist. */
export const FeedQuery = Type.Object(
  {
    kind: Type.Optional(FeedKind),
    subjectId: Type.Optional(platformId({ description: 'A channel id or playlist id (with `kind`)' })),
  },
  { additionalProperties: false },
);
export type FeedQuery = Static<typeof FeedQuery>;

/** `POST /api/feeds`: the feed of a channel or playlist in one format (the existing one when there is one). */
export const NewFeed = Type.Object(
  {
    kind: FeedKind,
    subjectId: platformId({ description: 'The channel id (`UC…`) or the playlist id (`PL…`)' }),
    format: FeedFormat,
  },
  { additionalProperties: false },
);
export type NewFeed = Static<typeof NewFeed>;

/** `DELETE /api/feeds`: how many feeds were revoked. */
export const FeedsRevoked = Type.Object({ revoked: Type.Integer() });
export type FeedsRevoked = Static<typeof FeedsRevoked>;

/** `/feeds/:token/...`: a feed token (43 characters of base64url), checked before anything is read. */
export const FeedTokenParams = pathParams({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type FeedTokenParams = Static<typeof FeedTokenParams>;

/** `/feeds/:token/media/:file` and the episode's artwork and chapters: `<video id>.<extension>`. */
export const FeedFileParams = pathParams({
  token: FeedTokenParams.properties.token,
  file: Type.String({ minLength: 3, maxLength: 80, pattern: '^[A-Za-z0-9_-]+\\.[a-z0-9]{2,5}$' }),
});
export type FeedFileParams = Static<typeof FeedFileParams>;
