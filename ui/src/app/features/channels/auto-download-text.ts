import type { ChannelInfo } from './api-types';
import { clockTime } from '../../shared/format';
import { tabLabel } from '../../shared/channel-format';

type AutoDownload = ChannelInfo['autoDownload'];

const tabsText = (a: AutoDownload) => a.tabs.map(tabLabel).join(' and ');
const when = (a: AutoDownload, now?: Date) =>
  a.nextCheckAt ? `at the next check (${clockTime(a.nextCheckAt, now)})` : 'at the next check';

/**
 * What subscribing starts, said before it does: "Subscribing downloads by itself: at the next
 * check (11:00), the newest 5 videos of Videos not downloaded yet, then every new one."
 */
export function autoDownloadPreview(a: AutoDownload, now?: Date): string {
  if (a.tabs.length === 0)
    return "Nothing downloads by itself: choose tabs for automatic downloads in the channel's settings.";
  return `Subscribing downloads by itself: ${when(a, now)}, the newest ${a.newest} videos of ${tabsText(a)} not downloaded yet, then every new one.`;
}

/** The notice after subscribing, with automatic downloads on (`on`) or switched off. */
export function subscribedNotice(title: string, a: AutoDownload, on: boolean, now?: Date): string {
  if (!on || a.tabs.length === 0)
    return `Subscribed to ${title}. Nothing downloads by itself; turn automatic downloads on in its settings.`;
  return `Subscribed to ${title}. Its newest videos of ${tabsText(a)} download ${when(a, now)}.`;
}
