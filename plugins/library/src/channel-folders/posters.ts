import type { ChannelArtwork, PluginLogger } from '@vidkeep/contracts';
import { channelDirOf, ensureChannelPoster } from '@vidkeep/library-files';
import type { VideoStore } from '../catalogue/video-store.js';

/**
 * Reference 8.5's backfill: every channel folder of the library that has no `poster.jpg` gets the
 * channel's picture (new downloads write it as they finish; this covers folders made before
 * `writeChannelPosters` was switched on). One picture per channel, folders without a known channel
 * are left alone, a failure is logged and the others go on.
 */
export class ChannelPosters {
  private running: Promise<number> | null = null;

  constructor(
    private readonly deps: {
      videos: Pick<VideoStore, 'placed'>;
      outputDir: string;
      artwork: () => ChannelArtwork | undefined;
      logger: PluginLogger;
    },
  ) {}

  /** Writes the missing posters; resolves with how many it wrote (one backfill at a time). */
  backfill(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<number> {
    const artwork = this.deps.artwork();
    if (!artwork) return 0;
    const folders = new Map<string, string>();
    for (const v of await this.deps.videos.placed()) {
      const path = v.filePath ?? v.audioFilePath;
      const dir = path ? channelDirOf(this.deps.outputDir, path, v.subfolder) : null;
      if (dir && !folders.has(dir)) folders.set(dir, v.channelId);
    }
    let written = 0;
    for (const [dir, channelId] of folders) {
      try {
        if ((await ensureChannelPoster(dir, () => artwork.posterFile(channelId))) === 'written') written++;
      } catch (err) {
        this.deps.logger.warn({ channelId, dir, err: (err as Error).message }, 'Could not write the channel poster');
      }
    }
    if (written > 0) this.deps.logger.info({ written }, 'Wrote missing channel posters');
    return written;
  }
}
