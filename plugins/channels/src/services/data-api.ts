/**
 * The platform's Data API (v3), used only when the user configured a key: channel search, tab
 * counts and, for the downloader's video search, video search. The one client of the Data API in
 * vidkeep, so one quota policy: a quota error puts the key to rest until the next midnight Pacific
 * time (when the daily quota resets); every caller then falls back to yt-dlp.
 */
import type { FoundVideo } from '@vidkeep/contracts';
import { foundVideo, type ApiVideo } from './video-results.js';

/** One item of the Data API's `channels` answer, as far as it is read (every field may be absent). */
interface ApiChannelItem {
  id?: unknown;
  snippet?: {
    title?: unknown;
    description?: unknown;
    customUrl?: unknown;
    thumbnails?: Partial<Record<'default' | 'medium' | 'high', { url?: string }>>;
  };
  statistics?: { hiddenSubscriberCount?: boolean; subscriberCount?: unknown; videoCount?: unknown };
}

export class DataApiError extends Error {
  constructor(
    readonly reason: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiChannel {
  channelId: string;
  title: string;
  description: string | null;
  handle: string | null;
  thumbnailUrl: string | null;
  subscriberCount: number | null;
  videoCount: number | null;
}

const TIMEOUT_MS = 15_000;
/** A public video every key can look up; the test of a key asks for it (the reference does the same). */
const PROBE_VIDEO_ID = 'dQw4w9WgXcQ';

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) ? n : null;
};

/** Next midnight in America/Los_Angeles (when the daily quota resets). */
export function nextPacificMidnight(now: Date): Date {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(fmt.formatToParts(now).map((p) => [p.type, p.value]));
  const elapsed = (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000;
  return new Date(now.getTime() - elapsed + 24 * 3600 * 1000);
}

export class DataApiClient {
  private cooldownUntil = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly key: () => string,
  ) {}

  available(): boolean {
    return this.key() !== '' && Date.now() >= this.cooldownUntil;
  }

  /** Until when the stored key rests after a quota error (null when it does not). */
  coolingDownUntil(now = Date.now()): Date | null {
    return now < this.cooldownUntil ? new Date(this.cooldownUntil) : null;
  }

  /**
   * Asks the API with `key` the cheapest question there is (`videos.list` for one id, part `id`:
   * 1 unit). Throws the API's refusal as a DataApiError, a network failure as it comes. When
   * `key` is the stored key, a quota error puts it to rest and a success ends the rest.
   */
  async probe(key: string, signal?: AbortSignal): Promise<void> {
    const stored = key === this.key();
    await this.get('videos', { part: 'id', id: PROBE_VIDEO_ID, maxResults: '1' }, signal, key, stored);
    if (stored) this.cooldownUntil = 0;
  }

  private async get(
    path: string,
    params: Record<string, string>,
    signal?: AbortSignal,
    key = this.key(),
    restOnQuota = true,
  ): Promise<Record<string, unknown>> {
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('key', key);
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const res = await fetch(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { accept: 'application/json' },
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const error = (body.error ?? {}) as { message?: string; errors?: { reason?: string }[] };
      const reason = error.errors?.[0]?.reason ?? `http_${res.status}`;
      if (reason === 'quotaExceeded' && restOnQuota) this.cooldownUntil = nextPacificMidnight(new Date()).getTime();
      throw new DataApiError(reason, res.status, (error.message ?? `HTTP ${res.status}`).replace(/<[^>]*>/g, ''));
    }
    return body;
  }

  /**
   * `search.list` of one type, page after page until `count` distinct ids: each id in the
   * platform's relevance order with its snippet.
   */
  private async searchPages(
    type: 'video' | 'channel',
    query: string,
    count: number,
    signal?: AbortSignal,
  ): Promise<Map<string, ApiVideo['snippet']>> {
    const found = new Map<string, ApiVideo['snippet']>();
    let pageToken = '';
    while (found.size < count) {
      const page = await this.get(
        'search',
        {
          part: 'snippet',
          type,
          q: query,
          maxResults: String(Math.min(50, count - found.size)),
          ...(pageToken ? { pageToken } : {}),
        },
        signal,
      );
      const items = (page.items ?? []) as { id?: Record<string, unknown>; snippet?: ApiVideo['snippet'] }[];
      for (const item of items) {
        const id = item.id?.[`${type}Id`];
        if (typeof id === 'string' && id !== '' && !found.has(id)) found.set(id, item.snippet);
      }
      pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : '';
      if (!pageToken || items.length === 0) break;
    }
    return found;
  }

  /** Channel search in the platform's relevance order. */
  async searchChannels(query: string, count: number, signal?: AbortSignal): Promise<ApiChannel[]> {
    const ids = [...(await this.searchPages('channel', query, count, signal)).keys()];
    const details = new Map<string, ApiChannel>();
    for (let i = 0; i < ids.length; i += 50) {
      for (const c of await this.channels(ids.slice(i, i + 50), signal)) details.set(c.channelId, c);
    }
    return ids.map((id) => details.get(id)).filter((c): c is ApiChannel => !!c);
  }

  async channels(ids: string[], signal?: AbortSignal): Promise<ApiChannel[]> {
    const body = await this.get(
      'channels',
      { part: 'snippet,statistics', id: ids.join(','), maxResults: '50' },
      signal,
    );
    return ((body.items ?? []) as ApiChannelItem[]).map((item) => {
      const s = item.snippet ?? {};
      const st = item.statistics ?? {};
      const thumbs = s.thumbnails ?? {};
      return {
        channelId: String(item.id),
        title: String(s.title ?? item.id),
        description: typeof s.description === 'string' && s.description ? s.description : null,
        handle:
          typeof s.customUrl === 'string' && s.customUrl
            ? s.customUrl.startsWith('@')
              ? s.customUrl
              : `@${s.customUrl}`
            : null,
        thumbnailUrl: (thumbs.medium ?? thumbs.default ?? thumbs.high)?.url ?? null,
        subscriberCount: st.hiddenSubscriberCount ? null : num(st.subscriberCount),
        videoCount: num(st.videoCount),
      };
    });
  }

  /** `pageInfo.totalResults` of a playlist; null when the playlist does not exist (the tab is absent). */
  async playlistCount(playlistId: string, signal?: AbortSignal): Promise<number | null> {
    try {
      const body = await this.get('playlistItems', { part: 'id', playlistId, maxResults: '1' }, signal);
      return num((body.pageInfo as { totalResults?: unknown } | undefined)?.totalResults) ?? 0;
    } catch (err) {
      if (err instanceof DataApiError && err.status === 404) return null;
      throw err;
    }
  }

  /**
   * Video search (`search.list` type video, then `videos.list` for durations and views), for the
   * downloader's `POST /api/videos/search`. A spent quota rests the key as every other call does.
   */
  async searchVideos(query: string, count: number, signal: AbortSignal): Promise<FoundVideo[]> {
    const snippets = await this.searchPages('video', query, count, signal);
    const ids = [...snippets.keys()];
    const details = new Map<string, ApiVideo>();
    for (let i = 0; i < ids.length; i += 50) {
      const body = await this.get(
        'videos',
        { part: 'contentDetails,statistics', id: ids.slice(i, i + 50).join(','), maxResults: '50' },
        signal,
      );
      for (const v of (body.items ?? []) as ApiVideo[]) if (typeof v.id === 'string') details.set(v.id, v);
    }
    return ids.slice(0, count).map((id) => foundVideo(id, snippets.get(id), details.get(id)));
  }
}
