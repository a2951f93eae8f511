import { formatBytes } from './format';
import type {
  DownloadAllPreviewResponse,
  MediaType,
  Static,
  TabStats as TabStatsSchema,
  TabType,
} from '@vidkeep/contracts';

type DownloadAllPreview = Static<typeof DownloadAllPreviewResponse>;
type TabStats = Static<typeof TabStatsSchema>;

/** `TAB_TYPES` of the contracts (a value import would bundle TypeBox). */
export const TABS: readonly TabType[] = ['videos', 'shorts', 'streams'];
/** `TAB_MEDIA_TYPE` of the contracts: the media type of each tab in `auto_download_enabled_tabs`. */
export const TAB_MEDIA: Readonly<Record<TabType, MediaType>> = {
  videos: 'video',
  shorts: 'short',
  streams: 'livestream',
};
const TAB_LABELS: Readonly<Record<TabType, string>> = { videos: 'Videos', shorts: 'Shorts', streams: 'Live' };

/** The subfolder filter value of `/getchannels` for channels without a subfolder. */
export const DEFAULT_SUBFOLDER = '__default__';

export const tabLabel = (tab: TabType): string => TAB_LABELS[tab] ?? tab;

export const isTab = (value: unknown): value is TabType =>
  typeof value === 'string' && (TABS as readonly string[]).includes(value);

/** `"video,livestream"` → `['videos', 'streams']` (tab order; unknown entries dropped). */
export function autoDownloadTabs(csv: string | null | undefined): TabType[] {
  const media = new Set((csv ?? '').split(',').map((s) => s.trim()));
  return TABS.filter((t) => media.has(TAB_MEDIA[t]));
}

/** Tabs → the CSV of media types the server stores, in canonical order: `['streams','videos']` → `"video,livestream"`. */
export function autoDownloadCsv(tabs: readonly TabType[]): string {
  return TABS.filter((t) => tabs.includes(t))
    .map((t) => TAB_MEDIA[t])
    .join(',');
}

/** `"video,short"` → "Videos, Shorts"; nothing → "Off". */
export function autoDownloadLabel(csv: string | null | undefined): string {
  const tabs = autoDownloadTabs(csv);
  return tabs.length ? tabs.map(tabLabel).join(', ') : 'Off';
}

