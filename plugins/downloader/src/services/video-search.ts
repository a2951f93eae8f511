import {
  CancelledError,
  DownloaderErrorCodes as E,
  InvalidInputError,
  PlatformRefusedError,
  searchQueryProblem,
  type CheckVideoUrlResponse,
  type FoundVideo,
  type LibraryRecord,
  type LibraryService,
  type PluginLogger,
  type SourceClient,
  type SourceFailure,
  type SourceInfo,
  type VideoSearchProvider,
  type VideoSearchResult,
} from '@vidkeep/contracts';
import { parsePlatformUrl, videoUrl } from '@vidkeep/platform';
import type { ActivityTracker } from './activity.js';
import { metadataOf, type MetadataService } from './metadata.js';

/** A video found on the platform, before the library's state is added. */

const ID = /^[A-Za-z0-9_-]{11}$/;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : null;
};

/** ISO 8601 durations of the Data API (`PT1H2M3S`; `P0D` for live) in seconds. */

function publishedOf(e: SourceInfo): string | null {
  if (typeof e.timestamp === 'number' && Number.isFinite(e.timestamp))
    return new Date(e.timestamp * 1000).toISOString();
  const d = typeof e.upload_date === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(e.upload_date) : null;
  return d ? `${d[1]}-${d[2]}-${d[3]}T00:00:00.000Z` : null;
}

function thumbnailOf(e: SourceInfo): string | null {
  if (typeof e.thumbnail === 'string') return e.thumbnail;
  const list = Array.isArray(e.thumbnails) ? (e.thumbnails as { url?: unknown }[]) : [];
  const url = list
    .map((t) => t.url)
    .filter((u): u is string => typeof u === 'string')
    .pop();
  return url ? (url.startsWith('//') ? `https:${url}` : url) : null;
}

/** A yt-dlp search entry (flat) or info dict as a result; null for anything that is not a video. */
export function fromYtDlp(e: SourceInfo): FoundVideo | null {
  const id = str(e.id);
  if (!id || !ID.test(id)) return null;
  return {
    sourceId: id,
    title: str(e.title) ?? id,
    url: videoUrl(id),
    channelName: str(e.channel) ?? str(e.uploader),
    channelId: str(e.channel_id),
    duration: int(e.duration),
    thumbnailUrl: thumbnailOf(e),
    publishedAt: publishedOf(e),
    viewCount: int(e.view_count),
  };
}

export interface VideoLookupDeps {
  source: SourceClient;
  /** The Data API search the channels plugin contributes (`videoSearchProvidersRef`), if any. */
  api: () => VideoSearchProvider | undefined;
  library: Pick<LibraryService, 'records' | 'record'>;
  activity: Pick<ActivityTracker, 'get'>;
  metadata: Pick<MetadataService, 'provide'>;
  logger: PluginLogger;
  timeoutMs: number;
}

/** The library's status of a video: never downloaded, downloaded (file there), or missing (deleted or gone). */
function statusOf(row: LibraryRecord | undefined | null): VideoSearchResult['status'] {
  if (!row) return 'never_downloaded';
  return row.removed || row.missingAt ? 'missing' : 'downloaded';
}

const searchTimedOut = (ms: number) =>
  new PlatformRefusedError('timeout', E.searchTimeout, `The search took longer than ${Math.round(ms / 1000)} seconds`);

/**
 * Searching the platform for videos (reference 1.5 `POST /api/videos/search`) and checking one
 * pasted URL before it is queued (`/api/checkSourceVideoURL`). Each result says what the library
 * has of it. Nothing is stored, except that a checked video's metadata is remembered for ten
 * minutes so that queueing it answers at once.
 */
export class VideoLookup {
  constructor(private readonly deps: VideoLookupDeps) {}

  async search(raw: string, count: number, clientGone: AbortSignal): Promise<VideoSearchResult[]> {
    const q = searchQueryProblem(raw);
    if ('error' in q) {
      throw new InvalidInputError(E.invalidRequest, q.error, { details: [{ path: 'body/query', message: q.error }] });
    }
    const timeout = AbortSignal.timeout(this.deps.timeoutMs);
    const signal = AbortSignal.any([clientGone, timeout]);
    const stop = () => {
      if (clientGone.aborted) return new CancelledError(E.clientClosed, 'The client closed the request');
      if (timeout.aborted) return searchTimedOut(this.deps.timeoutMs);
      return null;
    };
    let found: FoundVideo[] | null = null;
    const api = this.deps.api();
    if (api?.available()) {
      try {
        found = await api.search(q.query, count, signal);
      } catch (err) {
        const s = stop();
        if (s) throw s;
        this.deps.logger.warn(
          { reason: (err as { reason?: string }).reason ?? String(err) },
          'Data API video search failed; using yt-dlp',
        );
      }
    }
    if (!found) {
      const entries: SourceInfo[] = [];
      const r = await this.deps.source.streamEntries(`ytsearch${count}:${q.query}`, (e) => entries.push(e), {
        timeoutMs: this.deps.timeoutMs + 1000,
        signal,
      });
      const s = stop();
      if (s) throw s;
      if (!r.ok) {
        if (r.failure.timedOut) throw searchTimedOut(this.deps.timeoutMs);
        throw new PlatformRefusedError(
          'failed',
          E.searchFailed,
          `The search failed: ${r.failure.diagnosis.cause} ${r.failure.diagnosis.fix}`,
        );
      }
      const seen = new Set<string>();
      found = entries
        .map(fromYtDlp)
        .filter((v): v is FoundVideo => !!v && !seen.has(v.sourceId) && !!seen.add(v.sourceId))
        .slice(0, count);
    }
    const rows = new Map((await this.deps.library.records(found.map((v) => v.sourceId))).map((r) => [r.sourceId, r]));
    return found.map((v) => {
      const row = rows.get(v.sourceId);
      return {
        ...v,
        status: statusOf(row),
        activity: this.deps.activity.get(v.sourceId)?.state ?? null,
        databaseId: row?.id ?? null,
        filePath: row?.filePath ?? null,
        fileSize: row?.fileSize ?? null,
        audioFilePath: row?.audioFilePath ?? null,
        audioFileSize: row?.audioFileSize ?? null,
        addedAt: row ? row.downloadedAt.toISOString() : null,
        isProtected: row ? row.protected : null,
        normalizedRating: row?.normalizedRating ?? null,
        ratingSource: row?.ratingSource ?? null,
        videoResolution: row?.videoResolution ?? null,
      };
    });
  }

