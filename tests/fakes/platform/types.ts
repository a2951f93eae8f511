/** The fake platform's public types: what tests put in and what `startFakePlatform` gives back. */

export type FakeFailure = 'private' | 'members-only' | 'removed' | 'bot-check' | 'http-403' | 'http-429' | 'stall';
export type FakeTab = 'videos' | 'shorts' | 'streams';
export type FakeLiveStatus = 'not_live' | 'is_live' | 'is_upcoming' | 'was_live' | 'post_live';
export type FakeAvailability = 'public' | 'unlisted' | 'subscriber_only' | 'needs_auth' | 'private';
/** Failures of the search results page and ytsearch (the whole search, not one video). */
export type FakeSearchFailure = 'bot-check' | 'http-429';
/** Failures forced on every Data API request (external-apis.md 6.1, youtarr-internals.md 4). */
export type FakeApiFailure = 'quotaExceeded' | 'keyInvalid' | 'backendError';

export interface FakeSearchBehavior {
  failure?: FakeSearchFailure | null;
  /** Delays every search answer of the fixture server by this many milliseconds. */
  delayMs?: number;
}

export interface FakeVideo {
  id: string;
  title: string;
  channelId: string;
  channel: string;
  /** Like '@fixturechan'. */
  handle: string;
  duration?: number;
  heights?: number[];
  /** YYYYMMDD (UTC). */
  uploadDate?: string;
  timestamp?: number;
  description?: string;
  tags?: string[];
  liveStatus?: FakeLiveStatus;
  availability?: FakeAvailability;
  mediaType?: 'video' | 'short' | 'livestream';
  failure?: FakeFailure | null;
  /** Serves this video's media slowly (see `FakeThrottle`); null/absent = as fast as possible. */
  throttle?: FakeThrottle | null;
  /** The watch page's `age_limit` (default 0; 18 for an age-restricted video that still plays). */
  ageLimit?: number;
  /** Chapters of the description, as the watch page's `chapters` (default: none, `null`). */
  chapters?: FakeChapter[] | null;
  /**
   * Subtitles the uploader made, per language (`{ en: ['Hello', 'and welcome'] }`): one cue per
   * second, served as WebVTT under `subtitles`; automatic captions (`automatic_captions`) give
   * the same cues in every language listed. Default: none.
   */
  subtitles?: Record<string, string[]>;
  /**
   * The platform bot-checks visitors for this video: the watch page answers the `bot-check`
   * refusal unless the request carries the signed-in account's cookie (see `FakeAccount`).
   */
  requiresSignIn?: boolean;
  /** Its first media requests fail (see `FakeMediaFailures`); null/absent = they never do. */
  mediaFailures?: FakeMediaFailures | null;
}

export interface FakeChapter {
  title: string;
  start_time: number;
  end_time: number;
}

/**
 * The signed-in account of the platform: a browser signed in to it has `cookie` on
 * `.youtube.com`. yt-dlp sends the cookies of its `--cookies` file to the fixture server (the
 * plugin forwards the ones yt-dlp would send to https://www.youtube.com/), so a request is signed
 * in exactly when yt-dlp was given a cookie file holding this cookie.
 */
export interface FakeAccount {
  cookie: { name: string; value: string };
  /** Channel ids the account subscribes to, in the order the subscriptions feed lists them. */
  subscriptions: string[];
}

/**
 * A passing failure of a video's media URLs: the next `times` media requests (any format) answer
 * `status` (403 Forbidden, 500 Internal Server Error) or, with `'reset'`, have their connection
 * destroyed before any byte is sent; every request after those is served normally.
 */
export interface FakeMediaFailures {
  status: 403 | 500 | 'reset';
  times: number;
}

/**
 * A slow link: `bytes` of a media response every `everyMs`. `{ bytes: 2000, everyMs: 100 }` is a
 * steady 20 kB/s; `{ bytes: 20000, everyMs: 4000 }` arrives in bursts with silent gaps, during
 * which yt-dlp neither writes nor prints.
 */
export interface FakeThrottle {
  bytes: number;
  everyMs: number;
}

export interface FakeChannel {
  channelId: string;
  /** Like '@fixturechan'. */
  handle: string;
  name: string;
  description?: string;
  /** Video ids per tab, newest first. */
  tabs: Partial<Record<FakeTab, string[]>>;
  terminated?: boolean;
  /** Subscribers; null = the channel hides its subscriber count. Default: deterministic from the id. */
  followerCount?: number | null;
  /**
   * The platform offers the channel's tab playlists (UULF, UUSH, UULV, UUMO). false: they "do not
   * exist" (yt-dlp and the Data API), so a tab's total cannot be looked up. Default true.
   */
  tabPlaylists?: boolean;
}

