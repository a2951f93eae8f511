import type { EventBus } from '@vidkeep/contracts';
import type { PlaylistsWiring } from '../wiring.js';

/**
 * A channel's folder moved: the publisher learns where each file was, so media servers drop the
 * old paths when the playlists holding them publish again (the library copy, see
 * `PlaylistLibraryCopy`, points the entries at the new paths and asks for that).
 */
export function subscribeLibraryChanges(events: EventBus, { publisher }: Pick<PlaylistsWiring, 'publisher'>): void {
  events.subscribe('downloader.videos.moved', (e) => {
    // Where each file was: its folder's old place with the same path below it.
    const before = (path: string | null) => {
      const f = path ? e.folders.find((m) => path.startsWith(`${m.to}/`)) : undefined;
      return f && path ? [{ from: `${f.from}${path.slice(f.to.length)}`, to: path }] : [];
    };
    publisher.noteMoved(e.videos.flatMap((v) => [...before(v.filePath), ...before(v.audioFilePath)]));
  });
}