  /**
   * One pasted URL: yt-dlp reads the video's metadata once (no download); the answer says what
   * the library has of it. A URL that is not a single video, or a video the platform refuses, is
   * `isValidUrl: false` with the reason in plain words (cookies required: `COOKIES_REQUIRED`).
   */
  async checkUrl(url: string): Promise<CheckVideoUrlResponse> {
    const parsed = parsePlatformUrl(url);
    const base: CheckVideoUrlResponse = {
      isValidUrl: false,
      isAlreadyDownloaded: false,
      isMembersOnly: false,
      status: 'never_downloaded',
      activity: null,
      downloaded: null,
      metadata: null,
      error: null,
      errorCode: null,
    };
    if (parsed.kind !== 'video') {
      const error =
        parsed.kind === 'invalid'
          ? `Not a video URL: ${parsed.reason}`
          : `That is a ${parsed.kind} URL: paste the URL of one video (follow playlists and subscribe to channels on their pages)`;
      return { ...base, error, errorCode: 'NOT_A_VIDEO_URL' };
    }
    const { sourceId } = parsed;
    const row = await this.deps.library.record(sourceId);
    const local = {
      status: statusOf(row),
      isAlreadyDownloaded: !!row,
      activity: this.deps.activity.get(sourceId)?.state ?? null,
      downloaded: row
        ? {
            downloadedAt: row.downloadedAt.toISOString(),
            videoResolution: row.videoResolution,
            removed: row.removed,
            missing: !row.removed && !!row.missingAt,
          }
        : null,
    };
    const r = await this.deps.source.playlistInfo(videoUrl(sourceId), { timeoutMs: this.deps.timeoutMs });
    if (!r.ok) return { ...base, ...local, ...refusal(r.failure) };
    const info = r.value;
    const found = fromYtDlp(info);
    if (!found) return { ...base, ...local, error: 'The platform did not describe a video', errorCode: 'FAILED' };
    this.deps.metadata.provide(sourceId, metadataOf(info));
    const availability = str(info.availability);
    return {
      ...base,
      ...local,
      isValidUrl: true,
      isMembersOnly: availability === 'subscriber_only',
      metadata: {
        sourceId,
        url: found.url,
        channelName: found.channelName,
        channelId: found.channelId,
        videoTitle: found.title,
        duration: found.duration,
        thumbnailUrl: found.thumbnailUrl,
        publishedAt: typeof info.timestamp === 'number' ? Math.round(info.timestamp) : null,
        availability,
        media_type: str(info.media_type),
      },
    };
  }
}

/** A platform refusal of a URL check in plain words, with the reference's `COOKIES_REQUIRED`. */
function refusal(f: SourceFailure): Pick<CheckVideoUrlResponse, 'error' | 'errorCode' | 'isMembersOnly'> {
  const d = f.diagnosis;
  const words = `${d.cause} ${d.fix}`.trim();
  if (d.kind === 'bot_check' || d.kind === 'age_restricted')
    return {
      error: `The platform wants cookies to show this video: ${words}`,
      errorCode: 'COOKIES_REQUIRED',
      isMembersOnly: false,
    };
  if (d.kind === 'members_only') return { error: words, errorCode: 'MEMBERS_ONLY', isMembersOnly: true };
  if (d.kind === 'private') return { error: words, errorCode: 'PRIVATE', isMembersOnly: false };
  if (d.kind === 'removed' || d.kind === 'unavailable')
    return { error: words, errorCode: 'UNAVAILABLE', isMembersOnly: false };
  if (f.timedOut)
    return { error: 'The platform did not answer in time. Try again.', errorCode: 'TIMEOUT', isMembersOnly: false };
  return { error: `The video could not be read: ${words}`, errorCode: 'FAILED', isMembersOnly: false };
}