export interface FakePlaylist {
  id: string;
  title: string;
  channelId: string;
  videoIds: string[];
  availability?: 'public' | 'unlisted' | 'private';
  /**
   * The listing breaks off with an error after this many entries (a connection lost mid-way);
   * the playlist still reports its full count. null/absent: it lists to the end.
   */
  failAfter?: number | null;
}

export interface FakePlatform {
  /** Base URL of the fixture server, e.g. http://127.0.0.1:41234 */
  url: string;
  /**
   * { PYTHONPATH: <python dir>[:<existing PYTHONPATH>], VIDKEEP_FAKE_PLATFORM_URL: url,
   *   VIDKEEP_SOURCE_API_URL: <url>/youtube/v3, PYTHONDONTWRITEBYTECODE: 1 } - spread over
   *   process.env for yt-dlp and the service (no __pycache__ is written into the repository).
   */
  env: Record<string, string>;
  /** Adds (or replaces) a video; fills the defaults and returns the stored record. */
  addVideo(v: FakeVideo): FakeVideo;
  addChannel(c: FakeChannel): FakeChannel;
  addPlaylist(p: FakePlaylist): FakePlaylist;
  /** Makes a channel tab with n generated videos (ids deterministic from channel + tab + index), newest first; returns ids. */
  generateTab(channelId: string, tab: FakeTab, n: number): string[];
  setFailure(videoId: string, failure: FakeFailure | null): void;
  /** Throttles or (null) unthrottles the media of a video; applies from the next media request. */
  setThrottle(videoId: string, throttle: FakeThrottle | null): void;
  /** Makes the next `times` media requests of a video fail (null: none); returns nothing. */
  setMediaFailures(videoId: string, failures: FakeMediaFailures | null): void;
  /** How many media requests of a video were answered so far (failed ones included). */
  mediaRequests(videoId: string): number;
  /** The `Range` header of each media request of a video so far (`''` without one), in order. */
  mediaRanges(videoId: string): string[];
  /** Makes the next `times` requests of a channel's pages (any tab) fail (null: none). */
  setChannelPageFailures(channelId: string, failures: FakeMediaFailures | null): void;
  /** How many requests of a channel's pages were answered so far (failed ones included). */
  channelPageRequests(channelId: string): number;
  /** Ends every stalled media response (destroys its connection) so processes can exit. */
  releaseStalls(): void;
  /**
   * Answers HTTP 429 to every request above `requests` per `windowMs` (pages, media and images;
   * not the Data API) until the oldest leave the window; null lifts the limit.
   */
  setRateLimit(limit: { requests: number; windowMs: number } | null): void;
  /** Every page (watch, channel, playlist, search) answers the bot check for `ms` from now. */
  botCheckFor(ms: number): void;
  /** HTTP 429s sent by the rate limit so far. */
  readonly tooManyRequests: number;
  /** Bot checks sent by `botCheckFor` so far. */
  readonly botChecks: number;
  /** Signs an account in (its cookie and subscriptions), or none (null). */
  setAccount(account: FakeAccount | null): void;
  /** Failure and delay of the search results page and ytsearch; replaces the previous behavior (`{}` resets). */
  setSearchBehavior(behavior: FakeSearchBehavior): void;
  /** Data API units spent today (writable, e.g. `p.apiQuotaUsed = 0` for a new day). */
  apiQuotaUsed: number;
  /** Sets the Data API daily quota in units. */
  setApiQuota(units: number): void;
  /** Makes every Data API request fail with this reason until set back to null. */
  setApiFailure(reason: FakeApiFailure | null): void;
  /**
   * Every request served, in arrival order. `path` includes the query string; `cookies` are the
   * names of the platform cookies yt-dlp sent with it (never their values).
   */
  requests: { method: string; path: string; at: number; cookies: string[] }[];
  close(): Promise<void>;
}

export interface FakePlatformInit {
  videos?: FakeVideo[];
  channels?: FakeChannel[];
  playlists?: FakePlaylist[];
  /** Duration of every video that does not set one (default 5). */
  mediaDurationSeconds?: number;
  /** Data API keys accepted in `key=` (default ['test-data-api-key']). */
  apiKeys?: string[];
  /** Data API units per day (default 10,000). */
  apiQuota?: number;
  /** The platform's signed-in account (default: none). */
  account?: FakeAccount | null;
}

// Inside the server: records as stored, every default filled in, and JSON bodies.
export type StoredVideo = Required<FakeVideo>;
/** The header the yt-dlp plugin forwards yt-dlp's platform cookies in (`name=value; …`). */
export const COOKIE_HEADER = 'x-fake-platform-cookies';
export type StoredChannel = Required<FakeChannel>;
export type StoredPlaylist = Required<Omit<FakePlaylist, 'failAfter'>> & { failAfter: number | null };
export type Json = Record<string, unknown>;
