import type { FoundVideo } from '@vidkeep/contracts';
import { videoUrl } from '@vidkeep/platform';

/** One item of the Data API's `search` or `videos` answer, as far as it is read (every field may be absent). */
export interface ApiVideo {
  id?: unknown;
  snippet?: {
    title?: unknown;
    channelTitle?: unknown;
    channelId?: unknown;
    publishedAt?: unknown;
    thumbnails?: Partial<Record<'default' | 'medium' | 'high', { url?: string }>>;
  };
  contentDetails?: { duration?: unknown };
  statistics?: { viewCount?: unknown };
}

/** The Data API's titles are HTML-escaped (`&#39;`, `&amp;`). */
export const unescapeHtml = (s: string) =>
  s.replace(/&(#39|quot|amp|lt|gt);/g, (_m, e: string) => ({ '#39': "'", quot: '"', amp: '&', lt: '<', gt: '>' })[e]!);

/** An ISO 8601 duration (`PT1H2M3S`) in seconds; null when absent, unreadable or zero. */
export function isoDuration(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!m) return null;
  const [d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0));
  const total = d! * 86400 + h! * 3600 + min! * 60 + s!;
  return total > 0 ? total : null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : null;
};

/** A search hit (its snippet) with its details (`videos.list`: duration, views) as a found video. */
export function foundVideo(id: string, snippet: ApiVideo['snippet'], details: ApiVideo | undefined): FoundVideo {
  const s = snippet ?? {};
  const thumbs = s.thumbnails ?? {};
  return {
    sourceId: id,
    title: typeof s.title === 'string' ? unescapeHtml(s.title) : id,
    url: videoUrl(id),
    channelName: typeof s.channelTitle === 'string' ? unescapeHtml(s.channelTitle) : null,
    channelId: str(s.channelId),
    duration: isoDuration(details?.contentDetails?.duration),
    thumbnailUrl: (thumbs.high ?? thumbs.medium ?? thumbs.default)?.url ?? null,
    publishedAt: typeof s.publishedAt === 'string' ? new Date(s.publishedAt).toISOString() : null,
    viewCount: int(details?.statistics?.viewCount),
  };
}
