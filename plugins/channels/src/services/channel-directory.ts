import type { ChannelDirectory, HiddenChannelSeed, UploaderChannel } from '@vidkeep/contracts';
import type { PluginLogger } from '@vidkeep/contracts';
import type { ChannelStore } from './channel-store.js';
import { channelUrl } from './platform.js';
import { newChannelRow } from './subscription-plan.js';

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/**
 * Channels other plugins need to exist: the uploader of a followed playlist's video becomes a
 * hidden channel (not enabled, so it is neither listed nor swept) seeded with the playlist's
 * settings. A channel that exists in any state is left exactly as it is (spec 1.1: folders are
 * never renamed or moved because a video joined a playlist).
 */
export class ChannelDirectoryService implements ChannelDirectory {
  constructor(
    private readonly store: ChannelStore,
    private readonly logger: PluginLogger,
  ) {}

  async ensureChannels(channels: UploaderChannel[], seed: HiddenChannelSeed): Promise<string[]> {
    const created: string[] = [];
    for (const c of channels) {
      if (!CHANNEL_ID.test(c.channelId) || (await this.store.byChannelId(c.channelId))) continue;
      const name = c.name?.trim() || c.channelId;
      await this.store.create({
        ...newChannelRow({
          channelId: c.channelId,
          title: name,
          description: '',
          uploader: c.name,
          handle: null,
          url: channelUrl(c.channelId),
          thumbnailUrl: null,
          hasVideos: true,
        }),
        subFolder: seed.subfolder,
        videoQuality: seed.videoQuality,
        audioFormat: seed.audioFormat,
        titleFilterRegex: seed.titleFilterRegex,
      });
      created.push(c.channelId);
    }
    if (created.length) this.logger.info({ channels: created }, 'Hidden channels created for playlist videos');
    return created;
  }
}
