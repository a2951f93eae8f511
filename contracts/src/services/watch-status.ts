import type { WatchedRule } from '../config/watch-status.js';
import type { LibraryVideo } from './library.js';
import type { LocalFile } from './media-servers.js';
import { multiServiceRef, serviceRef } from './ref.js';

/**
 * Watch status (spec 1 item 4, 2.10 to 2.12). Two contracts: the extension point every
 * media-server plugin implements to report what its users watched, and the service the
 * watch-status plugin offers to the plugins that show or act on watched state (library,
 * channels, playlists, retention). Absence of a record means unknown, never unwatched.
 */

/** An account of a media server. */
export interface WatchStatusUser {
  serverUserId: string;
  name: string;
  /** The server's primary (owner/admin or configured) account: `watchStatusWatchedRule: primary`. */
  primary: boolean;
}

/** One file's state for one user, as the server reports it. */
export interface ServerWatchState {
  /** The local file (as given in the request) the state belongs to. */
  path: string;
  played: boolean;
  playCount: number;
  positionMs: number;
  percentWatched: number | null;
  lastWatchedAt: Date | null;
}

export interface WatchStateRequest {
  /** The accounts to report on (what `users()` answered). */
  users: readonly WatchStatusUser[];
  /**
   * The library's files (absolute paths inside the output directory, and relative ones), read
   * when first asked for: a server that reports nothing new never needs them.
   */
  files(): Promise<readonly LocalFile[]>;
  /**
   * What the previous sync of this server left (opaque to the caller, e.g. the Plex-type history
   * cursor of spec 2.12); null for a full scan.
   */
  cursor: string | null;
  signal: AbortSignal;
}

/** What the server reported for one account. */
export interface UserWatchStates {
  serverUserId: string;
  /** Absolute states of the files that changed since `cursor` (every file the server knows on a full scan). */
  states: ServerWatchState[];
  /** True when `states` is everything the server knows for this user: stored rows absent from it go. */
  complete: boolean;
}

export interface WatchStateAnswer {
  users: UserWatchStates[];
  /** To pass next time; null when the kind keeps none (every sync is then a full scan). */
  cursor: string | null;
  /** The newest event the cursor stands for (stored as the spec's datetime, spec 2.12). */
  cursorAt: Date | null;
  /** Requests made to the server (for the run's outcome and the benchmark). */
  requests: number;
}

/** Implemented by each media-server plugin, contributed under its kind. */
export interface WatchStatusProvider {
  readonly kind: string;
  readonly label: string;
  isConfigured(): boolean;
  /** The accounts to sync: every user when the kind's "all users" switch is on, else the primary one. */
  users(signal: AbortSignal): Promise<WatchStatusUser[]>;
  /** Every account's state in one pass (the Plex-type history is one list for all accounts). */
  watchState(request: WatchStateRequest): Promise<WatchStateAnswer>;
}

export const watchStatusProvidersRef = multiServiceRef<WatchStatusProvider>('mediaServers.watchStatus');

/** Who watched a video, for lists and filters. */
export interface VideoWatch {
  /** Counts as watched under `watchStatusWatchedRule` (`any` user, or the `primary` account). */
  watched: boolean;
  /** Names of the users who watched it (`<user> (<server label>)`). */
  watchedBy: string[];
  lastWatchedAt: Date | null;
}

/** Provided by the watch-status plugin. */
export interface WatchStatusService {
  /**
   * What is known of each video; videos no server reported on are absent (unknown). `rule`
   * replaces `watchStatusWatchedRule` for this call (retention's preview of an unsaved rule).
   */
  watchOf(sourceIds: readonly string[], options?: { rule?: WatchedRule }): Promise<Map<string, VideoWatch>>;
  /** Every video with a known state: for a plugin that fills its copy for the first time. */
  watchOfAll(): Promise<Map<string, VideoWatch>>;
  /** Whether watch-status sync is on (retention's watched strategy is skipped, with a reason, otherwise). */
  enabled(): boolean;
}

export const watchStatusServiceRef = serviceRef<WatchStatusService>('watch-status.service');

/**
 * Extension point of the watch-status plugin: the files it matches against what the media servers
 * report, with the video each belongs to (the library plugin contributes its present videos; the
 * first active contribution answers). The watch-status plugin owns the point, so it depends on no
 * plugin for it, and the library, which reads the watched state back, depends on it one way only.
 * Without a contribution no file matches and every video stays unknown.
 */
export interface WatchedLibrary {
  /** Every video whose files are in the library now (not removed). */
  presentVideos(): Promise<LibraryVideo[]>;
}

export const watchedLibrariesRef = multiServiceRef<WatchedLibrary>('watch-status.libraries');
