import type { EventBus } from '@vidkeep/contracts';
import type { PlaylistsWiring } from '../wiring.js';

/**
 * Spec 1.1: after every download (manual and channel downloads too) each followed playlist
 * holding the video rewrites its `.m3u` and syncs; a deletion drops it the same way, and files
 * that moved (by hand, found by the rescan, or with their channel's folder) are pointed at anew.
 */
export function subscribeLibraryChanges(
  events: EventBus,
  { store, videoStore, publisher, hub }: Pick<PlaylistsWiring, 'store' | 'videoStore' | 'publisher' | 'hub'>,
): void {
  const republish = async (playlistRowIds: number[], reason: 'downloaded' | 'm3u') => {
    for (const id of playlistRowIds) {
      const row = await store.byRowId(id);
      if (!row?.enabled) continue;
      hub?.broadcast({ type: 'playlistUpdated', playlistId: row.playlistId, reason });
      void publisher.request(id, { m3u: true, sync: true });
    }
  };
  events.subscribe('downloader.video.downloaded', async (e) => {
    const files = { filePath: e.filePath, audioFilePath: e.audioFilePath };
    await republish(await videoStore.markDownloaded(e.sourceId, new Date(e.downloadedAt), files), 'downloaded');
  });
  events.subscribe('downloader.video.removed', async (e) => {
    await republish(await videoStore.markRemoved(e.sourceId), 'm3u');
  });
  // The file rescan found a video's files moved by hand: the .m3u files point at the new place.
  events.subscribe('downloader.video.relocated', async (e) => {
    const files = { filePath: e.filePath, audioFilePath: e.audioFilePath };
    await republish(await videoStore.relocate(e.sourceId, files), 'm3u');
  });
  // A channel's folder moved: every playlist holding one of its videos rewrites its .m3u with
  // the new paths and publishes again (media servers find the files at their new place).
  events.subscribe('downloader.videos.moved', async (e) => {
    // Where each file was: its folder's old place with the same path below it.
    const before = (path: string | null) => {
      const f = path ? e.folders.find((m) => path.startsWith(`${m.to}/`)) : undefined;
      return f && path ? [{ from: `${f.from}${path.slice(f.to.length)}`, to: path }] : [];
    };
    publisher.noteMoved(e.videos.flatMap((v) => [...before(v.filePath), ...before(v.audioFilePath)]));
    const holding = new Set<number>();
    for (const v of e.videos) {
      const files = { filePath: v.filePath, audioFilePath: v.audioFilePath };
      for (const id of await videoStore.relocate(v.sourceId, files)) holding.add(id);
    }
    await republish([...holding], 'downloaded');
  });
}
