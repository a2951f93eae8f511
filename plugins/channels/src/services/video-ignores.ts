import { ChannelErrorCodes as E, NotFoundError } from '@vidkeep/contracts';
import { requireChannel, type ChannelLookup } from './channel-lookup.js';
import type { ChannelVideoStore } from './video-store.js';

/** The answer to a bulk ignore: one result per distinct id, in the order given. */
export function bulkIgnoreAnswer(ids: readonly string[], found: ReadonlySet<string>) {
  return {
    success: found.size > 0,
    message: `Successfully ignored ${found.size} of ${ids.length} videos`,
    results: ids.map((id) =>
      found.has(id)
        ? { sourceId: id, success: true }
        : { sourceId: id, success: false, reason: 'not listed for this channel' },
    ),
  };
}

/** Ignored videos are never downloaded automatically or by download-all. */
export class VideoIgnores {
  constructor(
    private readonly deps: {
      store: ChannelLookup;
      videos: Pick<ChannelVideoStore, 'setIgnored'>;
    },
  ) {}

  /** Ignores one listed video, or stops ignoring it. */
  async setOne(channelId: string, sourceId: string, ignored: boolean) {
    const found = await this.set(channelId, [sourceId], ignored);
    if (!found.has(sourceId))
      throw new NotFoundError(E.videoNotFound, `Video ${sourceId} is not listed for this channel`);
    return { success: true, message: `Video ${sourceId} ${ignored ? 'ignored' : 'no longer ignored'}` };
  }

  /** Ignores the listed ones of several videos. */
  async ignoreMany(channelId: string, sourceIds: readonly string[]) {
    const ids = [...new Set(sourceIds)];
    return bulkIgnoreAnswer(ids, await this.set(channelId, ids, true));
  }

  private async set(channelId: string, sourceIds: string[], ignored: boolean): Promise<Set<string>> {
    const row = await requireChannel(this.deps.store, channelId);
    return this.deps.videos.setIgnored(row.channelId, sourceIds, ignored);
  }
}
