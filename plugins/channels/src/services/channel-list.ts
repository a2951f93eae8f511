import type { Channel, ChannelListQuery } from '@vidkeep/contracts';
import { requireChannel } from './channel-lookup.js';
import { toChannel } from './channel-rows.js';
import type { ChannelStore } from './channel-store.js';
import { pageCount } from './listing-query.js';

/** The subscribed channels as clients list them. */
export class ChannelList {
  constructor(
    private readonly store: Pick<
      ChannelStore,
      'list' | 'byChannelId' | 'countUsingDefaultSubfolder' | 'usingGlobalFileStructure'
    >,
  ) {}

  /** A page of enabled channels, searched, sorted and filtered by subfolder. */
  async list(q: ChannelListQuery) {
    const { rows, total, subFolders } = await this.store.list(q);
    return {
      channels: rows.map(toChannel),
      total,
      page: q.page,
      pageSize: q.pageSize,
      totalPages: pageCount(total, q.pageSize),
      subFolders,
    };
  }

  async one(channelId: string): Promise<Channel> {
    return toChannel(await requireChannel(this.store, channelId));
  }

  /** Enabled channels without their own subfolder. */
  async usingDefaultSubfolder() {
    return { count: await this.store.countUsingDefaultSubfolder() };
  }

  /** Enabled channels that inherit the global flat-folder default, with the first names. */
  async usingGlobalFileStructure() {
    const r = await this.store.usingGlobalFileStructure();
    return { count: r.count, channelNames: r.names };
  }
}