/** A subfolder as the user reads it: none (null, empty, `__default__`) is "No subfolder". */
export function subfolderLabel(name: string | null | undefined): string {
  return !name || name === DEFAULT_SUBFOLDER ? 'No subfolder' : name;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A video's length as a clock: 65 → "1:05", 3723 → "1:02:03". Null/negative → "". */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A total length in words: 42 → "42 s", 185 → "3 min", 7500 → "2 h 05 min", 183600 → "2 d 03 h". */
export function formatTotalDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${pad(Math.floor((s % 3600) / 60))} min`;
  return `${Math.floor(s / 86400)} d ${pad(Math.floor((s % 86400) / 3600))} h`;
}

/** Large counts the short way: 950 → "950", 1234 → "1.2K", 2_500_000 → "2.5M". Null → "". */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** `1234` → "1,234" (grouped, independent of the browser's locale for stable texts). */
export const formatNumber = (n: number): string => new Intl.NumberFormat('en').format(n);

/** "1 video" / "3 videos"; irregular plurals are given: `plural(2, 'entry', 'entries')`. */
export const plural = (n: number, word: string, many = `${word}s`): string =>
  `${formatNumber(n)} ${n === 1 ? word : many}`;

/** What a running full fetch is doing, for the progress line; `what` is listed ("the tab", "the playlist"). */
export function fetchProgressText(
  stage: string | null | undefined,
  itemsFetched: number | null | undefined,
  what = 'the tab',
): string {
  const n = itemsFetched ?? 0;
  switch (stage) {
    case 'listing':
      return n > 0 ? `Listing ${what}: ${plural(n, 'entry', 'entries')} read` : `Listing ${what}…`;
    case 'saving':
      return `Saving ${plural(n, 'entry', 'entries')}…`;
    case 'done':
      return `Finished: ${plural(n, 'entry', 'entries')} read`;
    default:
      return 'Starting…';
  }
}

/** A Load all of a channel tab as the page shows it: `fetch-status`'s progress, or a pushed message. */
export interface ChannelFetchProgress {
  stage: 'starting' | 'listing' | 'saving' | 'done';
  itemsFetched: number;
  pagesRead: number;
  expectedTotal: number | null;
  etaSeconds: number | null;
  sleepRequests: number;
  cancelling: boolean;
}

/**
 * What a running Load all is doing, page by page: "Listing the tab: page 12, 330 of 5,000
 * entries read, about 3 min left".
 */
export function channelFetchProgressText(p: ChannelFetchProgress): string {
  const n = formatNumber(p.itemsFetched);
  if (p.cancelling) return `Cancelling: the ${plural(p.itemsFetched, 'entry', 'entries')} read so far are kept…`;
  switch (p.stage) {
    case 'listing': {
      if (p.itemsFetched === 0) return 'Listing the tab: reading the first page…';
      const of = p.expectedTotal !== null ? ` of ${formatNumber(p.expectedTotal)}` : '';
      const pages = p.pagesRead > 0 ? `page ${formatNumber(p.pagesRead)}, ` : '';
      const left =
        p.expectedTotal === null
          ? " (the tab's total is not known, so no time estimate)"
          : p.etaSeconds !== null && p.etaSeconds > 0
            ? `, about ${formatTotalDuration(p.etaSeconds)} left`
            : '';
      return `Listing the tab: ${pages}${n}${of} ${p.itemsFetched === 1 ? 'entry' : 'entries'} read${left}`;
    }
    case 'saving':
      return `Saving ${plural(p.itemsFetched, 'entry', 'entries')}…`;
    case 'done':
      return `Finished: ${plural(p.itemsFetched, 'entry', 'entries')} read`;
    default:
      return 'Starting yt-dlp…';
  }
}

/** Why a long listing takes its time: "Pages are requested 1 s apart (the sleepRequests setting), about 30 entries each." */
export function fetchPacingText(sleepRequests: number): string {
  const between =
    sleepRequests > 0 ? `${formatNumber(sleepRequests)} s apart (the sleepRequests setting)` : 'one after another';
  return `yt-dlp reads the tab page by page, about 30 entries a page; pages are requested ${between}.`;
}

type StatsFigures = Pick<TabStats, 'total' | 'downloaded' | 'percent'>;

/** The downloads of one tab against its total: "12 downloaded of 340 (4 %)"; an unknown total says how to learn it. */
export function tabStatsText(stats: StatsFigures | null | undefined): string {
  if (!stats) return '';
  if (stats.total === null)
    return `${formatNumber(stats.downloaded)} downloaded · total not known yet (Load all counts it)`;
  return `${formatNumber(stats.downloaded)} downloaded of ${formatNumber(stats.total)} (${stats.percent ?? 0} %)`;
}

/**
 * What is known here of one tab: "5,000 known here · 3 ignored", "228 of 5,000 known here"
 * while a Load all would find more.
 */
export function tabKnownText(stats: Pick<TabStats, 'total' | 'loaded' | 'ignored' | 'complete'>): string {
  const known =
    stats.total !== null && !stats.complete
      ? `${formatNumber(stats.loaded)} of ${formatNumber(stats.total)} known here`
      : `${formatNumber(stats.loaded)} known here`;
  return `${known} · ${formatNumber(stats.ignored)} ignored`;
}

/** The figure beside a tab's name: what it counts is said ("12 of 340 downloaded", "12 downloaded"). */
export function tabBadgeText(stats: Pick<TabStats, 'total' | 'downloaded'>): string {
  return stats.total === null
    ? `${formatNumber(stats.downloaded)} downloaded`
    : `${formatNumber(stats.downloaded)} of ${formatNumber(stats.total)} downloaded`;
}

type PreviewFigures = Pick<
  DownloadAllPreview,
  'count' | 'totalDurationSeconds' | 'missingDurations' | 'estimatedBytes' | 'sizeBasis'
> & { skipped?: DownloadAllPreview['skipped'] };

/** The resolution a size was estimated for: "at 1080p", "as mp3", "at 720p with an mp3 of each". */
function basisText(b: DownloadAllPreview['sizeBasis']): string {
  if (b.resolution === null) return 'as mp3';
  return `at ${b.resolution}p${b.audioFormat === 'video_mp3' ? ' with an mp3 of each' : ''}`;
}

/**
 * What "Download all…" would queue, before the user confirms: how many, how long and about how
 * large, in one sentence ("5,000 videos would be queued as one job: 2 d 03 h in total, about
 * 1.2 TB at 1080p.").
 */
export function downloadAllPreviewText(p: PreviewFigures): string {
  const skipped = skippedText(p.skipped ?? []);
  if (p.count === 0)
    return `Nothing to download: every known video of this tab is downloaded, ignored, members-only, not yet live or already queued${skipped ? `, or left out (${skipped})` : ''}.`;
  const missing = p.missingDurations
    ? ` (${plural(p.missingDurations, 'video')} without a known length ${p.missingDurations === 1 ? 'is' : 'are'} not in these figures)`
    : '';
  return `${plural(p.count, 'video')} would be queued as one job: ${formatTotalDuration(p.totalDurationSeconds)} in total, about ${formatBytes(p.estimatedBytes)} ${basisText(p.sizeBasis)}${missing}.${skipped ? ` Left out: ${skipped}.` : ''}`;
}

/** How the size was estimated: "Size estimated at a typical 3.6 Mbit/s for 1080p (audio included); real files vary." */
export function sizeBasisText(b: DownloadAllPreview['sizeBasis']): string {
  const rate =
    b.kilobitsPerSecond >= 1000
      ? `${(b.kilobitsPerSecond / 1000).toFixed(1)} Mbit/s`
      : `${formatNumber(b.kilobitsPerSecond)} kbit/s`;
  const what = b.resolution === null ? 'for mp3' : `for ${b.resolution}p (audio included)`;
  return `Size estimated from the lengths at a typical ${rate} ${what}; real files vary with the content.`;
}

/** The confirm button of download-all: "Queue 5,000 videos". */
export const queueButtonText = (count: number): string => `Queue ${plural(count, 'video')}`;

/** Videos a channel's duration limits left out: "2 videos shorter than 1:00, the channel's minimum duration". */
export function skippedText(skipped: readonly { reason: string; count: number }[]): string {
  return skipped.map((s) => `${plural(s.count, 'video')} ${s.reason}`).join('; ');
}

/** What the channel page says after its settings were saved (and whether the folder moved). */
export function savedSettingsNotice(answer: {
  folderMoved: boolean;
  moveResult: { folders: { to: string }[]; videos: number } | null;
  settings: { subfolder: string | null };
}): string {
  if (!answer.folderMoved || !answer.moveResult) return 'Settings saved.';
  const where = answer.settings.subfolder ? `__${answer.settings.subfolder}` : 'the root of the output folder';
  return `Settings saved. The channel's folder moved to ${where} with ${plural(answer.moveResult.videos, 'video')}; its .m3u file and the media-server playlists follow.`;
}

/** The answer to "Download selected": "Queued 3 videos (1 video already queued or downloading)." */
export const queuedText = (queued: number, alreadyActive: number): string =>
  `Queued ${plural(queued, 'video')}${alreadyActive ? ` (${plural(alreadyActive, 'video')} already queued or downloading)` : ''}.`;
