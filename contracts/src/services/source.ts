import type { Diagnosis } from '../schemas/downloader/failures.js';
import type { JobLane } from '../schemas/downloader/jobs.js';
import { serviceRef } from './ref.js';

/** A raw yt-dlp info dict or flat-playlist entry. */
export type SourceInfo = Record<string, unknown>;

export interface SourceQueryOptions {
  /** `--playlist-end N`. */
  playlistEnd?: number;
  /** `--playlist-items SPEC` (e.g. `0` for metadata only, `1-25`). */
  playlistItems?: string;
  /** `--extractor-args youtubetab:approximate_date`: flat entries carry an approximate `timestamp`. */
  approximateDate?: boolean;
  /**
   * Who asked: `manual` (a person: a preview, a search; the default) passes a spent platform budget
   * and once a cool-down; `automatic` (a sweep) waits for both and gets a failure meanwhile.
   */
  lane?: JobLane;
  /** Pace requests with the configured `--sleep-requests` (long listings). Default false. */
  sleep?: boolean;
  /**
   * `--lazy-playlist`: entries are handed over page by page as yt-dlp reads the listing. Without
   * it yt-dlp reads every page of a listing before it prints the first entry.
   */
  lazy?: boolean;
  /**
   * Called each time yt-dlp asks the platform for the next page of a listing (a continuation:
   * `[youtube:tab] <id> page N: Downloading API JSON`), with N (1 = the first page after the
   * listing's own page). Runs yt-dlp with `--verbose`, whose extra output is never reported as
   * the error.
   */
  onPage?: (page: number) => void;
  /** Stop the process after this long (default 120 s). */
  timeoutMs?: number;
  /** Stop the process when aborted (client went away, shutdown). */
  signal?: AbortSignal;
  /**
   * Read the platform with this Netscape cookie file instead of the configured one (a
   * subscription import's own upload). yt-dlp may write refreshed cookies back into it.
   */
  cookiesFile?: string;
}

export interface SourceFailure {
  /** Plain-language diagnosis of the yt-dlp error output. */
  diagnosis: Diagnosis;
  /** The process was stopped by `timeoutMs`. */
  timedOut: boolean;
  /** The process was stopped by `signal`. */
  aborted: boolean;
  /** The platform says the page does not exist (a 404 page, "does not exist", "does not have a … tab"). */
  notFound: boolean;
  /** Last lines of yt-dlp's error output. */
  stderr: string;
}

export type SourceResult<T> = { ok: true; value: T } | { ok: false; failure: SourceFailure };

/**
 * The downloader plugin's access to the platform through yt-dlp, shared so that every plugin
 * asks the platform with the same binary, cookies, proxy, network settings and error diagnosis.
 */
export interface SourceClient {
  /** `--flat-playlist --dump-single-json`: the page's own fields plus its (flat) entries. */
  playlistInfo(url: string, options?: SourceQueryOptions): Promise<SourceResult<SourceInfo>>;
  /** `--flat-playlist --dump-json`: entries one per line, handed over as they arrive. */
  streamEntries(
    url: string,
    onEntry: (entry: SourceInfo) => void,
    options?: SourceQueryOptions,
  ): Promise<SourceResult<{ count: number }>>;
}

export const sourceClientRef = serviceRef<SourceClient>('downloader.sourceClient');
