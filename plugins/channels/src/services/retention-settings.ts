import type { ChannelRetention, ChannelRetentionSettings } from '@vidkeep/contracts';
import type { ChannelStore } from './channel-store.js';

/**
 * The auto-removal settings of subscribed channels for the retention plugin (spec 2.3): a
 * channel's `auto_removal_protected` and `auto_removal_keep_recent_count` apply only while it is
 * subscribed, so removed and hidden channels are left out. Duplicate rows of one channel id merge:
 * protected if any row is, the largest keep-recent count.
 */
export class ChannelRetentionService implements ChannelRetention {
  constructor(private readonly store: ChannelStore) {}

  async retentionSettings(): Promise<ChannelRetentionSettings[]> {
    const byId = new Map<string, ChannelRetentionSettings>();
    for (const row of await this.store.enabled()) {
      const seen = byId.get(row.channelId);
      const count = row.autoRemovalProtected ? null : row.autoRemovalKeepRecentCount;
      if (!seen) {
        byId.set(row.channelId, {
          channelId: row.channelId,
          protected: row.autoRemovalProtected,
          keepRecentCount: count,
        });
        continue;
      }
      seen.protected ||= row.autoRemovalProtected;
      if (count !== null) seen.keepRecentCount = Math.max(seen.keepRecentCount ?? 0, count);
    }
    for (const s of byId.values()) if (s.protected) s.keepRecentCount = null;
    return [...byId.values()].filter((s) => s.protected || (s.keepRecentCount ?? 0) > 0);
  }
}
