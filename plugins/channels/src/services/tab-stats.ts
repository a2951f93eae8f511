import { MEDIA_TYPES, TAB_MEDIA_TYPE, TAB_TYPES, type TabCount, type TabStats, type TabType } from '@vidkeep/contracts';
import type { ChannelRow } from '../entities.js';
import { visibleTabs } from './channel-rows.js';
import type { TabStatRow } from './channel-video-rows.js';

const HOUR = 3600_000;

/** The tabs stats are given for: every tab until detection ran, then the visible ones. */
export const statsTabs = (row: Pick<ChannelRow, 'availableTabs' | 'hiddenTabs'>): TabType[] =>
  row.availableTabs === null ? [...TAB_TYPES] : visibleTabs(row);

/**
 * Whether the platform totals should be looked up before answering: some tab's count is older
 * than a day (or missing), and no lookup was attempted in the last hour (a failed one counts).
 */
export function countsDue(
  row: Pick<ChannelRow, 'tabVideoCounts' | 'tabCountsAttemptedAt'>,
  tabs: readonly TabType[],
  now: number,
): boolean {
  const stale = (c: TabCount | undefined) => !c?.fetchedAt || now - Date.parse(c.fetchedAt) > 24 * HOUR;
  const attemptedRecently = row.tabCountsAttemptedAt && now - row.tabCountsAttemptedAt.getTime() < HOUR;
  return !attemptedRecently && tabs.some((t) => stale(row.tabVideoCounts?.[TAB_MEDIA_TYPE[t]]));
}

/**
 * Per tab: the platform's total beside the local counts, how much of it was downloaded, and
 * whether every video of the tab is known here.
 */
export function tabStats(
  row: Pick<ChannelRow, 'tabVideoCounts'>,
  tabs: readonly TabType[],
  stats: readonly TabStatRow[],
): Record<string, TabStats> {
  const result: Record<string, TabStats> = {};
  for (const tab of tabs) {
    const s = stats.find((x) => x.mediaType === TAB_MEDIA_TYPE[tab]);
    const count = row.tabVideoCounts?.[TAB_MEDIA_TYPE[tab]];
    const total = count?.total ?? null;
    const downloaded = s?.downloaded ?? 0;
    const loaded = s?.loaded ?? 0;
    result[tab] = {
      total,
      fetchedAt: count?.fetchedAt ?? null,
      downloaded,
      ignored: s?.ignored ?? 0,
      loaded,
      percent: total ? Math.min(100, Math.round((downloaded / total) * 100)) : total === 0 ? 0 : null,
      // Every video of the tab is known here: Load all would find nothing more.
      complete: total !== null && loaded >= total,
    };
  }
  return result;
}

/** The auto-download media types (CSV, canonical order) with one tab's type turned on or off. */
export function withTabAutoDownload(csv: string, tab: TabType, enabled: boolean): string {
  const media = TAB_MEDIA_TYPE[tab];
  const current = csv.split(',').filter(Boolean);
  return MEDIA_TYPES.filter((m) => (m === media ? enabled : current.includes(m))).join(',');
}
