import type { MediaType, TabType } from './api-types';

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

/** The figures of one tab: "12 / 340 downloaded (4 %)"; an unknown total says so. */
export function tabStatsText(
  stats: { total: number | null; downloaded: number; percent: number | null } | null | undefined,
): string {
  if (!stats) return '';
  if (stats.total === null) return `${formatNumber(stats.downloaded)} downloaded (total unknown)`;
  return `${formatNumber(stats.downloaded)} / ${formatNumber(stats.total)} downloaded (${stats.percent ?? 0} %)`;
}

/** What "Download all…" would queue, before the user confirms. */
export function downloadAllPreviewText(p: {
  count: number;
  totalDurationSeconds: number;
  missingDurations: number;
  skipped?: readonly { reason: string; count: number }[];
}): string {
  const skipped = skippedText(p.skipped ?? []);
  if (p.count === 0)
    return `Nothing to download: every known video of this tab is downloaded, ignored, members-only, not yet live or already queued${skipped ? `, or left out (${skipped})` : ''}.`;
  const missing = p.missingDurations ? ` (${plural(p.missingDurations, 'video')} without a known length)` : '';
  return `${plural(p.count, 'video')} would be queued as one job, about ${formatTotalDuration(p.totalDurationSeconds)} in total${missing}.${skipped ? ` Left out: ${skipped}.` : ''}`;
}

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
