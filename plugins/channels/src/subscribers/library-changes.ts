import type { EventBus, PluginLogger } from '@vidkeep/contracts';
import type { wireChannels } from '../wiring.js';

type Wired = Pick<ReturnType<typeof wireChannels>, 'store' | 'videos' | 'automation' | 'hub' | 'libraryService'>;

/**
 * Downloads keep the listing cache current: downloaded (exact date), deleted, the library's
 * protected and missing flags, and each channel's `.m3u` once per job.
 */
export function subscribeLibraryChanges(
  events: EventBus,
  { store, videos, automation, hub, libraryService }: Wired,
): void {
  const m3uPending = new Set<string>();
  // Once recorded, the channel pages showing these videos are told to count again (a bulk
  // deletion: at most four messages a second per channel).
  const changed = (channelIds: readonly string[], reason: 'downloaded' | 'removed') => {
    for (const channelId of channelIds)
      hub?.broadcast({ type: 'channelUpdated', channelId, reason }, { coalesceKey: `channelUpdated:${channelId}` });
  };
  events.subscribe('downloader.video.downloaded', async (e) => {
    changed(
      await videos.markDownloaded(e.sourceId, e.publishedAt ? new Date(e.publishedAt) : null, new Date(e.downloadedAt)),
      'downloaded',
    );
    if (e.channelId) m3uPending.add(e.channelId);
  });
  events.subscribe('downloader.video.removed', async (e) => {
    changed(await videos.markRemoved(e.sourceId), 'removed');
  });
  // The library's protected and missing flags, copied for the listings' filters.
  events.subscribe('downloader.videos.changed', async ({ sourceIds }) => {
    const known = await libraryService.libraryVideos(sourceIds);
    const seen = new Set(known.map((v) => v.sourceId));
    await videos.setLibraryFlags(
      known.map((v) => ({ sourceId: v.sourceId, protected: v.protected, missing: v.missing })),
      sourceIds.filter((id) => !seen.has(id)),
    );
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

/** At start, in the background (the first answer never waits for it): the library flags copied again. */
export function resyncLibraryFlags(
  { videos, libraryService }: Pick<Wired, 'videos' | 'libraryService'>,
  logger: PluginLogger,
): void {
  void libraryService
    .flaggedVideos()
    .then((flagged) => videos.syncLibraryFlags(flagged))
    .then((n) => n > 0 && logger.info({ videos: n }, 'Library flags of channel videos brought up to date'))
    .catch((err: unknown) => logger.warn({ err }, 'Copying the library flags of channel videos failed'));
}
