import type { EventBus } from '@vidkeep/contracts';
import type { wireChannels } from '../wiring.js';

type Wired = Pick<ReturnType<typeof wireChannels>, 'store' | 'videos' | 'automation'>;

/**
 * What a download tells the listings beyond the library state (which the library copy keeps,
 * see `ChannelLibraryCopy`): the video's exact publication date, and each channel's `.m3u`,
 * rewritten once per job.
 */
export function subscribeLibraryChanges(events: EventBus, { store, videos, automation }: Wired): void {
  const m3uPending = new Set<string>();
  events.subscribe('downloader.video.downloaded', async (e) => {
    if (e.channelId) m3uPending.add(e.channelId);
    if (e.publishedAt) await videos.setExactPublishedAt(e.sourceId, new Date(e.publishedAt));
  });
  events.subscribe('downloader.job.finished', async () => {
    const ids = [...m3uPending];
    m3uPending.clear();
    for (const id of ids) {
      const row = await store.byChannelId(id);
      if (row?.m3uEnabled) await automation.writeM3u(row);
    }
  });
}
