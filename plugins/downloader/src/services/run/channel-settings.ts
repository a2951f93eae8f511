import type { ChannelDownloadSettings, ChannelSettingsProvider } from '@vidkeep/contracts';

/** A job's view of its channels' settings: each channel is asked once per job; a failure counts as none. */
export class ChannelSettingsCache {
  private readonly cache = new Map<string, Promise<ChannelDownloadSettings | null>>();

  constructor(private readonly provider: () => ChannelSettingsProvider | undefined) {}

  get(channelId: string | null | undefined): Promise<ChannelDownloadSettings | null> {
    if (!channelId) return Promise.resolve(null);
    let settings = this.cache.get(channelId);
    if (!settings) {
      const provider = this.provider();
      settings = provider ? provider.settingsFor(channelId).catch(() => null) : Promise.resolve(null);
      this.cache.set(channelId, settings);
    }
    return settings;
  }
}
